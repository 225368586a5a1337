/**
 * `ChangeFeed` on PostgreSQL: an outbox. A commit is a row of `change_log` written last in its own transaction,
 * under the write lock (numbers follow commit order), and `pg_notify` in the same transaction tells every instance
 * listening that there is more to read. A follower reads the rows after the last it saw: when another instance's
 * commit is announced, and every second in any case, so a notification lost (its connection dropped, say) delays a
 * change but never loses it. The listening connection is its own, reconnected when it drops; once reconnected the
 * follower reads again at once. This instance's own commits are not read back from the rows: it keeps them until
 * its follower passed them, and one numbered right after the last the follower passed is delivered without a read
 * (numbers follow commit order, so none can come before it). Alone on a database, an instance reads its feed only
 * every second, where it read it after each of its transactions.
 */
import { PgClient, PgConnection } from "@effect/sql-pg"
import { Duration, Effect, Layer, Queue, Schedule, Stream } from "effect"
import { SqlClient } from "effect/sql/SqlClient"
import { randomUUID } from "node:crypto"
import type { Commit, FeedEntry, FeedEvent } from "../../domain/Commit.ts"
import { commitJson, commitOfJson } from "../../domain/CommitJson.ts"
import { messagesOf } from "../../StartupError.ts"
import { ChangeFeed } from "../ChangeFeed.ts"
import { WRITE_LOCK } from "./PgWriterLock.ts"

export const CHANGES_CHANNEL = "asset_library_changes"
/** Rows read at a time. */
const PAGE = 500
/** How often a follower reads even when nothing told it to. */
const POLL = Duration.seconds(1)
/** The pause before listening again once the connection dropped, and the longest it doubles to. */
const RELISTEN_FIRST_MILLIS = 100
const RELISTEN_MAX_MILLIS = 2000
/** How many days the outbox keeps a commit: far longer than any live follower lags. */
export const KEPT_DAYS = 7

/** The number of the feed's last commit (0 for none). */
export const lastCommitNumber = (sql: SqlClient) =>
  Effect.map(
    sql<{ seq: string }>`SELECT coalesce(max(seq), 0)::text AS seq FROM change_log`,
    (rows) => Number(rows[0].seq)
  )

/**
 * LISTEN on a connection of its own beside the pool (named `… changes` among the server's sessions, and holding
 * none of the pool's connections) for as long as the scope lives, again whenever it drops or cannot be made (after a
 * pause that doubles up to `RELISTEN_MAX_MILLIS`); `heard` is called on every notification of another origin than `origin`,
 * and after every (re)connection.
 */
const listen = (client: PgClient.PgClient, origin: string, heard: () => void) =>
  Effect.gen(function*() {
    let delay = RELISTEN_FIRST_MILLIS
    const applicationName = [client.config.applicationName, "changes"].filter((part) => part !== undefined).join(" ")
    const config = { ...client.config, applicationName }
    const session = Effect.scoped(Effect.gen(function*() {
      const connection = yield* PgConnection.make(config)
      const notifications = yield* connection.listen(CHANGES_CHANNEL)
      delay = RELISTEN_FIRST_MILLIS
      heard()
      while (true) {
        const notification = yield* Queue.take(notifications)
        if (notification.payload !== origin) heard()
      }
    }))
    const again = Effect.suspend(() => {
      const wait = delay
      delay = Math.min(2 * delay, RELISTEN_MAX_MILLIS)
      return Effect.sleep(wait)
    })
    yield* Effect.forkScoped(Effect.forever(Effect.andThen(Effect.ignore(session), again)))
  })

