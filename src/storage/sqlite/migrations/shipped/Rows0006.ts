/**
 * How migration 0006 stored one asset (`src/sql/AssetRows.ts` and what it called, in 0.2.0): its tags, websites and
 * annotations adopted into the registry (an entity known by id or key is the registry's; an unknown one is
 * registered), the asset as its deflated document and its content once, its format ids, its search row, its links
 * and its full text. Frozen: see README.md. Its code fingerprint is not written: migration 0008, which every upgrade
 * through 0006 runs next, computes every fingerprint again.
 */
import type { SqlClient } from "effect/sql/SqlClient"
import { Array as Arr, Effect } from "effect"
import { deflateRawSync } from "node:zlib"
import type { Annotation, Asset, FlattenedAsset, FlattenedFormat, Tag, Website } from "../../../../domain/Asset.ts"
import type { FormatId } from "../../../../domain/Common.ts"
import { inList } from "../../InList.ts"

type Kind = "tag" | "website" | "annotation"
type Entity = Tag | Website | Annotation
const KINDS: ReadonlyArray<Kind> = ["tag", "website", "annotation"]
const FIELD = { tag: "tags", website: "websites", annotation: "annotations" } as const

const keyOf = (kind: Kind, entity: Entity): string | null =>
  kind === "tag"
    ? (entity as Tag).text.trim().toLowerCase()
    : kind === "website"
    ? (entity as Website).url.trim()
    : null

type Scalars = Omit<Asset, "formats" | "preview" | "original" | "tags" | "websites" | "annotations">
interface Parts {
  readonly scalars: Scalars
  readonly formats: ReadonlyArray<FlattenedFormat>
  readonly preview: { readonly base: FormatId; readonly overlay?: FormatId | undefined }
  readonly original: FormatId
  readonly tags: ReadonlyArray<Tag>
  readonly websites: ReadonlyArray<Website>
  readonly annotations: ReadonlyArray<Annotation>
}

const partsOf = (asset: Asset): Parts => {
  const { formats, preview, original, tags, websites, annotations, ...scalars } = asset
  return {
    scalars,
    formats: formats.iterable.map(({ asset: owner, ...format }) => ({ ...format, asset: owner.id })),
    preview: { base: preview.base.id, ...(preview.overlay === undefined ? {} : { overlay: preview.overlay.id }) },
    original: original.id,
    tags: tags?.iterable ?? [],
    websites: websites?.iterable ?? [],
    annotations: annotations?.iterable ?? []
  }
}

const refs = (items: ReadonlyArray<{ readonly id: string }>) => ({ iterable: items.map(({ id }) => ({ id })) })

const assemble = (parts: Parts): Asset => {
  const { scalars, formats } = parts
  const flattened: FlattenedAsset = {
    id: scalars.id,
    ...(scalars.name === undefined ? {} : { name: scalars.name }),
    creator: scalars.creator,
    created: scalars.created,
    updated: scalars.updated,
    ...(scalars.deleted === undefined ? {} : { deleted: scalars.deleted }),
    mechanism: scalars.mechanism,
    formats: refs(formats),
    preview: {
      base: parts.preview.base,
      ...(parts.preview.overlay === undefined ? {} : { overlay: parts.preview.overlay })
    },
    original: parts.original
  }
  const reference = (id: FormatId) => {
    const format = formats.find((f) => f.id === id)
    return format === undefined ? { id } : { id, reference: format }
  }
  return {
    ...scalars,
    formats: { iterable: formats.map((format) => ({ ...format, asset: flattened })) },
    preview: {
      base: reference(parts.preview.base),
      ...(parts.preview.overlay === undefined ? {} : { overlay: reference(parts.preview.overlay) })
    },
    original: reference(parts.original),
    tags: { iterable: [...parts.tags] },
    websites: { iterable: [...parts.websites] },
    annotations: { iterable: [...parts.annotations] }
  }
}

const MARK = "\u0000content:"
const MARKED = /,"(fragment|file)":"\\u0000content:(\d+)"|"(fragment|file)":"\\u0000content:(\d+)"(,?)/g
type Cut = [offset: number, key: "fragment" | "file", piece: number, commaBefore: boolean, commaAfter: boolean]

const storedParts = (asset: Asset) => {
  const values: Array<unknown> = []
  const indexOf = new Map<string, number>()
  const json = JSON.stringify(asset, function(this: unknown, key: string, value: unknown) {
    if ((key !== "fragment" && key !== "file") || value === undefined) return value
    if (typeof (this as { id?: unknown }).id !== "string") return value
    const text = JSON.stringify(value)
    let piece = indexOf.get(text)
    if (piece === undefined) {
      piece = values.push(value) - 1
      indexOf.set(text, piece)
    }
    return MARK + piece
  })
  const at: Array<Cut> = []
  let document = ""
  let copied = 0
  for (const match of json.matchAll(MARKED)) {
    const [whole, keyAfterComma, pieceAfterComma, firstKey, firstPiece, comma] = match
    document += json.slice(copied, match.index)
    at.push(
      keyAfterComma === undefined
        ? [document.length, firstKey as Cut[1], Number(firstPiece), false, comma === ","]
        : [document.length, keyAfterComma as Cut[1], Number(pieceAfterComma), true, false]
    )
    copied = match.index + whole.length
  }
  document += json.slice(copied)
  return {
    document: deflateRawSync(document),
    transferables: values.length === 0 ? null : JSON.stringify({ values, at })
  }
}

const TOKEN = /[\p{L}\p{N}_$]+/gu
const BOUNDARY = /[_$\-]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u

