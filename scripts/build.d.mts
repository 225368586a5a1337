/** Bundles the service into `dist/` (see build.mjs). */
export declare const buildService: () => Promise<void>
