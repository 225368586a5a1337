/**
 * `HistoryStore` in SQL, the same on both engines but for whether a row read to change is locked (PostgreSQL's
 * `FOR UPDATE`; SQLite has one writer) and the team member revisions name.
 */
import type { SqlClient } from "effect/sql/SqlClient"
import { Effect, Option } from "effect"
import { HistoryStore, type ProposalRow, type RevisionListed, type RevisionRow } from "./HistoryStore.ts"

const LISTED = "asset_id, number, created, actor, event, changed, restored"

/** Drivers answer a blob as a `Uint8Array` (node:sqlite) or a `Buffer` (`bytea`): both become a plain `Uint8Array`. */
const withState = (row: RevisionRow): RevisionRow => ({ ...row, state: new Uint8Array(row.state) })

export const makeSqlHistoryStore = (
  sql: SqlClient,
  lockForWrite: boolean,
  member: string | undefined
) => {
  /** Each asset's newest revision along its key, backwards: one short read each (a write changes one or a few). */
  const newest = (ids: ReadonlyArray<string>) =>
    Effect.map(
      Effect.forEach(ids, (id) =>
        sql<{ number: number; keyframe: number }>`
          SELECT number, keyframe FROM revisions WHERE asset_id = ${id} ORDER BY number DESC LIMIT 1`.pipe(
          Effect.map((rows) => [id, rows[0]] as const)
        )),
      (found) => new Map(found.flatMap(([id, row]) => row === undefined ? [] : [[id, row] as const]))
    ).pipe(Effect.orDie)

  const append = (rows: ReadonlyArray<RevisionRow>) => {
    const [first, ...rest] = rows.map((row) => ({ ...row }))
    return first === undefined
      ? Effect.void
      : sql`INSERT INTO revisions ${sql.insert([first, ...rest])}`.pipe(Effect.asVoid, Effect.orDie)
  }

  const page = (asset: string, below: number | undefined, limit: number) =>
    sql<RevisionListed>`
      SELECT ${sql.literal(LISTED)} FROM revisions WHERE asset_id = ${asset} ${
      below === undefined ? sql.literal("") : sql`AND number < ${below}`
    } ORDER BY number DESC LIMIT ${limit}`.pipe(Effect.orDie)

  const entry = (asset: string, number: number) =>
    Effect.map(
      sql<RevisionListed>`SELECT ${sql.literal(LISTED)} FROM revisions WHERE asset_id = ${asset} AND number = ${number}`,
      (rows) => Option.fromNullishOr(rows[0])
    ).pipe(Effect.orDie)

  const chain = (asset: string, number: number) =>
    Effect.map(
      sql<RevisionRow>`
        SELECT * FROM revisions WHERE asset_id = ${asset} AND number <= ${number} AND number >= (
          SELECT keyframe FROM revisions WHERE asset_id = ${asset} AND number = ${number})
        ORDER BY number`,
      (rows) => rows.map(withState)
    ).pipe(Effect.orDie)

  const purge = (which: { readonly before: string } | { readonly id: string }) =>
    Effect.gen(function*() {
      const purged = "id" in which
        ? sql`SELECT id FROM assets WHERE deleted IS NOT NULL AND id = ${which.id}`
        : sql`SELECT id FROM assets WHERE deleted IS NOT NULL AND deleted < ${which.before}`
      yield* sql`DELETE FROM revisions WHERE asset_id IN (${purged})`
      yield* sql`DELETE FROM proposals WHERE asset_id IN (${purged})`
    }).pipe(Effect.orDie)

  const exportPage = (position: { readonly asset_id: string; readonly number: number } | undefined, size: number) =>
    Effect.map(
      sql<RevisionRow>`
        SELECT * FROM revisions ${
        position === undefined
          ? sql.literal("")
          : sql`WHERE asset_id > ${position.asset_id} OR (asset_id = ${position.asset_id} AND number > ${position.number})`
      } ORDER BY asset_id, number LIMIT ${size}`,
      (rows) => rows.map(withState)
    ).pipe(Effect.orDie)

  const propose = (row: ProposalRow) =>
    sql`INSERT INTO proposals ${sql.insert({ ...row })}`.pipe(Effect.asVoid, Effect.orDie)

  const proposals = sql<ProposalRow>`SELECT * FROM proposals ORDER BY created, id`.pipe(Effect.orDie)

  const proposalRead = (id: string, locked: boolean) =>
    Effect.map(
      sql<ProposalRow>`SELECT * FROM proposals WHERE id = ${id} ${sql.literal(locked ? "FOR UPDATE" : "")}`,
      (rows) => Option.fromNullishOr(rows[0])
    ).pipe(Effect.orDie)

  const dropProposal = (id: string) => sql`DELETE FROM proposals WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

  return HistoryStore.of({
    member,
    newest,
    append,
    page,
    entry,
    chain,
    purge,
    exportPage,
    propose,
    proposals,
    proposal: (id) => proposalRead(id, false),
    proposalForWrite: (id) => proposalRead(id, lockForWrite),
    dropProposal
  })
}
