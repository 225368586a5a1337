/**
 * Where the SQL script rule of `LanguageLines` was chosen: windows of 10–40 lines of SQL scripts of dialects the model
 * does not train on (`ROOT/tune2`: Roundcube's schemas for MySQL, PostgreSQL, SQLite, SQL Server and Oracle, Icinga's
 * and PowerDNS's; the model's SQL is PostgreSQL's extension scripts; none in `bench/heldout`), against windows that
 * embed SQL in a host language (TypeScript of `@effect/sql` and its drivers, and their JavaScript) and the tuning
 * windows of every other language (`TuningSources`). SQL written in lower case is measured twice: the same windows
 * lowered, and MariaDB's tests (its `mysql-test/main`, SQL between the test tool's own lines). For each share of SQL
 * lines it prints how many SQL windows the model alone (`modelDetection`) and the rule with it answer SQL, and how
 * many windows of the others the model answered right that the rule would take for SQL. `npx tsx scripts/tuneSqlScripts.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { MIN_CONFIDENCE, modelDetection } from "../src/domain/LanguageDetection.ts"
import { SQL_SHARE, sqlScriptShare } from "../src/domain/LanguageLines.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(31)

const windowsOf = (files: ReadonlyArray<string>, count: number) => windowsAmong(files, count, random)
const under = (dir: string, name: RegExp) => filesUnder(dir, { name, minBytes: 200, maxBytes: 300_000 })

/** What the model answers, the rules before it left out. */
const modelAnswer = (window: string) => {
  const { ext, confidence } = modelDetection(window)
  return confidence < MIN_CONFIDENCE ? "txt" : ext
}

const mariadbTests = `${root}/tune2/usr/share/mysql/mysql-test`
const sql = windowsOf(
  filesUnder(`${root}/tune2/usr/share`, { name: /\.sql$/, minBytes: 200, maxBytes: 300_000, except: [mariadbTests] }),
  600
)
const embedding: Record<string, Array<string>> = {
  ts: ["sql", "sql-pg", "sql-sqlite-node"].flatMap((pkg) => under(`node_modules/@effect/${pkg}/src`, /\.ts$/)),
  js: ["sql", "sql-sqlite-node", "cluster"]
    .flatMap((pkg) => under(`node_modules/@effect/${pkg}/dist/esm`, /^Sql.*\.js$|Client\.js$/))
}
// The windows of theirs that hold SQL at the start of a line.
const holdsSql = (window: string) => /^\s*(?:CREATE|SELECT|INSERT|UPDATE|DELETE)\b/m.test(window)
const embedded = Object.entries(embedding).map(([language, files]) =>
  [language, `${language} embedding SQL`, windowsOf(files, 3000).filter(holdsSql)] as const
)
const others = Object.entries(tuningSources(root)).filter(([language]) => language !== "sql").map((
  [language, sources]
) => [language, language, windowsOf(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), 600)] as const)

// SQL written in lower case: the same scripts lowered, and MariaDB's tests (SQL between the test tool's `--` lines).
const lowered = sql.map((window) => window.toLowerCase())
const tests = windowsOf(under(`${mariadbTests}/main`, /\.test$/), 600)

for (const share of [0.3, 0.4, 0.5, 0.6, 0.7]) {
  const rule = (window: string) => sqlScriptShare(window) >= share
  const answered = (windows: ReadonlyArray<string>) =>
    `model ${windows.filter((window) => modelAnswer(window) === "sql").length}, with the rule ` +
    `${windows.filter((window) => rule(window) || modelAnswer(window) === "sql").length} of ${windows.length}`
  const taken = [...embedded, ...others].map(([language, label, windows]) =>
    `${label} ${windows.filter((window) => modelAnswer(window) === language && rule(window)).length}`
  )
  const chosen = share === SQL_SHARE ? " (chosen)" : ""
  console.log(`share ${share}${chosen}: SQL windows answered SQL, ${answered(sql)}; in lower case ${answered(lowered)}; ` +
    `MariaDB's tests ${answered(tests)}; right answers the rule would take for SQL: ${taken.join(", ")}`)
}
