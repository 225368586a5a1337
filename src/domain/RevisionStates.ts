/**
 * How a revision's snippet is stored, compactly: every `KEYFRAME_EVERY`th revision (and the first) whole, the others
 * as what changed since the revision before: the fields that changed, and for the code only the lines between the
 * lines it kept at its start and at its end (a one-line edit stores one line). Each is deflated JSON. A snippet is
 * read back from the keyframe at or before it, applying the changes after it in order.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib"
import { changedFields, type SnippetState } from "./Revision.ts"

/** At most this many revisions are applied to read one back. */
export const KEYFRAME_EVERY = 32

/** The code's lines changed between two revisions: `kept` lines at the start and `keptEnd` at the end stay. */
interface CodeChange {
  readonly kept: number
  readonly keptEnd: number
  readonly lines: ReadonlyArray<string>
}

type StoredChange = Partial<Omit<SnippetState, "code">> & { readonly code?: CodeChange }

const codeChange = (before: string, after: string): CodeChange => {
  const old = before.split("\n")
  const next = after.split("\n")
  let kept = 0
  while (kept < old.length && kept < next.length && old[kept] === next[kept]) kept++
  let keptEnd = 0
  while (
    keptEnd < old.length - kept && keptEnd < next.length - kept &&
    old[old.length - 1 - keptEnd] === next[next.length - 1 - keptEnd]
  ) keptEnd++
  return { kept, keptEnd, lines: next.slice(kept, next.length - keptEnd) }
}

const applyCode = (before: string, change: CodeChange): string => {
  const old = before.split("\n")
  return [...old.slice(0, change.kept), ...change.lines, ...old.slice(old.length - change.keptEnd)].join("\n")
}

const pack = (value: unknown): Uint8Array => deflateRawSync(JSON.stringify(value))
const unpack = (bytes: Uint8Array): unknown => JSON.parse(inflateRawSync(bytes).toString("utf8"))

/** What changed since `before`: the fields that differ, and for the code only its changed lines. */
const changeSince = (before: SnippetState, after: SnippetState): StoredChange =>
  Object.fromEntries(changedFields(before, after).map((field) =>
    [field, field === "code" ? codeChange(before.code, after.code) : after[field]]
  ))

/**
 * Revision `number` of a snippet stored, after the revision before it (`previous`: its keyframe and snippet; none for
 * a first revision): whole when it begins a chain, else as what changed since.
 */
export const packAfter = (
  previous: { readonly keyframe: number; readonly state: SnippetState } | undefined,
  number: number,
  state: SnippetState
): { readonly keyframe: number; readonly state: Uint8Array } =>
  previous === undefined || number - previous.keyframe >= KEYFRAME_EVERY
    ? { keyframe: number, state: pack(state) }
    : { keyframe: previous.keyframe, state: pack(changeSince(previous.state, state)) }

/** A stored revision: its number, the keyframe its chain began at, its stored snippet. */
export interface StoredState {
  readonly number: number
  readonly keyframe: number
  readonly state: Uint8Array
}

/**
 * The snippet a stored revision holds, given the snippet of the revision before it (unused when it is stored whole);
 * undefined when it is stored as a change and there is none before it.
 */
export const nextState = (previous: SnippetState | undefined, stored: StoredState): SnippetState | undefined => {
  if (stored.keyframe === stored.number) return unpack(stored.state) as SnippetState
  if (previous === undefined) return undefined
  const change = unpack(stored.state) as StoredChange
  return { ...previous, ...change, code: change.code === undefined ? previous.code : applyCode(previous.code, change.code) }
}

/**
 * The snippet of the last of `chain`: revisions from a keyframe to it, in order (as `HistoryStore.chain` reads
 * them). Answers undefined when the chain does not begin with a keyframe.
 */
export const stateFromChain = (chain: ReadonlyArray<StoredState>): SnippetState | undefined => {
  if (chain.length === 0 || chain[0].keyframe !== chain[0].number) return undefined
  return chain.reduce<SnippetState | undefined>(nextState, undefined)
}

/** Stored revisions of one snippet, packed in order, each after the one before. */
export const packInOrder = () => {
  let previous: { readonly keyframe: number; readonly state: SnippetState } | undefined
  return (number: number, state: SnippetState): { readonly keyframe: number; readonly state: Uint8Array } => {
    const packed = packAfter(previous, number, state)
    previous = { keyframe: packed.keyframe, state }
    return packed
  }
}
