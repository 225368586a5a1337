/**
 * The benchmark corpus: `size` snippets of real code (functions cut from installed packages by
 * test/corpus/RealCode.ts), each named after its function and tagged with its language, its package and one of a
 * few topics. Beyond the distinct functions available (about 22,000), the corpus repeats them as variants whose
 * function name carries a number, as a large library holds near-copies.
 */
import { realCodeFunctions } from "../test/corpus/RealCode.ts"

export interface CorpusEntry {
  readonly name: string
  readonly ext: string
  readonly code: string
  readonly tags: ReadonlyArray<string>
}

const TOPICS = ["parsing", "io", "types", "errors", "streams", "testing", "compiler", "storage"]

const packageOf = (origin: string) => origin.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? "unknown"

export const searchCorpus = (size: number): Array<CorpusEntry> => {
  const functions = realCodeFunctions()
  return Array.from({ length: size }, (_, i) => {
    const fn = functions[i % functions.length]
    const variant = Math.floor(i / functions.length)
    const name = variant === 0 ? fn.name : `${fn.name}${variant + 1}`
    return {
      name,
      ext: fn.ext,
      code: variant === 0 ? fn.code : fn.code.replaceAll(fn.name, name),
      tags: [fn.ext, packageOf(fn.origin), TOPICS[i % TOPICS.length]]
    }
  })
}
