/** The fixed mmap threshold `npm start` gives glibc's malloc (see mallocSettings.mjs). */
export declare const MMAP_THRESHOLD: number
/** `GLIBC_TUNABLES` with the fixed threshold added; undefined when it holds one already. */
export declare const tunablesWithThreshold: (tunables: string | undefined) => string | undefined
/** On Linux, with `process.execve`, starts this process again with the fixed threshold unless it is set already. */
export declare const restartWithMallocSettings: () => void
