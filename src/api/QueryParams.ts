/**
 * Query-string parameters shared by the asset operations. Booleans are the strings `true` and `false` (HttpApi
 * decodes query strings through each schema's string form).
 */
import { Schema } from "effect"

const Flag = Schema.optional(Schema.Boolean)

export const TransferablesParam = { transferables: Flag }
export const PseudoParam = { pseudo: Flag }
export const TransferablesPseudoParams = { transferables: Flag, pseudo: Flag }
export const SnapshotParams = { transferables: Flag, suggested: Flag, pseudo: Flag }
export const SearchParams = {
  query: Schema.optional(Schema.String),
  searchable_tags: Schema.optional(Schema.String),
  transferables: Flag,
  pseudo: Flag
}

/** The format operations spell it in the singular. */
export const TransferableParam = { transferable: Flag }
export const PseudoQueryParams = { query: Schema.String, pseudo: Flag }