export const layer = Layer.effect(
    ChangeFeed,
    Effect.gen(function*() {
      const sql = yield* SqlClient
      const client = yield* PgClient.PgClient
      /** This process, as the origin of the commits it writes. */
      const origin = randomUUID()
      /** This instance's commits that its follower has not read yet, by number. */
      const own = new Map<number, Commit>()
      /** The last number the follower read. */
      let read = 0
      /** The followers' wake-up calls. */
      const wakers = new Set<() => void>()
      const wakeAll = () => wakers.forEach((wake) => wake())

      type Row = { seq: string; payload: string | null }
      const rowsAfter = (after: number) =>
        sql<Row>`
          SELECT seq::text AS seq, CASE WHEN origin = ${origin} THEN NULL ELSE payload END AS payload
          FROM change_log WHERE seq > ${after} ORDER BY change_log.seq LIMIT ${PAGE}` // the column, not its text

      /** This instance's commits numbered right after `last`, in order, taken from memory. */
      const ownAfter = (last: number) => {
        const entries: Array<FeedEntry> = []
        for (let seq = last + 1, commit = own.get(seq); commit !== undefined; commit = own.get(++seq)) {
          own.delete(seq)
          entries.push({ seq, commit })
        }
        return entries
      }

      /** The entries of these rows: this instance's commits from memory, the others' from their JSON. */
      const entriesOf = (rows: ReadonlyArray<Row>) =>
        Effect.forEach(rows, (row) =>
          Effect.gen(function*() {
            const seq = Number(row.seq)
            const kept = own.get(seq)
            own.delete(seq)
            if (row.payload !== null) return { seq, commit: commitOfJson(row.payload) }
            if (kept !== undefined) return { seq, commit: kept }
            // Ours, but committed by an earlier attempt this process no longer holds (or not handed over yet).
            const [stored] = yield* sql<{ payload: string }>`SELECT payload FROM change_log WHERE seq = ${seq}`
            return { seq, commit: commitOfJson(stored.payload) }
          }))

      return ChangeFeed.of({
        // The write lock is taken here, last in the transaction, and held until it commits: numbers are taken in the
        // order transactions commit, and the lock is held for little more than this and the commit. The numbers are
        // drawn for rows joined with `locked` (a CTE calling a volatile function is run on its own, never folded into
        // the statement that reads it), so none is drawn before the lock is held. The commits travel as one text, a
        // line of JSON each (JSON text holds no line break): one parameter however many commits a transaction holds.
        append: (commits) =>
          Effect.gen(function*() {
            const rows = yield* sql<{ seq: string }>`
              WITH locked AS (SELECT pg_advisory_xact_lock(${WRITE_LOCK})),
              appended AS (
                INSERT INTO change_log (origin, payload)
                SELECT ${origin}, payload
                FROM locked, unnest(string_to_array(${commits.map(commitJson).join("\n")}, chr(10)))
                  WITH ORDINALITY AS c (payload, n)
                ORDER BY n
                RETURNING seq)
              SELECT seq::text AS seq, pg_notify(${CHANGES_CHANNEL}, ${origin}) FROM appended`
            // No other transaction appends while this one holds the lock: its numbers are its commits, in order.
            return rows.map((row) => Number(row.seq)).sort((a, b) => a - b)
          }).pipe(Effect.orDie),
        committed: (entries) =>
          Effect.sync(() => {
            // One the follower read already (it raced ahead of this call) is not kept.
            for (const entry of entries) if (entry.seq > read) own.set(entry.seq, entry.commit)
            if (entries.length > 0) wakeAll()
          }),
        head: lastCommitNumber(sql).pipe(Effect.orDie),
        follow: (after) =>
          Effect.gen(function*() {
            const wake = yield* Queue.sliding<void>(1)
            const signal = () => void Queue.offerUnsafe(wake, undefined)
            yield* Effect.acquireRelease(
              Effect.sync(() => wakers.add(signal)),
              () => Effect.sync(() => wakers.delete(signal))
            )
            /** Whether the rows are to be read: another instance may have committed (at first, nothing is read). */
            let unread = true
            const readRows = () => {
              unread = true
              signal()
            }
            yield* listen(client, origin, readRows)
            // Every second in any case: a notification lost delays a commit by a second at most. A timer of its own,
            // where a timeout on each wait raced two fibers for every transaction of this instance.
            yield* Effect.forkScoped(Effect.schedule(Effect.sync(readRows), Schedule.spaced(POLL)))
            let last = after
            // The first read is at once.
            let full = true
            let outage: string | undefined
            /**
             * The next entries: at once after a full page, else once woken; this instance's own from memory when they
             * come next and the rows are not to be read.
             */
            const next = Effect.gen(function*() {
              if (!full) yield* Queue.take(wake)
              if (!unread) {
                const kept = ownAfter(last)
                if (kept.length > 0) {
                  last = read = kept[kept.length - 1].seq
                  return kept as ReadonlyArray<FeedEvent>
                }
              }
              unread = false
              const page = yield* Effect.result(Effect.flatMap(rowsAfter(last), entriesOf))
              if (page._tag === "Failure") {
                const reason = messagesOf(page.failure)
                const first = outage === undefined
                outage = reason
                full = false
                // Word of it once; then try again after a pause, until the database answers.
                if (first) return [{ outage: reason }] as ReadonlyArray<FeedEvent>
                yield* Effect.sleep(POLL)
                return []
              }
              outage = undefined
              full = page.success.length === PAGE
              const entries: ReadonlyArray<FeedEntry> = page.success
              if (entries.length > 0) last = read = entries[entries.length - 1].seq
              return entries
            })
            return Stream.fromIterableEffectRepeat(next)
          }),
        compact: sql`DELETE FROM change_log WHERE committed < now() - ${`${KEPT_DAYS} days`}::interval`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
      })
    })
  )
