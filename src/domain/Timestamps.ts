/**
 * `GroupedTimestamp` values: ISO-8601 `value` plus a short human `readable`.
 */
import type { GroupedTimestamp } from "./Common.ts"

export const timestamp = (date: Date): GroupedTimestamp => ({
  value: date.toISOString(),
  readable: `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`
})
