/**
 * Where the SQL script rule of `LanguageLines` was chosen: windows of 10–40 lines of SQL scripts of dialects the model
 * does not train on (`ROOT/tune2`: Roundcube's schemas for MySQL, PostgreSQL, SQLite, SQL Server and Oracle, Icinga's
 * and PowerDNS's; the model's SQL is PostgreSQL's extension scripts; none in `bench/heldout`), against windows that
 * embed SQL in a host language (TypeScript of `@effect/sql` and its drivers, and their JavaScript) and the tuning
 * windows of every other language (`TuningSources`), and Python and PHP embedding SQL. SQL written in lower case is
 * measured twice: the same windows lowered, and MariaDB's tests (its `mysql-test/main`, SQL between the test tool's
 * own lines); procedural bodies on PostgreSQL extensions written in SQL and PL/pgSQL (pg_partman, pgTAP, periods,
 * orafce, PgQ), as written and lowered; LedgerSMB's SQL (views, rows of values), as written and lowered. For each
 * share of SQL lines it prints how many SQL windows the model alone (`RuleWeighing.modelAnswer`) and the rule with it
 * answer SQL, and how many windows of the others the model answered right that the rule would take for SQL.
 * `npx tsx scripts/tuneSqlScripts.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { SQL_SHARE, sqlScriptShare } from "../src/domain/LanguageLines.ts"
import { modelAnswer } from "./RuleWeighing.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"
import { otherLanguagesWindows } from "./TuningSources.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(31)

const windowsOf = (files: ReadonlyArray<string>, count: number) => windowsAmong(files, count, random)
const under = (dir: string, name: RegExp) => filesUnder(dir, { name, minBytes: 200, maxBytes: 300_000 })


const mariadbTests = `${root}/tune2/usr/share/mysql/mysql-test`
const postgresExtensions = `${root}/tune2/usr/share/postgresql`
const ledgersmbScripts = `${root}/tune2/usr/share/ledgersmb`
const sql = windowsOf(
  filesUnder(`${root}/tune2/usr/share`, {
    name: /\.sql$/,
    minBytes: 200,
    maxBytes: 300_000,
    except: [mariadbTests, postgresExtensions, ledgersmbScripts]
  }),
  600
)
const embedding: Record<string, Array<string>> = {
  ts: ["sql", "sql-pg", "sql-sqlite-node"].flatMap((pkg) => under(`node_modules/@effect/${pkg}/src`, /\.ts$/)),
  js: ["sql", "sql-sqlite-node", "cluster"]
    .flatMap((pkg) => under(`node_modules/@effect/${pkg}/dist/esm`, /^Sql.*\.js$|Client\.js$/))
}
// The windows of theirs that hold SQL at the start of a line (of a string, for Python and PHP).
const holdsSql = (window: string) => /^\s*(?:CREATE|SELECT|INSERT|UPDATE|DELETE)\b/m.test(window)
const holdsSqlInAnyCase = (window: string) => /^\s*["']*(?:create|select|insert|update|delete)\b/im.test(window)
const embedded = Object.entries(embedding).map(([language, files]) =>
  [language, `${language} embedding SQL`, windowsOf(files, 3000).filter(holdsSql)] as const
)
const others = otherLanguagesWindows(root, "sql", 600, random).map(([language, windows]) =>
  [language, language, windows] as const
)

// SQL written in lower case: the same scripts lowered, and MariaDB's tests (SQL between the test tool's `--` lines).
const lowered = sql.map((window) => window.toLowerCase())
const tests = windowsOf(under(`${mariadbTests}/main`, /\.test$/), 600)
// PostgreSQL extensions written in SQL and PL/pgSQL (pg_partman, pgTAP, periods, orafce, PgQ): procedural bodies.
const functions = windowsOf(under(postgresExtensions, /\.sql$/), 600)
const functionsLowered = functions.map((window) => window.toLowerCase())
// Python and PHP embedding SQL (SQLite's Python module and its tests, Roundcube's PHP), drawn last so that the sets
// above stay as they were: the rule reads past SQL's strings and comments, so these check it still sees a host.
const embeddedToo = Object.entries({
  py: ["/usr/lib/python3.11/sqlite3/dump.py", ...under("/usr/lib/python3.11/test", /sqlite/)],
  php: under(`${root}/tune2/usr/share/roundcube/program`, /\.php$/)
}).map(([language, files]) =>
  [language, `${language} embedding SQL`, windowsOf(files, 3000).filter(holdsSqlInAnyCase)] as const
)

// LedgerSMB's schema, its changes and charts of accounts (views, long INSERTs of value rows, PL/pgSQL), drawn last
// too, where the lines of a query's column list and of an INSERT's rows were weighed.
const ledgersmb = windowsOf(under(ledgersmbScripts, /\.sql$/), 600)
const ledgersmbLowered = ledgersmb.map((window) => window.toLowerCase())

for (const share of [0.3, 0.4, 0.5, 0.6, 0.7]) {
  const rule = (window: string) => sqlScriptShare(window) >= share
  const answered = (windows: ReadonlyArray<string>) =>
    `model ${windows.filter((window) => modelAnswer(window) === "sql").length}, with the rule ` +
    `${windows.filter((window) => rule(window) || modelAnswer(window) === "sql").length} of ${windows.length}`
  const taken = [...embedded, ...others, ...embeddedToo].map(([language, label, windows]) =>
    `${label} ${windows.filter((window) => modelAnswer(window) === language && rule(window)).length}`
  )
  const chosen = share === SQL_SHARE ? " (chosen)" : ""
  console.log(`share ${share}${chosen}: SQL windows answered SQL, ${answered(sql)}; in lower case ` +
    `${answered(lowered)}; MariaDB's tests ${answered(tests)}; PostgreSQL functions ${answered(functions)}, ` +
    `in lower case ${answered(functionsLowered)}; LedgerSMB ${answered(ledgersmb)}, in lower case ` +
    `${answered(ledgersmbLowered)}; ` +
    `right answers the rule would take for SQL: ${taken.join(", ")}`)
}
