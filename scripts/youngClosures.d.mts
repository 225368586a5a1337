import type { Plugin } from "esbuild"
/** Where function literals are assigned straight to a property or element, as [start, end) offsets (see youngClosures.mjs). */
export declare const propertyClosures: (text: string, fileName: string) => Array<[number, number]>
/** `text` with each of its property closures wrapped as `(0, <function>)`. */
export declare const withYoungClosures: (text: string, fileName: string) => string
/** The esbuild plugin that rewrites every script the bundle reads. */
export declare const youngClosures: () => Plugin
