/**
 * The language model's tuning sources (`scripts/trainLanguageModel.ts`), shared with the scripts that make choices on
 * them (`scripts/tune*.ts`): none of them is in `bench/heldout` (`scripts/heldOutOverlap.ts` checks). ROOT holds what
 * `scripts/fetchTuningSources.sh` brings; the rest is on the machine.
 */
import { join } from "node:path"
import { type FileChoice, filesUnder, windowsAmong } from "./SourceFiles.ts"

const SDK = "/usr/lib/google-cloud-sdk"
const SITE = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages"

/** A Ruby gem's folder among the tuning sources. */
const gem = (root: string, name: string) => `${root}/t/usr/share/rubygems-integration/all/gems/${name}`

/** A folder, the names of its files that count, and how it is read (only its own files, or not some subfolders). */
export type TuningSource = readonly [dir: string, name: RegExp, read?: Pick<FileChoice, "shallow" | "except">]

/** The files of a tuning source within these sizes, sorted; a folder not absolute is the project's. */
export const filesOfSource = ([dir, name, read]: TuningSource, minBytes: number, maxBytes: number): Array<string> =>
  filesUnder(dir.startsWith("/") ? dir : join(process.cwd(), dir), { name, minBytes, maxBytes, ...read })

/**
 * Tuning sources by language: folders and the files in them that count. Where a language has several, the last one
 * is kept back whole when choosing (`VALIDATE=1`): a model is judged on a package it never read, as users' code is.
 */
