/** What a search answers: its best hits, each an asset's search row, and how many matched. */

export interface SearchHit {
  /** The asset's search row. */
  readonly row: number
  readonly exact: boolean
  /** Higher is better, in [0, 1]. */
  readonly score: number
  readonly match: "TITLE" | "CONTENT" | "TAGS" | "ANNOTATION" | "MULTIPLE"
}

export interface SearchResult {
  /** The best hits, at most `RESULT_LIMIT`. */
  readonly hits: ReadonlyArray<SearchHit>
  readonly exact: number
  readonly suggested: number
  /** More match than the counts say: the search counted only what it ranked (`counted: "ranked"`). */
  readonly more?: boolean
}

/** Results returned per search; the counts cover every hit. */
export const RESULT_LIMIT = 100

export const NO_RESULT: SearchResult = { hits: [], exact: 0, suggested: 0 }
