/**
 * The storage port of the search index's snapshot: the in-memory index (`SearchIndex`) as it was when last kept (at a
 * stop, or in a quiet moment), kept with the library, so that the next start reads it back instead of rebuilding it
 * from every asset (most of a large library's start). While a snapshot stands, every write transaction records
 * the search rows its commits changed (`changed`), so that it stays true to the library after a crash, a write or a
 * restored copy of the database: a start reads it back and indexes those rows again from the database. A stop keeps a
 * new one and forgets the rows; so does a quiet moment after many writes, so that a service running for weeks and then
 * killed does not read too many rows again. On PostgreSQL, where other instances write the library while this one is
 * stopped, the snapshot holds the feed's commits up to a number, and the rows written since are the ones the feed's
 * later commits name.
 */
import { Context, type Effect, type Option } from "effect"
import type { Commit } from "../domain/Commit.ts"

/** The search rows these commits changed: each asset's row now, and the one it was indexed under. */
export const changedRowsOf = (commits: ReadonlyArray<Commit>): Array<number> => {
  const rows = new Set<number>()
  for (const commit of commits) {
    for (const change of commit.assets) {
      rows.add(change.row)
      if (change.before !== undefined) rows.add(change.before.row)
    }
  }
  return [...rows]
}

/** A snapshot read back: its bytes, and the search rows written after it was kept, ascending. */
export interface KeptSnapshot {
  readonly bytes: Uint8Array
  readonly changedRows: ReadonlyArray<number>
}

export interface SearchIndexSnapshotsShape {
  /**
   * Keeps the bytes `snapshot` answers (in pieces, one after the other) as the snapshot, with no write committing
   * from its evaluation until the snapshot stands, so that no row changed after it; none (the index is behind the
   * library) keeps nothing. Answers whether one was kept (a failure is logged; no snapshot untrue to the library is
   * ever read back).
   */
  readonly keep: (snapshot: Effect.Effect<Option.Option<ReadonlyArray<Uint8Array>>>) => Effect.Effect<boolean>
  /** At start-up, before any write: the snapshot kept at the last stop and the rows changed since, if one stands. */
  readonly takeBack: Effect.Effect<Option.Option<KeptSnapshot>>
  /** Last inside a write transaction: records the search rows its commits changed, while a snapshot stands. */
  readonly changed: (commits: ReadonlyArray<Commit>) => Effect.Effect<void>
  /** A snapshot taken back that could not be used: it stands no more, and no row is recorded until the next stop. */
  readonly forget: Effect.Effect<void>
}

export class SearchIndexSnapshots extends Context.Service<
  SearchIndexSnapshots,
  SearchIndexSnapshotsShape
>()("SearchIndexSnapshots") {}
