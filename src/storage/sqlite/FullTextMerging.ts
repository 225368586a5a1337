/**
 * Keeps SQLite's FTS5 indexes (the text indexes and the similarity keys) a few segments deep. Every write
 * transaction leaves a new segment in each, and FTS5 merges them only four of a level at a time (`automerge`), so a
 * library filled in bursts reads every term from about twenty segments, and a suggestion's band lookups took several
 * times longer there than merged. So when neither a write nor a request has come for a while, segments are merged two
 * of a level at a time (`usermerge` 2) in small steps, each its own short write, until none is left to merge: the
 * merging happens between bursts, never during one, and a request waits for one step at most. Searches right after a
 * burst of saves were slower with merging between them. Clients that ask more than once a second without a pause
 * leave the merging to FTS5's own (`automerge`), as before this upkeep.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Duration, Effect, Layer, Schedule } from "effect"
import { requestActivity } from "../RequestsReceived.ts"

/** The FTS5 tables of the schema. */
export const FULL_TEXT_TABLES = ["search_text", "search_titles", "search_words", "similarity"] as const

/** How long no write and no request must have come before merging. */
const IDLE = Duration.seconds(1)
/** Pages a merge step writes: steps of a few milliseconds. */
const STEP_PAGES = 16
/**
 * The pause between steps. A step holds the event loop (the driver is synchronous): merging a large library filled in
 * bursts takes thousands of steps; paused, it leaves most of the loop to requests meanwhile.
 */
const PAUSE = Duration.millis(10)

/** The rows every write of this connection changed since it opened. */
const totalChanges = Effect.flatMap(SqlClient, (sql) =>
  Effect.map(sql<{ n: number }>`SELECT total_changes() AS n`, (rows) => rows[0].n)).pipe(Effect.orDie)

/** One of FTS5's commands to a table, written as its special insert (whose settings must be integers, not reals). */
const command = (table: string, name: "merge" | "usermerge", value: number) =>
  Effect.flatMap(SqlClient, (sql) =>
    sql`INSERT INTO ${sql(table)} (${sql(table)}, rank) VALUES (${name}, CAST(${value} AS INTEGER))`).pipe(Effect.orDie)

/** A merge step on each table with segments left to merge; answers whether any merged. */
export const mergeStep = Effect.gen(function*() {
  let merged = false
  let before = yield* totalChanges
  for (const table of FULL_TEXT_TABLES) {
    yield* command(table, "merge", STEP_PAGES)
    const after = yield* totalChanges
    // FTS5's way of saying a merge did work: two or more changes; fewer, there was nothing to merge.
    if (after - before >= 2) merged = true
    before = after
  }
  return merged
})

/** Merges two segments of a level where FTS5 waits for four; a setting of each table, kept in the file. */
const mergeInPairs = Effect.forEach(FULL_TEXT_TABLES, (table) => command(table, "usermerge", 2), { discard: true })

/**
 * Looks every `IDLE` whether a write or a request came since the last look (SQLite counts the rows every write
 * changed; `RequestsReceived` the requests) or a request is being answered; once neither, merges step by step until
 * nothing is left to merge or one comes between two steps (then it waits for quiet again).
 */
export const FullTextMerging = Layer.effectDiscard(Effect.gen(function*() {
  yield* mergeInPairs
  const requests = yield* requestActivity
  /** Writes and requests so far: it moves with every one of either. */
  const activity = Effect.map(totalChanges, (changes) => changes + requests.count())
  let seen = -1
  let settled = false
  const look = Effect.gen(function*() {
    const now = yield* activity
    if (now !== seen || requests.answering()) {
      seen = now
      settled = false
      return
    }
    while (!settled) {
      settled = !(yield* mergeStep)
      seen = yield* activity
      yield* Effect.sleep(PAUSE)
      if ((yield* activity) !== seen || requests.answering()) return
    }
  })
  yield* Effect.forkScoped(Effect.schedule(look, Schedule.spaced(IDLE)))
}))