const identifierWords = (text: string): string => {
  const words: Array<string> = []
  for (const [token] of text.matchAll(TOKEN)) {
    const parts = token.split(BOUNDARY).filter((part) => part.length > 0).map((part) => part.toLowerCase())
    const whole = token.toLowerCase().replace(/[$]/g, "")
    if (parts.length !== 1 || parts[0] !== whole) words.push(whole)
    words.push(...parts)
  }
  return words.join(" ")
}

type EntityRow = { row: number; id: string; key: string | null; json: string }

/** The asset with its entities adopted into the registry; answers it and the rows of the entities it carries. */
const adopt = (sql: SqlClient, asset: Asset) =>
  Effect.gen(function*() {
    let parts = partsOf(asset)
    const carried: Array<number> = []
    for (const kind of KINDS) {
      const entities = parts[FIELD[kind]] as ReadonlyArray<Entity>
      if (entities.length === 0) continue
      const keys = entities.flatMap((entity) => keyOf(kind, entity) ?? [])
      const rows = [
        ...yield* sql<EntityRow>`
          SELECT row, id, key, json FROM metadata WHERE ${inList(sql, "id", entities.map((e) => e.id))} AND +kind = ${kind}`,
        ...yield* sql<EntityRow>`
          SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND ${inList(sql, "key", keys)}`
      ]
      const byId = new Map(rows.map((row) => [row.id, row]))
      const byKey = new Map(rows.flatMap((row) => row.key === null ? [] : [[row.key, row] as const]))
      const adopted = new Map<string, { row: number; entity: Entity }>()
      for (const entity of entities) {
        const key = keyOf(kind, entity)
        const known = byId.get(entity.id) ?? (key === null ? undefined : byKey.get(key))
        if (known !== undefined) {
          adopted.set(known.id, { row: known.row, entity: JSON.parse(known.json) as Entity })
          continue
        }
        const [{ row }] = yield* sql<{ row: number }>`
          INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${kind}, ${key}, ${JSON.stringify(entity)})
          RETURNING row`
        const made = { row, id: entity.id, key, json: JSON.stringify(entity) }
        byId.set(entity.id, made)
        if (key !== null) byKey.set(key, made)
        adopted.set(entity.id, { row, entity })
      }
      parts = { ...parts, [FIELD[kind]]: [...adopted.values()].map(({ entity }) => entity) }
      carried.push(...[...adopted.values()].map(({ row }) => row))
    }
    return { asset: assemble(parts), carried }
  })

/**
 * A live asset stored with everything that finds it; answers its full-text writes, which the migration runs last in
 * each page (FTS5 makes a segment per statement journal otherwise).
 */
export const insertLiveAsset = (sql: SqlClient, given: Asset) =>
  Effect.gen(function*() {
    const { asset, carried } = yield* adopt(sql, given)
    const parts = storedParts(asset)
    yield* sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${asset.pseudo === true ? 1 : 0},
              ${asset.created.value}, ${asset.updated.value}, NULL, ${parts.document}, ${parts.transferables})`
    yield* insertFormats(sql, asset)
    const name = asset.name ?? ""
    const content = asset.formats.iterable
      .map((format) => format.fragment?.string?.raw ?? "")
      .filter((text) => text.length > 0)
      .join("\n")
    const tags = (asset.tags?.iterable ?? []).map((tag) => tag.text).join("\n")
    const annotations = (asset.annotations?.iterable ?? []).map((annotation) => annotation.text).join("\n")
    const classification = asset.original.reference?.classification.specific ?? null
    const [{ row }] = yield* sql<{ row: number }>`
      INSERT INTO search_rows (asset_id, pseudo, created, updated, classification)
      VALUES (${asset.id}, ${asset.pseudo === true ? 1 : 0}, ${asset.created.value}, ${asset.updated.value},
              ${classification})
      RETURNING rowid AS row`
    const links = [...new Set(carried)].map((metadata) => ({ metadata_row: metadata, asset_row: row }))
    if (Arr.isArrayNonEmpty(links)) yield* sql`INSERT INTO asset_metadata ${sql.insert(links)}`
    return Effect.gen(function*() {
      yield* sql`
        INSERT INTO search_text (rowid, name, content, tags, annotations)
        VALUES (${row}, ${name}, ${content}, ${tags}, ${annotations})`
      yield* sql`
        INSERT INTO search_titles (rowid, name, tags, annotations) VALUES (${row}, ${name}, ${tags}, ${annotations})`
      yield* sql`
        INSERT INTO search_words (rowid, name, code, tags, annotations)
        VALUES (${row}, ${identifierWords(name)}, ${identifierWords(content)}, ${identifierWords(tags)},
                ${identifierWords(annotations)})`
    })
  })

/** A deleted asset keeps its JSON (without content) and its format ids, for a clear 410. */
export const insertDeletedAsset = (sql: SqlClient, asset: Asset, deleted: string) =>
  Effect.gen(function*() {
    yield* sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${asset.pseudo === true ? 1 : 0},
              ${asset.created.value}, ${asset.updated.value}, ${deleted}, ${storedParts(asset).document}, NULL)`
    yield* insertFormats(sql, asset)
  })

const insertFormats = (sql: SqlClient, asset: Asset) => {
  const formats = asset.formats.iterable.map((format) => ({ format_id: format.id, asset_id: asset.id }))
  return Arr.isArrayNonEmpty(formats) ? Effect.asVoid(sql`INSERT INTO asset_formats ${sql.insert(formats)}`) : Effect.void
}
