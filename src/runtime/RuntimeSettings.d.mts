/** The runtime settings the service starts with (see RuntimeSettings.mjs and docs/tuning.md). */
/** The V8 flags the service starts with, by setting name. */
export declare const LAUNCH_FLAGS: Readonly<Record<"semi-space" | "heap-growth" | "no-maglev", string>>
/** Whether the setting named `name` is turned off for this process (`RUNTIME_SETTINGS_OFF`). */
export declare const settingOff: (name: string) => boolean
/** The launch flags this process lacks: those not turned off, and not given on its command line already. */
export declare const missingLaunchFlags: (execArgv?: ReadonlyArray<string>) => Array<string>
/** Starts this process again, once, with the launch flags it lacks. */
export declare const restartWithLaunchSettings: () => void
