/**
 * The whole library out to a backup file and back in (`domain/Backup.ts` has the format).
 *
 * Export streams from the store in pages, in storage order, so that exporting what an import of that file built
 * gives the same file again. Import takes the file in two passes: the first reads it as it arrives, checks every record
 * and spools it to a temporary file, so that a malformed or truncated file is refused having written nothing; the
 * second adds what the library lacks, in transactions of `IMPORT_BATCH` assets through the commit path (indexed and
 * announced like creates). An id the library already has keeps the library's version: importing a file twice changes
 * nothing the second time.
 */
import { Context, Effect, Layer, Option, type Result, Schema, Stream } from "effect"
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { BackupInvalid } from "../domain/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import type { AssetId } from "../domain/Common.ts"
import {
  ApplicationRecord,
  AssetRecord,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupHeader,
  type BackupRecord,
  EndRecord,
  MetadataRecord,
  ProposalRecord,
  RevisionRecord,
  type StoredProposal,
  type StoredRevision,
  type StoredApplication,
  type StoredEntity
} from "../domain/Backup.ts"
import { withTransferables } from "../domain/StoredAsset.ts"
import { changedFields, type SnippetState, stateOf } from "../domain/Revision.ts"
import { nextState, packInOrder } from "../domain/RevisionStates.ts"
import { decodeIssues } from "../domain/DecodeIssues.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { MetadataStore } from "../storage/MetadataStore.ts"
import { HistoryStore, type RevisionPosition, type RevisionRow } from "../storage/HistoryStore.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Commits } from "./Commits.ts"
import { actingAs } from "./CurrentActor.ts"
import { applicationOf } from "./KnownApplications.ts"
import { entryOf } from "./SnippetHistory.ts"

/** Rows an export reads at a time. */
const EXPORT_PAGE = 200
/** Assets one import transaction adds. */
const IMPORT_BATCH = 100

const isHeader = Schema.is(BackupHeader)
/** A record decoded by its kind (its one key), so that a problem is named in that kind's terms. */
const decoders: Record<string, (json: unknown) => Result.Result<BackupRecord, Schema.SchemaError>> = {
  application: Schema.decodeUnknownResult(ApplicationRecord),
  metadata: Schema.decodeUnknownResult(MetadataRecord),
  asset: Schema.decodeUnknownResult(AssetRecord),
  revision: Schema.decodeUnknownResult(RevisionRecord),
  proposal: Schema.decodeUnknownResult(ProposalRecord),
  end: Schema.decodeUnknownResult(EndRecord)
}
const decodeRecord = (json: unknown) => {
  const kind = typeof json === "object" && json !== null ? Object.keys(json)[0] : undefined
  const decode = kind === undefined ? undefined : decoders[kind]
  return decode === undefined ? undefined : decode(json)
}

/** A line as JSON, or undefined when it is not JSON (a line cut short, say). */
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The first problem of a record that does not decode, where it is: short enough to read. */
const firstIssue = (error: Schema.SchemaError) => {
  const [issue] = decodeIssues(error)
  return issue === undefined ? "not a backup record" : `${issue.path.join(".")}: ${issue.message}`
}

/** What an import added, and what it left as the library had it (ids it already held). */
type Counted = "applications" | "metadata" | "assets" | "revisions" | "proposals"
const COUNTED: ReadonlyArray<Counted> = ["applications", "metadata", "assets", "revisions", "proposals"]
const noneCounted = (): Record<Counted, number> => ({ applications: 0, metadata: 0, assets: 0, revisions: 0, proposals: 0 })

export interface ImportSummary {
  readonly imported: Record<Counted, number>
  readonly kept: Record<Counted, number>
}

/** What a record counts as, by its kind. */
const countedAs = (record: BackupRecord): Counted =>
  "application" in record
    ? "applications"
    : "metadata" in record
    ? "metadata"
    : "asset" in record
    ? "assets"
    : "revision" in record
    ? "revisions"
    : "proposals"

