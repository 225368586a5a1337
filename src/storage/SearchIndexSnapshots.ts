/**
 * The storage port of the search index's snapshot: the in-memory index (`SearchIndex`) as it was when the service
 * last stopped, kept with the library, so that the next start reads it back instead of rebuilding it from every
 * asset (1.2 s of a 2 s start at 100,000 assets). A snapshot is taken back once: taking it back forgets it, so it
 * never stands for a library that changed after it (a crash, a write, a restored copy). An engine provides this
 * port only where no other instance can write the library while this one is stopped (SQLite's file, not
 * PostgreSQL's shared database); without it, the index is always rebuilt.
 */
import { Context, type Effect, type Option } from "effect"

export interface SearchIndexSnapshotsShape {
  /** At a graceful stop, once every commit was applied and no write can follow: these bytes are the snapshot. */
  readonly keep: (bytes: Uint8Array) => Effect.Effect<void>
  /** At start-up, before any write: the snapshot kept at the last stop, if nothing changed the library since. */
  readonly takeBack: Effect.Effect<Option.Option<Uint8Array>>
}

export class SearchIndexSnapshots extends Context.Tag("SearchIndexSnapshots")<
  SearchIndexSnapshots,
  SearchIndexSnapshotsShape
>() {}
