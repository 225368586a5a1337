/**
 * How the history's migration (SQLite `0014_history`, PostgreSQL `0004_history`) wrote revision 1 of every snippet a
 * library held before it had a history: its state as stored then, by "before history", stored whole. Frozen, like
 * the code in `sqlite/migrations/shipped` (see its README): it reads stored assets and writes revisions as they were
 * when it shipped, whatever the service's own readers and writers do later.
 */
import type { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { deflateRawSync, inflateRawSync } from "node:zlib"

/** Assets read and given their revision 1 at a time. */
const PAGE = 500

interface Stored {
  readonly position: number
  readonly id: string
  readonly updated: string
  readonly document: Uint8Array
  readonly transferables: string | null
}

interface AssetJson {
  readonly name?: string
  readonly pseudo?: boolean
  readonly original: { readonly id: string; readonly reference?: { readonly classification: { readonly specific: string } } }
  readonly formats: {
    readonly iterable: ReadonlyArray<{
      readonly id: string
      readonly classification: { readonly specific: string }
      readonly fragment?: { readonly string?: { readonly raw?: string } }
    }>
  }
  readonly tags?: { readonly iterable: ReadonlyArray<{ readonly text: string }> }
  readonly websites?: { readonly iterable: ReadonlyArray<{ readonly url: string; readonly name?: string }> }
  readonly annotations?: { readonly iterable: ReadonlyArray<{ readonly type: string; readonly text: string }> }
}

/** The asset's JSON from its deflated document and its content spliced back where it was cut out. */
const assetJson = (document: Uint8Array, transferables: string | null): AssetJson => {
  const json = inflateRawSync(document).toString("utf8")
  if (transferables === null) return JSON.parse(json)
  const { values, at } = JSON.parse(transferables) as {
    values: ReadonlyArray<unknown>
    at: ReadonlyArray<readonly [number, string, number, boolean, boolean]>
  }
  let assembled = ""
  let copied = 0
  for (const [offset, key, piece, commaBefore, commaAfter] of at) {
    assembled += json.slice(copied, offset) + (commaBefore ? "," : "") + `"${key}":${JSON.stringify(values[piece])}` +
      (commaAfter ? "," : "")
    copied = offset
  }
  return JSON.parse(assembled + json.slice(copied))
}

const stateOf = (asset: AssetJson) => {
  const original = asset.formats.iterable.find((format) => format.id === asset.original.id)
  const text = original?.fragment?.string?.raw !== undefined
    ? original
    : asset.formats.iterable.find((format) => format.fragment?.string?.raw !== undefined)
  return {
    name: asset.name ?? "",
    code: text?.fragment?.string?.raw ?? "",
    language: text?.classification.specific ?? asset.original.reference?.classification.specific ?? "",
    tags: (asset.tags?.iterable ?? []).map((tag) => tag.text),
    websites: (asset.websites?.iterable ?? []).map((website) => ({ url: website.url, name: website.name ?? "" })),
    annotations: (asset.annotations?.iterable ?? []).map((annotation) => ({ type: annotation.type, text: annotation.text }))
  }
}

/**
 * Revision 1 of every stored asset that is not a pseudo asset, live or in the trash, read a page at a time along
 * `position` (SQLite's `rowid`, PostgreSQL's `position`).
 */
export const writeFirstRevisions = (sql: SqlClient, position: "rowid" | "position") =>
  Effect.gen(function*() {
    for (let after = 0;;) {
      const page = yield* sql<Stored>`
        SELECT ${sql.literal(position)} AS position, id, updated, document, transferables FROM assets
        WHERE ${sql.literal(position)} > ${after} AND pseudo = 0 ORDER BY ${sql.literal(position)} LIMIT ${PAGE}`
      for (const stored of page) {
        const asset = assetJson(stored.document, stored.transferables)
        yield* sql`
          INSERT INTO revisions (asset_id, number, created, actor, event, changed, restored, keyframe, state)
          VALUES (${stored.id}, 1, ${stored.updated}, ${JSON.stringify({ kind: "before history" })}, 'created',
                  'name,code,language,tags,websites,annotations', NULL, 1,
                  ${new Uint8Array(deflateRawSync(JSON.stringify(stateOf(asset))))})`
      }
      if (page.length < PAGE) break
      after = Number(page[page.length - 1].position)
    }
  })
