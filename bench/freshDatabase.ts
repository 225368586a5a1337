/**
 * A fresh PostgreSQL database for one benchmark run, on a server the benchmark may create databases on (its
 * `DATABASE_URL`): created empty, measured, dropped at the end.
 */
import pg from "pg"

/** The PostgreSQL server a benchmark measures the service on: `DATABASE_URL`, if set and not empty. */
export const databaseServer = process.env.DATABASE_URL || undefined

const adminQuery = async <R extends pg.QueryResultRow>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text)).rows
  } finally {
    await client.end()
  }
}

export interface FreshDatabase {
  /** The new database's connection string. */
  readonly url: string
  /** Its size on disk. */
  readonly bytes: () => Promise<number>
  readonly drop: () => Promise<void>
}

/** A new database named `prefix` and the time, on the server at `server`. */
export const freshDatabase = async (server: string, prefix: string): Promise<FreshDatabase> => {
  const name = `${prefix}_${Date.now()}`
  await adminQuery(server, `CREATE DATABASE ${name}`)
  const url = server.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
  return {
    url,
    bytes: async () => {
      const [size] = await adminQuery<{ bytes: string }>(url, "SELECT pg_database_size(current_database()) AS bytes")
      return Number(size.bytes)
    },
    drop: async () => void await adminQuery(server, `DROP DATABASE ${name} WITH (FORCE)`)
  }
}
