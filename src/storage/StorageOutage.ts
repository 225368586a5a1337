/**
 * Whether a failure is the database being unreachable (a connection refused, dropped or terminated, a server
 * shutting down) rather than a bug: requests then answer 503 and the streams close with 1011, and the service
 * reconnects by itself.
 */
import { SqlError } from "effect/sql/SqlError"
import { messagesOf } from "../StartupError.ts"

const CONNECTION_LOST =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|Connection terminated|connection error|terminating connection|the database system is (shutting down|starting up|in recovery mode)|timeout exceeded when trying to connect|Failed to acquire connection|57P0[1-3]|0800[0-6]|Client was closed|Cannot use a pool after calling end/i

export const isStorageOutage = (error: unknown): boolean =>
  error instanceof SqlError && CONNECTION_LOST.test(messagesOf(error))
