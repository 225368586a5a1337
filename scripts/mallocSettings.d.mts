/** The fixed mmap threshold `npm start` gives glibc's malloc (see mallocSettings.mjs). */
export declare const MMAP_THRESHOLD: number
/** `GLIBC_TUNABLES` with the fixed threshold added; undefined when it holds one already. */
export declare const tunablesWithThreshold: (tunables: string | undefined) => string | undefined
/** Starts this process again with the fixed threshold, where glibc and `process.execve` are and it is not set yet. */
export declare const restartWithMallocSettings: () => void
