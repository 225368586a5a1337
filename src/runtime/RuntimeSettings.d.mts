/** The runtime settings the service starts with (see RuntimeSettings.mjs and docs/tuning.md). */
export declare const SEMI_SPACE_MB: number
export declare const SEMI_SPACE_FLAG: string
/** Whether the setting named `name` is turned off for this process (`RUNTIME_SETTINGS_OFF`). */
export declare const settingOff: (name: string) => boolean
/** Starts this process again, once, with the young generation's size. */
export declare const restartWithLaunchSettings: () => void
