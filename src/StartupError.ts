/**
 * Why the service could not start, said in one line a user can act on, with the exit code scripts can test.
 * Anything else that stops start-up is unexpected and exits with 1 after logging its cause.
 */
import { Data } from "effect"

export const ExitCode = {
  unexpected: 1,
  configuration: 2,
  database: 3,
  listen: 4
} as const

export class StartupError extends Data.TaggedError("StartupError")<{
  readonly message: string
  readonly exitCode: number
}> {}

/** Every message in an error and its chain of causes, for classifying errors that drivers word differently. */
export const messagesOf = (error: unknown): string => {
  const parts: Array<string> = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (typeof current !== "object") {
      parts.push(String(current))
      break
    }
    const { message, code, errstr } = current as { message?: unknown; code?: unknown; errstr?: unknown }
    for (const part of [code, message, errstr]) if (typeof part === "string") parts.push(part)
    current = (current as { cause?: unknown }).cause
  }
  return parts.join(" / ")
}
