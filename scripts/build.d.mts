/** Bundles the service into `dist/` (see build.mjs). */
export declare const buildService: () => Promise<void>
/** Bundles the service into `dist/` unless it was built from the sources as they are. */
export declare const buildServiceIfChanged: () => Promise<void>