export const tuningSources = (root: string): Record<string, ReadonlyArray<TuningSource>> => ({
  py: [
    ["/usr/lib/python3.11", /^[a-z_]+\.py$/],
    [`${SITE}/click`, /\.py$/],
    [`${SITE}/hypothesis`, /\.py$/],
    [`${SITE}/flask`, /\.py$/]
  ],
  js: [
    ["node_modules/vite/dist", /\.js$/],
    ["node_modules/highlight.js/lib/languages", /\.js$/],
    ["node_modules/vitest/dist", /\.js$/],
    ["node_modules/ws/lib", /\.js$/],
    ["node_modules/autocannon/lib", /\.js$/],
    ["node_modules/chai/lib", /\.js$/],
    ["node_modules/semver", /\.js$/],
    ["node_modules/tinypool/dist", /\.js$/],
    ["node_modules/magic-string/dist", /\.js$/],
    ["node_modules/yaml/dist", /\.js$/],
    [`${root}/npm/lodash-4.18.1`, /\.js$/],
    [`${root}/npm/express-4.22.3`, /\.js$/],
    [`${root}/t/usr/share/javascript/jquery-ui`, /^(?!.*\.min\.js$).*\.js$/],
    ["node_modules/pg/lib", /\.js$/]
  ],
  ts: [
    ["node_modules/effect/src", /\.ts$/],
    ["node_modules/@effect/platform/src", /\.ts$/],
    ["node_modules/@effect/sql/src", /\.ts$/],
    ["node_modules/@effect/cluster/src", /\.ts$/],
    ["node_modules/@types/node", /\.d\.ts$/],
    ["node_modules/@modelcontextprotocol/sdk/dist/esm", /\.d\.ts$/],
    [`${root}/npm/immer-10.2.0/package/src`, /\.ts$/],
    [`${root}/npm/mobx-6.16.1/package/src`, /\.ts$/],
    [`${root}/npm/reduxjs-toolkit-2.14.0/package/src`, /\.ts$/],
    [`${root}/npm/tanstack-query-core-5.108.0/package/src`, /\.ts$/],
    [`${root}/npm/trpc-server-11.25.2/package/src`, /\.ts$/],
    [`${root}/npm/trpc-client-11.25.2/package/src`, /\.ts$/],
    [`${root}/npm/tanstack-router-core-1.171.39/package/src`, /\.ts$/],
    [`${root}/npm/tanstack-form-core-1.33.5/package/src`, /\.ts$/],
    [`${root}/npm/tanstack-table-core-8.21.3/package/src`, /\.ts$/],
    [`${root}/npm/fp-ts-2.16.11/package`, /\.d\.ts$/],
    [`${root}/npm/type-fest-4.41.0/package`, /\.d\.ts$/],
    ["node_modules/ajv/lib", /\.ts$/]
  ],
  java: [[`${root}/java-tune`, /\.java$/], [`${root}/java-tune2`, /\.java$/]],
  c: [
    ["node_modules/better-sqlite3/deps/sqlite3", /^sqlite3\.c$/],
    // glibc's headers, less the C++ bindings beside them (ncurses++, gmpxx); not its subfolders, which hold other
    // projects' headers, some C++ (LLVM, V8, libstdc++), some held out (Linux's, CPython's).
    ["/usr/include", /^(?!(?:cursesapp|cursesf|cursesm|cursesp|cursesw|cursslk|etip|gmpxx)\.h$)[a-z]\w*\.h$/, {
      shallow: true
    }],
    ["/usr/include/x86_64-linux-gnu/bits", /^[a-z]\w*\.h$/],
    ["/usr/include/x86_64-linux-gnu/sys", /^[a-z]\w*\.h$/],
    ["/usr/include/x86_64-linux-gnu/gnu", /^[a-z]\w*\.h$/],
    ["/usr/include/freetype2", /\.h$/],
    ["/usr/include/gnutls", /\.h$/],
    [`${root}/c/bluez-source`, /\.[ch]$/]
  ],
  cpp: [
    ["/usr/include/c++/12/ext", /./],
    ["/usr/include/c++/12/tr1", /./],
    ["/usr/include/c++/12/debug", /./],
    ["/usr/include/c++/12/experimental", /./],
    [`${root}/cpp/usr/include`, /\.(h|hpp)$/],
    [`${root}/cpp/usr/src/googletest`, /\.(h|cc)$/],
    [`${root}/cpp/usr/share/doc`, /\.(cpp|cc)$/],
    ["/usr/include/c++/12/parallel", /./]
  ],
  go: [
    [`${root}/t/usr/share/gocode/src/github.com/stretchr`, /\.go$/],
    [`${root}/t/usr/share/gocode/src/github.com/sirupsen`, /\.go$/],
    [`${root}/t/usr/share/gocode/src/github.com/google`, /\.go$/],
    [`${root}/t/usr/share/gocode/src/github.com/spf13`, /\.go$/],
    [`${root}/t/usr/share/gocode/src/golang.org`, /\.go$/],
    [`${root}/t/usr/share/gocode/src/github.com/gorilla`, /\.go$/]
  ],
  rs: [
    [`${root}/t/usr/share/cargo/registry/serde_json-1.0.87`, /\.rs$/],
    [`${root}/t/usr/share/cargo/registry/rand_core-0.6.3`, /\.rs$/],
    [`${root}/t/usr/share/cargo/registry/anyhow-1.0.69`, /\.rs$/]
  ],
  rb: [
    // Ruby's standard library (held out) vendors Thor in Bundler, whose option parser and shell it draws from.
    [gem(root, "thor-1.2.1"), /\.rb$/, {
      except: ["parser", "shell"].map((dir) => `${gem(root, "thor-1.2.1")}/lib/thor/${dir}`)
    }],
    [gem(root, "rack-2.2.22"), /\.rb$/]
  ],
  php: [[`${root}/t/usr/share/php/Symfony`, /\.php$/], [`${root}/t/usr/share/php/GuzzleHttp`, /\.php$/]],
  pl: [
    ["/usr/share/perl5/Dpkg", /\.pm$/],
    ["/usr/share/perl5/Debconf", /\.pm$/],
    ["/usr/share/perl5/HTTP", /\.pm$/],
    ["/usr/share/perl5/Mail", /\.pm$/],
    ["/usr/share/perl5/LWP", /\.pm$/]
  ],
  sh: [["/usr/bin", /^[a-z][\w.-]*$/], ["/usr/sbin", /^[a-z][\w.-]*$/]],
  sql: [["/usr/share/postgresql/15/extension", /\.sql$/]],
  css: [
    ["node_modules/highlight.js/styles", /\.css$/],
    [`${root}/t/usr/share/javascript`, /^(?!.*\.min\.css$).*\.css$/],
    [`${root}/t/usr/share/doc`, /\.css$/]
  ],
  // Node.js's HTML documentation is held out (`bench/heldout`).
  html: [["/usr/share/doc", /\.html$/, { except: ["/usr/share/doc/nodejs"] }], [`${root}/t/usr/share/doc`, /\.html$/]],
  md: [["/usr/lib/node_modules/npm", /\.md$/], ["node_modules/@effect", /^README\.md$/]],
  yaml: [
    [`${SDK}/platform`, /\.ya?ml$/],
    ["/root/.pyenv/.github", /\.ya?ml$/],
    [`${root}/t/usr/lib/python3`, /\.ya?ml$/]
  ],
  json: [
    ["node_modules/@effect", /^(package|tsconfig)\.json$/],
    [`${SITE}/cfnlint/data/schemas`, /\.json$/],
    ["/usr/share/cmake-3.25/Templates", /\.json$/],
    [`${SDK}/lib/third_party/botocore/data`, /\.json$/]
  ]
})

/**
 * `count` windows of every language's tuning sources but `language`'s, drawn in the sources' order: what a rule for
 * `language` must not take (`scripts/tune*.ts`).
 */
export const otherLanguagesWindows = (
  root: string,
  language: string,
  count: number,
  random: () => number
): Array<readonly [language: string, windows: ReadonlyArray<string>]> =>
  Object.entries(tuningSources(root)).filter(([other]) => other !== language).map(([other, sources]) =>
    [other, windowsAmong(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), count, random)] as const
  )
