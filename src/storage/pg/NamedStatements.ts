/**
 * Statements PostgreSQL parses once per connection. node-postgres sends a statement without a name unless given one,
 * and PostgreSQL then parses and analyses its text anew on every execution; a new asset's one statement is long
 * (a `WITH` part per table). This client names each distinct statement text that has parameters, so that a
 * connection parses it once and then only binds and executes it. Texts without parameters (`BEGIN`, `COMMIT`, the
 * migrations' scripts of several statements) are sent as they are: node-postgres sends a named one in the extended
 * protocol, which takes one statement per text.
 */
import pg from "pg"

/**
 * Distinct texts named, at most: every statement the service writes is one of a few dozen texts, but one built with a
 * placeholder per value would make a new text per length; past this many, the rest go unnamed rather than grow every
 * connection's prepared statements without bound.
 */
export const NAMED_TEXTS = 500

/** A statement text's name, or undefined once `limit` texts are named; a name always stands for one text. */
export const statementNames = (limit: number) => {
  const names = new Map<string, string>()
  return (text: string): string | undefined => {
    const known = names.get(text)
    if (known !== undefined || names.size >= limit) return known
    const name = `s${names.size}`
    names.set(text, name)
    return name
  }
}

/** The names of every connection's statements. */
const statementName = statementNames(NAMED_TEXTS)

interface QueryConfig {
  readonly text: string
  readonly values?: ReadonlyArray<unknown>
  readonly name?: string
  readonly submit?: unknown
}

/**
 * A query as node-postgres takes it (`query(config, values)`), named when its text has parameters and a name is
 * left.
 */
export const named = (
  config: unknown,
  values: unknown,
  nameOf: (text: string) => string | undefined = statementName
): unknown => {
  if (typeof config === "string") {
    const name = Array.isArray(values) && values.length > 0 ? nameOf(config) : undefined
    return name === undefined ? config : { name, text: config, values }
  }
  const query = config as QueryConfig | null
  // A cursor (`submit`) or an already named query is passed through.
  if (query === null || typeof query !== "object" || query.submit !== undefined || query.name !== undefined) {
    return config
  }
  const name = typeof query.text === "string" && (query.values?.length ?? 0) > 0 ? nameOf(query.text) : undefined
  return name === undefined ? config : { ...query, name }
}

/** A node-postgres client naming its statements (`named`): a pool's `Client`. */
export class NamingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    const query = this.query.bind(this) as (...args: Array<unknown>) => unknown
    this.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      const namedConfig = named(config, values)
      if (namedConfig === config) return query(config, values, callback)
      // Named, the values travel in the config; a callback given second moves up.
      return typeof values === "function" ? query(namedConfig, values) : query(namedConfig, callback)
    }) as typeof this.query
  }
}
