/**
 * ISO-8601 durations (`PT1M30S`, `P1DT2H`, `PT0.5S`) as seconds: how long a user viewed an asset.
 */
const DURATION = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** The duration in seconds, or `undefined` when the text is not an ISO-8601 duration. */
export const durationSeconds = (text: string): number | undefined => {
  const match = DURATION.exec(text)
  if (match === null || text === "P" || text.endsWith("T")) return undefined
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0))
  return (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds
}
