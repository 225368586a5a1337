/**
 * The content a client sends for a format (a seed's, or an edit's): a fragment of text or bytes, or a file. The
 * same rules everywhere: it has content, a fragment's text is not blank, and its size is its bytes (UTF-8 for text).
 */
import { Result } from "effect"
import type { TransferableBytes, TransferableString } from "./Seed.ts"
import { textOf } from "./SeedCode.ts"

export interface SentContent {
  readonly string?: TransferableString | undefined
  readonly bytes?: TransferableBytes | undefined
}

export interface CheckedContent {
  /** The text it holds, decoded; none for bytes. */
  readonly text: string | undefined
  readonly byteLength: number
}

/** Why content was refused, and where in the request. */
export interface ContentProblem {
  readonly path: ReadonlyArray<string>
  readonly message: string
}

const byteCountOf = (value: TransferableBytes | undefined): number | undefined =>
  (value?.raw ?? value?.base64 ?? value?.base64_url ?? value?.data_url)?.length

/** A fragment: text that is not blank, or bytes. `path` leads to the fragment in the request. */
export const fragmentContent = (
  fragment: SentContent,
  path: ReadonlyArray<string>
): Result.Result<CheckedContent, ContentProblem> => {
  const text = textOf(fragment.string)
  const bytes = byteCountOf(fragment.bytes)
  if (text === undefined && bytes === undefined) {
    return Result.fail({ path: [...path, "string", "raw"], message: "The fragment has no content" })
  }
  if (text !== undefined && text.trim().length === 0) {
    return Result.fail({ path: [...path, "string", "raw"], message: "The fragment is blank" })
  }
  return Result.succeed({ text, byteLength: text === undefined ? (bytes ?? 0) : Buffer.byteLength(text, "utf8") })
}

/** A file: bytes or text, possibly empty. `path` leads to the file in the request. */
export const fileContent = (
  file: SentContent,
  path: ReadonlyArray<string>
): Result.Result<CheckedContent, ContentProblem> => {
  const text = textOf(file.string)
  const bytes = byteCountOf(file.bytes)
  if (text === undefined && bytes === undefined) return Result.fail({ path, message: "The file has no content" })
  return Result.succeed({ text, byteLength: bytes ?? Buffer.byteLength(text ?? "", "utf8") })
}
