/**
 * How a revision's snippet is stored, compactly: every `KEYFRAME_EVERY`th revision (and the first) whole, the others
 * as what changed since the revision before: the fields that changed, and for the code only the lines between the
 * lines it kept at its start and at its end (a one-line edit stores one line). Each is deflated JSON. A snippet is
 * read back from the keyframe at or before it, applying the changes after it in order.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib"
import type { SnippetState } from "./Revision.ts"

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

/** Whether revision `number`, whose chain began at `keyframe`, is stored whole. */
export const isKeyframe = (number: number, previousKeyframe: number | undefined) =>
  previousKeyframe === undefined || number - previousKeyframe >= KEYFRAME_EVERY

/** A snippet stored whole. */
export const packWhole = (state: SnippetState): Uint8Array => pack(state)

/** A snippet stored as what changed since `before`. */
export const packChange = (before: SnippetState, after: SnippetState): Uint8Array => {
  const change: Record<string, unknown> = {}
  for (const field of ["name", "language", "tags", "websites", "annotations"] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) change[field] = after[field]
  }
  if (before.code !== after.code) change.code = codeChange(before.code, after.code)
  return pack(change)
}

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

/** Stored revisions of one snippet, packed in order, each after the one before (as `RevisionsOfCommit` packs them). */
export const packInOrder = () => {
  let previous: { readonly number: number; readonly keyframe: number; readonly state: SnippetState } | undefined
  return (number: number, state: SnippetState): { readonly keyframe: number; readonly state: Uint8Array } => {
    const whole = previous === undefined || isKeyframe(number, previous.keyframe)
    const keyframe = whole ? number : previous!.keyframe
    const packed = whole ? packWhole(state) : packChange(previous!.state, state)
    previous = { number, keyframe, state }
    return { keyframe, state: packed }
  }
}
