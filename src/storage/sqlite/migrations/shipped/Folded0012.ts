/**
 * The lower-cased texts of a live asset as migration 0012 wrote them into `search_folded` (what
 * `SqliteTextSearch.index` writes for each asset it indexes): its name, tags and annotations on lines of their own,
 * and its code. Frozen: see README.md.
 */

/** Name, tags and annotations (each list already on lines of its own, as `search_titles` keeps them), lower-cased. */
export const foldedTitles = (name: string, tags: string, annotations: string) =>
  `${name}\n${tags}\n${annotations}`.toLowerCase()

/** The code, lower-cased. */
export const foldedCode = (code: string) => code.toLowerCase()