export class Backup extends Context.Service<Backup>()("Backup", {
  make: Effect.gen(function*() {
    const assetStore = yield* AssetStore
    const metadataStore = yield* MetadataStore
    const connectorStore = yield* ConnectorStore
    const commits = yield* Commits
    const history = yield* HistoryStore
    const repository = yield* AssetRepository

    /** Rows read in pages along their storage order, as a stream of pages. */
    const pagesOf = <Row extends { position: number }>(read: (after: number, size: number) => Effect.Effect<ReadonlyArray<Row>>) =>
      Stream.paginate(0, (after) =>
        Effect.map(read(after, EXPORT_PAGE), (rows) =>
          [
            rows.length > 0 ? [rows] : [],
            rows.length === EXPORT_PAGE ? Option.some(rows[rows.length - 1].position) : Option.none()
          ] as const))

    /** The backup file, line by line (each line ends with a newline). */
    const exportLines = Stream.suspend(() => {
      const counts = noneCounted()
      const line = (what: Counted, text: string) => {
        counts[what]++
        return `${text}\n`
      }
      const applications = Stream.map(
        Stream.fromEffect(connectorStore.applicationsById),
        (rows) => rows.map((row) => line("applications", JSON.stringify({ application: row }))).join("")
      )
      const metadata = Stream.map(
        pagesOf(metadataStore.exportPage),
        (rows) =>
          rows.map(({ kind, id, key, json }) =>
            line("metadata", JSON.stringify({ metadata: { kind, id, key, json } satisfies typeof StoredEntity.Encoded }))
          ).join("")
      )
      const assets = Stream.map(
        pagesOf(assetStore.exportPage),
        (rows) =>
          rows.map((row) =>
            line(
              "assets",
              `{"asset":${withTransferables(row.document, row.transferables)},"deleted":${JSON.stringify(row.deleted)}}`
            )
          ).join("")
      )
      // Each snippet's revisions come in order, so that each is read back from the one before it.
      let previous: { readonly asset: string; readonly state: SnippetState } | undefined
      const revisionLine = (row: RevisionRow) => {
        const state = nextState(previous?.asset === row.asset_id ? previous.state : undefined, row)
        if (state === undefined) throw new Error(`Revision ${row.number} of ${row.asset_id} cannot be read back`)
        previous = { asset: row.asset_id, state }
        const revision: typeof StoredRevision.Type = { asset: row.asset_id, ...entryOf(row), snippet: state }
        return line("revisions", JSON.stringify({ revision }))
      }
      const revisions = Stream.map(
        Stream.paginate(undefined as RevisionPosition | undefined, (after) =>
          Effect.map(history.exportPage(after, EXPORT_PAGE), (rows) =>
            [
              rows.length > 0 ? [rows] : [],
              rows.length === EXPORT_PAGE ? Option.some(rows[rows.length - 1]) : Option.none()
            ] as const)),
        (rows) => rows.map(revisionLine).join("")
      )
      const proposals = Stream.map(Stream.fromEffect(history.proposals), (rows) =>
        rows.map((row) => {
          const proposal: typeof StoredProposal.Type = {
            id: row.id,
            asset: row.asset_id,
            created: row.created,
            actor: JSON.parse(row.actor),
            changes: JSON.parse(row.changes)
          }
          return line("proposals", JSON.stringify({ proposal }))
        }).join(""))
      const header = Stream.succeed(`${JSON.stringify({ backup: BACKUP_FORMAT, version: BACKUP_VERSION })}\n`)
      const end = Stream.suspend(() => Stream.succeed(`${JSON.stringify({ end: counts })}\n`))
      return Stream.flatten(Stream.make(header, applications, metadata, assets, revisions, proposals, end))
    })

    /**
     * First pass: every line checked and spooled to `path`; fails naming the first problem. Answers the snippets
     * whose history the file holds.
     */
    const spool = <E>(body: Stream.Stream<Uint8Array, E>, path: string) =>
      Effect.gen(function*() {
        const withHistory = new Set<string>()
        let lastRevision: { readonly asset: string; readonly number: number } | undefined
        const out = createWriteStream(path)
        const write = (text: string) =>
          out.write(text) ? Effect.void : Effect.callback<void>((resume) => void out.once("drain", () => resume(Effect.void)))
        const counts = noneCounted()
        let lineNumber = 0
        let ended = false
        // The first problem found; the rest of the upload is still read (and dropped), so that the client, still
        // sending, gets the answer rather than a connection closed under it.
        let problem: BackupInvalid | undefined
        const invalid = (message: string) =>
          Effect.sync(() => void (problem ??= new BackupInvalid({ message, line: lineNumber })))
        yield* body.pipe(
          Stream.mapError(() => new BackupInvalid({ message: "The upload broke off", line: lineNumber })),
          Stream.decodeText(),
          Stream.splitLines,
          Stream.runForEach((text) =>
            Effect.gen(function*() {
              lineNumber++
              if (problem !== undefined || text.trim() === "") return
              if (ended) return yield* invalid("Records after the end record")
              const json = parsed(text)
              if (lineNumber === 1) {
                if (!isHeader(json)) {
                  return yield* invalid(`Not a backup of this service: the first line must be ${
                    JSON.stringify({ backup: BACKUP_FORMAT, version: BACKUP_VERSION })
                  }`)
                }
                return yield* write(`${text}\n`)
              }
              if (json === undefined) return yield* invalid(`Line ${lineNumber} is not JSON (is the file cut short?)`)
              const record = decodeRecord(json)
              if (record === undefined) {
                return yield* invalid(
                  `Line ${lineNumber} is no backup record: one of application, metadata, asset, revision, proposal, end`
                )
              }
              if (record._tag === "Failure") return yield* invalid(`Line ${lineNumber}: ${firstIssue(record.failure)}`)
              const value = record.success
              if ("end" in value) {
                for (const what of COUNTED) {
                  if ((value.end[what] ?? 0) !== counts[what]) {
                    return yield* invalid(`The end record counts ${value.end[what] ?? 0} ${what}; the file holds ${counts[what]}`)
                  }
                }
                ended = true
              } else {
                if ("revision" in value) {
                  const { asset, number } = value.revision
                  const next = lastRevision?.asset === asset ? lastRevision.number + 1 : 1
                  if (number !== next || (next === 1 && withHistory.has(asset))) {
                    return yield* invalid(
                      `Line ${lineNumber}: a snippet's revisions come together, numbered from 1 in order (${next} expected)`
                    )
                  }
                  withHistory.add(asset)
                  lastRevision = { asset, number }
                }
                counts[countedAs(value)]++
              }
              yield* write(`${text}\n`)
            })
          )
        )
        yield* Effect.callback<void>((resume) => void out.end(() => resume(Effect.void)))
        if (lineNumber === 0) yield* invalid("The file is empty")
        if (!ended) yield* invalid("The file ends before its end record: it is truncated")
        if (problem !== undefined) return yield* Effect.fail(problem)
        return withHistory as ReadonlySet<string>
      })

    /**
     * Second pass: the spooled records the library lacks, added. The snippets `withHistory` get theirs from the file;
     * the others their revision 1, by the backup importer.
     */
    const apply = Effect.fn("Backup.apply")(function*(path: string, withHistory: ReadonlySet<string>) {
      const summary: ImportSummary = { imported: noneCounted(), kept: noneCounted() }
      /** Snippets this import added: only their revisions and proposals are added. */
      const added = new Set<string>()
      let assets: Array<{ asset: Asset; deleted: string | null }> = []
      const flushAssets = Effect.suspend(() => {
        const batch = assets
        assets = []
        return batch.length === 0 ? Effect.void : Effect.map(importAssets(batch, withHistory), (ids) => {
          for (const id of ids) added.add(id)
          summary.imported.assets += ids.length
          summary.kept.assets += batch.length - ids.length
        })
      })
      let revisions: Array<typeof StoredRevision.Type> = []
      const flushRevisions = Effect.suspend(() => {
        const snippet = revisions
        revisions = []
        if (snippet.length === 0) return Effect.void
        if (!added.has(snippet[0].asset)) {
          summary.kept.revisions += snippet.length
          return Effect.void
        }
        summary.imported.revisions += snippet.length
        return importHistory(snippet)
      })
      const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity })
      yield* Stream.fromAsyncIterable(lines, (error) => error).pipe(
        Stream.drop(1),
        Stream.runForEach((text) =>
          Effect.gen(function*() {
            if (text.trim() === "") return
            // Checked in the first pass. Taken as parsed, not as decoded: the JSON keeps its own order, so that the
            // asset is stored (and exported again) exactly as it came.
            const record = JSON.parse(text) as BackupRecord
            if (!("revision" in record)) yield* flushRevisions
            if ("application" in record) {
              yield* flushAssets
              const added = yield* importApplication(record.application)
              summary[added ? "imported" : "kept"].applications++
            } else if ("metadata" in record) {
              yield* flushAssets
              const added = yield* importEntity(record.metadata)
              summary[added ? "imported" : "kept"].metadata++
            } else if ("asset" in record) {
              assets.push(record)
              if (assets.length === IMPORT_BATCH) yield* flushAssets
            } else if ("revision" in record) {
              yield* flushAssets
              if (revisions.length > 0 && revisions[0].asset !== record.revision.asset) yield* flushRevisions
              revisions.push(record.revision)
            } else if ("proposal" in record) {
              yield* flushAssets
              const kept = yield* importProposal(record.proposal)
              summary[kept ? "imported" : "kept"].proposals++
            }
          })
        ),
        Effect.orDie
      )
      yield* flushAssets
      yield* flushRevisions
      return summary
    }, actingAs({ kind: "importer", source: "backup" }))

    /**
     * A snippet's revisions, as the file holds them, stored again (each read back from the one before it). Should
     * the newest not be the snippet as the file holds it (a file edited by hand), a revision by the backup importer
     * makes it so, so that every later revision follows from the one before it.
     */
    const importHistory = (snippet: ReadonlyArray<typeof StoredRevision.Type>) =>
      commits.commit(() =>
        Effect.gen(function*() {
          const pack = packInOrder()
          const asset = snippet[0].asset
          const rows = snippet.map((revision): RevisionRow => ({
            asset_id: asset,
            number: revision.number,
            created: revision.created,
            actor: JSON.stringify(revision.actor),
            event: revision.event,
            changed: revision.changed.join(","),
            restored: revision.restored ?? null,
            ...pack(revision.number, revision.snippet)
          }))
          const { asset: stored } = yield* Effect.orDie(repository.getStored(asset as AssetId))
          const newest = snippet[snippet.length - 1]
          const now = stateOf(stored)
          const changed = changedFields(newest.snippet, now)
          if (changed.length > 0) {
            rows.push({
              asset_id: asset,
              number: newest.number + 1,
              created: new Date().toISOString(),
              actor: JSON.stringify({ kind: "importer", source: "backup" }),
              event: "edited",
              changed: changed.join(","),
              restored: null,
              ...pack(newest.number + 1, now)
            })
          }
          yield* history.append(rows)
        })
      )

    /** A proposal of a snippet this import added, or of one the library holds, unless the library has it already. */
    const importProposal = (proposal: typeof StoredProposal.Type) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          if (Option.isSome(yield* history.proposal(proposal.id))) return false
          const held = yield* Effect.option(repository.getStored(proposal.asset as AssetId))
          if (Option.isNone(held)) return false
          yield* history.propose({
            id: proposal.id,
            asset_id: proposal.asset,
            created: proposal.created,
            actor: JSON.stringify(proposal.actor),
            changes: JSON.stringify(proposal.changes)
          })
          tx.proposalChanged(proposal.id, proposal.asset)
          return true
        })
      )

    /** An application the library lacks (by id, and by identity: the library's application wins). */
    const importApplication = (application: typeof StoredApplication.Type) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const added = yield* connectorStore.insertIfAbsent(application)
          if (added) tx.applicationChanged(yield* applicationOf(application))
          return added
        })
      )

    /** An entity the registry lacks (by id, and by key for tags and websites: the library's entity wins). */
    const importEntity = (entity: typeof StoredEntity.Type) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const added = yield* metadataStore.insertIfAbsent(entity)
          if (added) tx.entityChanged(entity.kind, entity.id)
          return added
        })
      )

    /**
     * Assets the library lacks (neither their ids nor their formats' ids are known), in one transaction; answers
     * the ids of those added. Counted from the write's answer, not inside it: a write may run twice (its group
     * rolled back, it runs again alone). Those `withHistory` get no revision here: theirs follow in the file.
     */
    const importAssets = (
      batch: ReadonlyArray<{ asset: Asset; deleted: string | null }>,
      withHistory: ReadonlySet<string>
    ) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const known = yield* assetStore.known(
            batch.map(({ asset }) => asset.id),
            batch.flatMap(({ asset }) => asset.formats.iterable.map((format) => format.id))
          )
          const imported: Array<string> = []
          for (const { asset, deleted } of batch) {
            if (known.assets.has(asset.id) || asset.formats.iterable.some((format) => known.formats.has(format.id))) {
              continue
            }
            if (withHistory.has(asset.id)) tx.historySupplied(asset.id)
            if (deleted === null) yield* tx.create(asset)
            else yield* tx.createTrashed(asset, deleted)
            imported.push(asset.id)
          }
          return imported
        })
      )

    /** Imports a backup file as it arrives; refuses a malformed or truncated one having written nothing. */
    const importFrom = <E>(body: Stream.Stream<Uint8Array, E>) =>
      Effect.acquireUseRelease(
        Effect.sync(() => mkdtempSync(join(tmpdir(), "asset-import-"))),
        (dir) =>
          Effect.flatMap(spool(body, join(dir, "backup.ndjson")), (withHistory) =>
            apply(join(dir, "backup.ndjson"), withHistory)),
        (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
      )

    return { exportLines, importFrom } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(Backup, Backup.make)
  static readonly layer = Backup.layerNoDeps.pipe(Layer.provide([Commits.layer, AssetRepository.layer]))
}
