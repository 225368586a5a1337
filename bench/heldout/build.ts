/**
 * Builds the held-out corpora (`functions.json`, `languages.json`) from sources the project's fixtures and tuning
 * never read: Debian packages of language runtimes and libraries, the JDK's sources, and npm packages other than
 * the ones `test/corpus/RealCode.ts` cuts. Run once on the machine that has them (`npx tsx bench/heldout/build.ts
 * ROOT`, ROOT holding the unpacked packages as README.md says); the JSON is committed, so the benchmarks need none of
 * it. Deterministic: files sorted, windows drawn from a seeded generator.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { filesUnder, isShellScript } from "../../scripts/SourceFiles.ts"
import { seeded } from "../scaleCorpus.ts"

const root = process.argv[2]?.startsWith("--") === false ? process.argv[2] : "/work/scratch/debs"
const here = new URL(".", import.meta.url).pathname

interface Source {
  /** The `ClassificationSpecificEnum` value the language answers as. */
  readonly ext: string
  readonly origin: string
  readonly licence: string
  readonly dir: string
  readonly file: RegExp
  /** Only the folder's own files (PostgreSQL's extension scripts, below it, are in the tuning fixture). */
  readonly shallow?: boolean
  /** Only files whose first line runs sh or bash. */
  readonly shell?: boolean
  /** Subfolders left out (another language's, or another group's). */
  readonly except?: ReadonlyArray<string>
  /** The day a source was added: its windows are drawn apart (`--add DAY`), so that earlier ones stay as they were. */
  readonly added?: string
  /**
   * What a window must hold to count (from the fifth group on): an HTML window a tag, since one without is a
   * stylesheet, a script or prose, whichever file it was cut from.
   */
  readonly holds?: RegExp
}

const DAY_2 = "2026-11-24"
const DAY_3 = "2026-11-25"
const H3 = `${root}/h3`
/** The fourth group, drawn the day of the third; its windows carry the group's name (`added`). */
const GROUP_4 = "2026-11-25-4"
/** The fifth group, drawn after the fourth group's day's second set of choices, measured once. */
const GROUP_5 = "2026-11-25-5"
const H5 = `${root}/h5`
/** The sixth group, drawn after the YAML document rule, measured once. */
const GROUP_6 = "2026-11-25-6"
const H6 = `${root}/h6`
/** The seventh group, drawn after the rule for procedural SQL bodies, measured once. */
const GROUP_7 = "2026-11-25-7"
const H7 = `${root}/h7`
/** The eighth group, drawn after the stylesheet rule, measured once. */
const GROUP_8 = "2026-11-25-8"
const H8 = `${root}/h8`
/** The ninth group, drawn after the C++ documentation, YAML flow and SQL column-list rules, measured once. */
const GROUP_9 = "2026-11-25-9"
const H9 = `${root}/h9`
/** The tenth group, drawn after the TypeScript property and HTML-in-comments choices, measured once. */
const GROUP_10 = "2026-11-25-10"
const H10 = `${root}/h10`
/** The eleventh group, drawn after the Python import-list rule, measured once. */
const GROUP_11 = "2026-11-25-11"
const H11 = `${root}/h11`
const GROUP_12 = "2026-11-26-12"
const H12 = `${root}/h12`
/** Groups whose windows carry their name (`added`). */
const NAMED_GROUPS = [GROUP_4, GROUP_5, GROUP_6, GROUP_7, GROUP_8, GROUP_9, GROUP_10, GROUP_11, GROUP_12]
const HTML_TAG = /<\/?[A-Za-z][\w-]*[\s>\/]|<!--|<!DOCTYPE/i
const H4 = `${root}/h4`
const SITE = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages"

const SOURCES: ReadonlyArray<Source> = [
  { ext: "py", origin: "PyPI pytest, IPython, attrs (site-packages)", licence: "MIT, BSD-3-Clause", dir: "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/_pytest", file: /^[a-z_]+\.py$/ },
  { ext: "py", origin: "PyPI pytest, IPython, attrs (site-packages)", licence: "MIT, BSD-3-Clause", dir: "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/IPython/core", file: /^[a-z_]+\.py$/ },
  { ext: "py", origin: "PyPI pytest, IPython, attrs (site-packages)", licence: "MIT, BSD-3-Clause", dir: "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/attr", file: /^[a-z_]+\.py$/ },
  { ext: "js", origin: "npm postcss, undici", licence: "MIT", dir: "node_modules/postcss/lib", file: /\.js$/ },
  { ext: "js", origin: "npm postcss, undici", licence: "MIT", dir: "node_modules/undici/lib", file: /\.js$/ },
  { ext: "ts", origin: "npm rxjs 7.8.2 sources", licence: "Apache-2.0", dir: `${root}/x/rxjs/package/src/internal`, file: /^[^.]+\.ts$/ },
  { ext: "java", origin: "OpenJDK 25 java.base (java.util, java.io)", licence: "GPL-2.0 WITH Classpath-exception-2.0", dir: `${root}/java`, file: /\.java$/ },
  { ext: "c", origin: "examples shipped in Debian packages (/usr/share/doc: zlib, nettle, xmlsec, git)", licence: "each package's own (its /usr/share/doc/<package>/copyright): Zlib, LGPL-3.0+, MIT, GPL-2.0", dir: "/usr/share/doc", file: /^[a-z0-9_-]+\.c$/ },
  { ext: "cpp", origin: "GCC 12 libstdc++ headers (bits/)", licence: "GPL-3.0 WITH GCC-exception-3.1", dir: "/usr/include/c++/12/bits", file: /^(stl_|basic_|shared_ptr|unique_ptr|hashtable|regex|random)\w*\.(h|tcc)$/ },
  { ext: "go", origin: "Debian golang-github-spf13-cobra-dev, gorilla-mux, pkg-errors", licence: "Apache-2.0, BSD-3-Clause, BSD-2-Clause", dir: `${root}/x/usr/share/gocode`, file: /^[a-z_]+\.go$/ },
  { ext: "rs", origin: "Debian librust-serde-dev, regex-syntax, clap", licence: "MIT OR Apache-2.0", dir: `${root}/x/usr/share/cargo/registry`, file: /^[a-z_]+\.rs$/ },
  { ext: "rb", origin: "Debian libruby3.1 (Ruby standard library)", licence: "Ruby OR BSD-2-Clause", dir: `${root}/x/usr/lib/ruby/3.1.0`, file: /^[a-z_]+\.rb$/ },
  { ext: "php", origin: "Google Cloud SDK App Engine PHP runtime", licence: "Apache-2.0", dir: "/usr/lib/google-cloud-sdk/platform/google_appengine", file: /\.php$/ },
  { ext: "pl", origin: "Perl 5.36 core modules", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: "/usr/share/perl/5.36", file: /^(?!Diff)\w+\.pm$/ },
  { ext: "sql", origin: "PostgreSQL 15 share/*.sql", licence: "PostgreSQL", dir: "/usr/share/postgresql/15", file: /\.sql$/, shallow: true },
  { ext: "css", origin: "docutils and werkzeug stylesheets", licence: "Public domain (docutils), BSD-3-Clause", dir: "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages", file: /\.css$/ },
  { ext: "md", origin: "Node.js documentation (Debian nodejs)", licence: "MIT", dir: "/usr/share/doc/nodejs", file: /\.md$/ },
  { ext: "yaml", origin: "Google Cloud SDK surface specifications", licence: "Apache-2.0", dir: "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/command_lib", file: /\.yaml$/ },
  // Added for language detection (issue 22): TypeScript and C of other styles, and the languages not yet held out.
  { ext: "ts", origin: "npm zod 3/4 sources", licence: "MIT", dir: "node_modules/zod/src", file: /^[^.]+\.ts$/, added: DAY_2 },
  { ext: "ts", origin: "npm pg-protocol, multipasta, eventsource-parser, find-my-way-ts sources", licence: "MIT", dir: "node_modules/pg-protocol/src", file: /^[^.]+\.ts$/, added: DAY_2 },
  { ext: "ts", origin: "npm pg-protocol, multipasta, eventsource-parser, find-my-way-ts sources", licence: "MIT", dir: "node_modules/multipasta/src", file: /^[^.]+\.ts$/, added: DAY_2 },
  { ext: "ts", origin: "npm pg-protocol, multipasta, eventsource-parser, find-my-way-ts sources", licence: "MIT", dir: "node_modules/eventsource-parser/src", file: /^[^.]+\.ts$/, added: DAY_2 },
  { ext: "ts", origin: "npm pg-protocol, multipasta, eventsource-parser, find-my-way-ts sources", licence: "MIT", dir: "node_modules/find-my-way-ts/src", file: /^[^.]+\.ts$/, added: DAY_2 },
  { ext: "c", origin: "CPython 3.11 headers (/usr/include/python3.11)", licence: "PSF-2.0", dir: "/usr/include/python3.11", file: /\.h$/, added: DAY_2 },
  { ext: "c", origin: "Linux kernel user-space API headers (Debian linux-libc-dev)", licence: "GPL-2.0 WITH Linux-syscall-note", dir: "/usr/include/linux", file: /\.h$/, added: DAY_2 },
  { ext: "java", origin: "OpenJDK 25 java.lang and javax.swing.text (Temurin's lib/src.zip)", licence: "GPL-2.0 WITH Classpath-exception-2.0", dir: `${root}/java-heldout2`, file: /\.java$/, added: DAY_2 },
  { ext: "sh", origin: "pyenv's commands and plugins, Debian init scripts, postgresql-common", licence: "MIT (pyenv), each package's own (Debian)", dir: "/root/.pyenv/libexec", file: /^pyenv/, shell: true, added: DAY_2 },
  { ext: "sh", origin: "pyenv's commands and plugins, Debian init scripts, postgresql-common", licence: "MIT (pyenv), each package's own (Debian)", dir: "/root/.pyenv/plugins", file: /^(pyenv|python-build)/, shell: true, added: DAY_2 },
  { ext: "sh", origin: "pyenv's commands and plugins, Debian init scripts, postgresql-common", licence: "MIT (pyenv), each package's own (Debian)", dir: "/etc/init.d", file: /./, shell: true, added: DAY_2 },
  { ext: "sh", origin: "pyenv's commands and plugins, Debian init scripts, postgresql-common", licence: "MIT (pyenv), each package's own (Debian)", dir: "/usr/share/postgresql-common", file: /./, shell: true, added: DAY_2 },
  { ext: "html", origin: "Node.js API documentation (Debian nodejs)", licence: "MIT", dir: "/usr/share/doc/nodejs/api", file: /\.html$/, added: DAY_2 },
  { ext: "json", origin: "iso-codes, AWS SAM translator schema, BigQuery discovery documents (Google Cloud SDK)", licence: "LGPL-2.1+ (iso-codes), Apache-2.0", dir: "/usr/share/iso-codes/json", file: /\.json$/, added: DAY_2 },
  { ext: "json", origin: "iso-codes, AWS SAM translator schema, BigQuery discovery documents (Google Cloud SDK)", licence: "LGPL-2.1+ (iso-codes), Apache-2.0", dir: `${SITE}/samtranslator`, file: /\.json$/, added: DAY_2 },
  { ext: "json", origin: "iso-codes, AWS SAM translator schema, BigQuery discovery documents (Google Cloud SDK)", licence: "LGPL-2.1+ (iso-codes), Apache-2.0", dir: "/usr/lib/google-cloud-sdk/platform/bq/discovery_next", file: /\.json$/, added: DAY_2 },
  // A third group (issue 22: families like those the separate set is cut from, from other projects): application
  // TypeScript and JavaScript from npm packages nothing here depends on, Rust crates and Python packages from Debian,
  // C++ in Google's style, Perl scripts, and Markdown READMEs.
  { ext: "ts", origin: "npm mongodb 7.9.0, openai 6.49.0 sources (npm pack)", licence: "Apache-2.0", dir: `${H3}/npm/mongodb-7.9.0/package/src`, file: /^[^.]+\.ts$/, added: DAY_3 },
  { ext: "ts", origin: "npm mongodb 7.9.0, openai 6.49.0 sources (npm pack)", licence: "Apache-2.0", dir: `${H3}/npm/openai-6.49.0/package/src`, file: /^[^.]+\.ts$/, added: DAY_3 },
  { ext: "js", origin: "npm commander 14.0.3, koa 3.3.0, axios 1.21.1 (lib/, npm pack)", licence: "MIT", dir: `${H3}/npm/commander-14.0.3/package/lib`, file: /\.js$/, added: DAY_3 },
  { ext: "js", origin: "npm commander 14.0.3, koa 3.3.0, axios 1.21.1 (lib/, npm pack)", licence: "MIT", dir: `${H3}/npm/koa-3.3.0/package/lib`, file: /\.js$/, added: DAY_3 },
  { ext: "js", origin: "npm commander 14.0.3, koa 3.3.0, axios 1.21.1 (lib/, npm pack)", licence: "MIT", dir: `${H3}/npm/axios-1.21.1/package/lib`, file: /\.js$/, added: DAY_3 },
  { ext: "md", origin: "READMEs, API references and changelogs of npm mongodb, openai, commander, koa, axios (npm pack)", licence: "Apache-2.0, MIT", dir: `${H3}/npm`, file: /^(readme|api|changelog|migration_guide)\.md$/i, added: DAY_3 },
  { ext: "rs", origin: "Debian librust-itertools-dev 0.10.3, librust-memchr-dev 2.5.0", licence: "MIT OR Apache-2.0 (itertools), Unlicense OR MIT (memchr)", dir: `${H3}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: DAY_3 },
  { ext: "cpp", origin: "Abseil headers (Debian libabsl-dev 20220623)", licence: "Apache-2.0", dir: `${H3}/deb/usr/include/absl`, file: /\.h$/, added: DAY_3 },
  { ext: "py", origin: "Debian python3-requests 2.28.1, python3-jinja2 3.1.2", licence: "Apache-2.0 (requests), BSD-3-Clause (jinja2)", dir: `${H3}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: DAY_3 },
  { ext: "pl", origin: "debhelper 13.11.4's dh_* commands (Perl scripts)", licence: "GPL-2.0-or-later", dir: `${H3}/deb/usr/bin`, file: /^dh_/, added: DAY_3 },
  // A fourth group, drawn after the choices of the day's last stop (the retrained model, the Go, SQL and Markdown
  // rules) and measured once: every language, from projects of families no group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-paramiko 2.12.0, python3-markdown 3.4.1", licence: "LGPL-2.1+ (paramiko), BSD-3-Clause (markdown)", dir: `${H4}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_4 },
  { ext: "js", origin: "npm underscore 1.13.7, moment 2.30.1, async 3.2.6 (npm pack)", licence: "MIT", dir: `${H4}/npm/underscore-1.13.7/package/modules`, file: /\.js$/, added: GROUP_4 },
  { ext: "js", origin: "npm underscore 1.13.7, moment 2.30.1, async 3.2.6 (npm pack)", licence: "MIT", dir: `${H4}/npm/moment-2.30.1/package/src/lib`, file: /\.js$/, added: GROUP_4 },
  { ext: "js", origin: "npm underscore 1.13.7, moment 2.30.1, async 3.2.6 (npm pack)", licence: "MIT", dir: `${H4}/npm/async-3.2.6/package/internal`, file: /\.js$/, added: GROUP_4 },
  { ext: "ts", origin: "Hono, Zustand and ky sources (GitHub honojs/hono 28a9c12, pmndrs/zustand f094eeb, sindresorhus/ky 3419113)", licence: "MIT", dir: `${H4}/git/honojs+hono/src`, file: /^(?!.*\.test\.)[^.]+\.ts$/, added: GROUP_4 },
  { ext: "ts", origin: "Hono, Zustand and ky sources (GitHub honojs/hono 28a9c12, pmndrs/zustand f094eeb, sindresorhus/ky 3419113)", licence: "MIT", dir: `${H4}/git/pmndrs+zustand/src`, file: /^[^.]+\.ts$/, added: GROUP_4 },
  { ext: "ts", origin: "Hono, Zustand and ky sources (GitHub honojs/hono 28a9c12, pmndrs/zustand f094eeb, sindresorhus/ky 3419113)", licence: "MIT", dir: `${H4}/git/sindresorhus+ky/source`, file: /^[^.]+\.ts$/, added: GROUP_4 },
  { ext: "java", origin: "Gson and Apache Commons Lang sources (GitHub google/gson 9835b6f, apache/commons-lang d15939e)", licence: "Apache-2.0", dir: `${H4}/git/google+gson/gson/src/main`, file: /\.java$/, added: GROUP_4 },
  { ext: "java", origin: "Gson and Apache Commons Lang sources (GitHub google/gson 9835b6f, apache/commons-lang d15939e)", licence: "Apache-2.0", dir: `${H4}/git/apache+commons-lang/src/main`, file: /\.java$/, added: GROUP_4 },
  { ext: "c", origin: "OpenSSL 3 and libxml2 headers (Debian libssl-dev, libxml2-dev)", licence: "Apache-2.0 (OpenSSL), MIT (libxml2)", dir: "/usr/include/openssl", file: /\.h$/, added: GROUP_4 },
  { ext: "c", origin: "OpenSSL 3 and libxml2 headers (Debian libssl-dev, libxml2-dev)", licence: "Apache-2.0 (OpenSSL), MIT (libxml2)", dir: "/usr/include/libxml2/libxml", file: /\.h$/, added: GROUP_4 },
  { ext: "cpp", origin: "LLVM 14 and V8 headers (Debian llvm-14-dev, libnode-dev)", licence: "Apache-2.0 WITH LLVM-exception (LLVM), BSD-3-Clause (V8)", dir: "/usr/include/llvm-14/llvm/ADT", file: /\.h$/, added: GROUP_4 },
  { ext: "cpp", origin: "LLVM 14 and V8 headers (Debian llvm-14-dev, libnode-dev)", licence: "Apache-2.0 WITH LLVM-exception (LLVM), BSD-3-Clause (V8)", dir: "/usr/include/node", file: /^v8.*\.h$/, shallow: true, added: GROUP_4 },
  { ext: "go", origin: "Debian golang-github-burntsushi-toml-dev, -fatih-color-dev, -google-uuid-dev, -mattn-go-sqlite3-dev", licence: "MIT, BSD-3-Clause", dir: `${H4}/deb/usr/share/gocode/src/github.com`, file: /^[a-z_]+\.go$/, added: GROUP_4 },
  { ext: "rs", origin: "Debian librust-futures-util-dev 0.3.21, librust-hyper-dev 0.14.19", licence: "MIT OR Apache-2.0 (futures-util), MIT (hyper)", dir: `${H4}/deb/usr/share/cargo/registry/futures-util-0.3.21`, file: /\.rs$/, added: GROUP_4 },
  { ext: "rs", origin: "Debian librust-futures-util-dev 0.3.21, librust-hyper-dev 0.14.19", licence: "MIT OR Apache-2.0 (futures-util), MIT (hyper)", dir: `${H4}/deb/usr/share/cargo/registry/hyper-0.14.19`, file: /\.rs$/, added: GROUP_4 },
  { ext: "rb", origin: "Debian ruby-i18n 1.10.0, ruby-rack-test 2.0.2, ruby-mustache", licence: "MIT", dir: `${H4}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, added: GROUP_4 },
  { ext: "rb", origin: "Debian ruby-i18n 1.10.0, ruby-rack-test 2.0.2, ruby-mustache", licence: "MIT", dir: `${H4}/deb/usr/lib/ruby/vendor_ruby`, file: /\.rb$/, added: GROUP_4 },
  { ext: "php", origin: "Debian php-monolog, php-nikic-fast-route, php-psr-log", licence: "MIT, BSD-3-Clause (FastRoute)", dir: `${H4}/deb/usr/share/php`, file: /\.php$/, added: GROUP_4 },
  { ext: "pl", origin: "Debian libmoo-perl, libtry-tiny-perl, libtext-csv-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later, MIT (Try::Tiny)", dir: `${H4}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_4 },
  { ext: "sh", origin: "git's shell scripts (/usr/lib/git-core, Debian git)", licence: "GPL-2.0", dir: "/usr/lib/git-core", file: /^git-/, shell: true, shallow: true, added: GROUP_4 },
  { ext: "sql", origin: "FreeRADIUS's SQL schemas and queries, GNUmed's PostgreSQL schema (Debian freeradius-config, gnumed-server)", licence: "GPL-2.0-or-later", dir: `${H4}/deb/etc/freeradius`, file: /\.sql$/, added: GROUP_4 },
  { ext: "sql", origin: "FreeRADIUS's SQL schemas and queries, GNUmed's PostgreSQL schema (Debian freeradius-config, gnumed-server)", licence: "GPL-2.0-or-later", dir: `${H4}/deb/var/lib/gnumed/server/sql`, file: /\.sql$/, added: GROUP_4 },
  { ext: "css", origin: "CodeMirror themes, Leaflet, DataTables stylesheets (Debian libjs-codemirror, libjs-leaflet, libjs-jquery-datatables)", licence: "MIT, BSD-2-Clause (Leaflet)", dir: `${H4}/deb/usr/share`, file: /^(?!.*\.min\.css$).*\.css$/, added: GROUP_4 },
  { ext: "md", origin: "READMEs, docs and changelogs of npm packages (moment, underscore, async, io-ts, ts-pattern, neverthrow, prisma, class-transformer, typedi, ioredis, inversify; npm pack) and Debian php-monolog, ruby-i18n, ruby-rack-test", licence: "MIT, Apache-2.0 (prisma)", dir: `${H4}/npm`, file: /\.md$/i, added: GROUP_4 },
  { ext: "md", origin: "READMEs, docs and changelogs of npm packages (moment, underscore, async, io-ts, ts-pattern, neverthrow, prisma, class-transformer, typedi, ioredis, inversify; npm pack) and Debian php-monolog, ruby-i18n, ruby-rack-test", licence: "MIT, Apache-2.0 (prisma)", dir: `${H4}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_4 },
  { ext: "yaml", origin: "Schema Salad's metaschema and tests (Debian python3-schema-salad), GitHub workflows and lock files of Hono, Zustand, ky, Gson, Commons Lang", licence: "Apache-2.0, MIT", dir: `${H4}/deb/usr/lib/python3/dist-packages/schema_salad`, file: /\.ya?ml$/, added: GROUP_4 },
  { ext: "yaml", origin: "Schema Salad's metaschema and tests (Debian python3-schema-salad), GitHub workflows and lock files of Hono, Zustand, ky, Gson, Commons Lang", licence: "Apache-2.0, MIT", dir: `${H4}/git`, file: /\.ya?ml$/, added: GROUP_4 },
  { ext: "html", origin: "git's HTML documentation (Debian git-doc)", licence: "GPL-2.0", dir: `${H4}/deb/usr/share/doc/git-doc`, file: /\.html$/, added: GROUP_4 },
  { ext: "json", origin: "TypeScript's localized diagnostic messages (npm typescript), TOML's test expectations (Debian golang-github-burntsushi-toml-dev)", licence: "Apache-2.0 (TypeScript), MIT", dir: "node_modules/typescript/lib", file: /^diagnosticMessages\.generated\.json$/, added: GROUP_4 },
  { ext: "json", origin: "TypeScript's localized diagnostic messages (npm typescript), TOML's test expectations (Debian golang-github-burntsushi-toml-dev)", licence: "Apache-2.0 (TypeScript), MIT", dir: `${H4}/deb/usr/share/gocode/src/github.com/BurntSushi/toml/internal/toml-test/tests`, file: /\.json$/, added: GROUP_4 },
  // A fifth group, drawn after the second set of choices (SQL in lower case, Markdown with code examples, C++ header
  // names) and measured once: every language, from projects no group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-tornado 6.2.0, python3-marshmallow 3.18.0, python3-arrow 1.2.3", licence: "Apache-2.0 (tornado, arrow), MIT (marshmallow)", dir: `${H5}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_5 },
  { ext: "js", origin: "npm ramda 0.30.1 (src/), handlebars 4.7.8 (lib/), bluebird 3.7.2 (js/release/)", licence: "MIT", dir: `${H5}/npm/ramda-0.30.1/package/src`, file: /\.js$/, added: GROUP_5 },
  { ext: "js", origin: "npm ramda 0.30.1 (src/), handlebars 4.7.8 (lib/), bluebird 3.7.2 (js/release/)", licence: "MIT", dir: `${H5}/npm/handlebars-4.7.8/package/lib`, file: /\.js$/, added: GROUP_5 },
  { ext: "js", origin: "npm ramda 0.30.1 (src/), handlebars 4.7.8 (lib/), bluebird 3.7.2 (js/release/)", licence: "MIT", dir: `${H5}/npm/bluebird-3.7.2/package/js/release`, file: /\.js$/, added: GROUP_5 },
  { ext: "ts", origin: "npm msw 2.7.0 (src/, tests left out), ts-toolbelt 9.6.0 (declarations)", licence: "MIT, Apache-2.0 (ts-toolbelt)", dir: `${H5}/npm/msw-2.7.0/package/src`, file: /^(?!.*\.test\.)[^.]+\.ts$/, added: GROUP_5 },
  { ext: "ts", origin: "npm msw 2.7.0 (src/, tests left out), ts-toolbelt 9.6.0 (declarations)", licence: "MIT, Apache-2.0 (ts-toolbelt)", dir: `${H5}/npm/ts-toolbelt-9.6.0/package/out`, file: /\.d\.ts$/, added: GROUP_5 },
  { ext: "java", origin: "jsoup and Apache Commons IO sources (GitHub jhy/jsoup 46b6208, apache/commons-io d83aeb6)", licence: "MIT (jsoup), Apache-2.0", dir: `${H5}/git/jhy+jsoup/src/main`, file: /\.java$/, added: GROUP_5 },
  { ext: "java", origin: "jsoup and Apache Commons IO sources (GitHub jhy/jsoup 46b6208, apache/commons-io d83aeb6)", licence: "MIT (jsoup), Apache-2.0", dir: `${H5}/git/apache+commons-io/src/main`, file: /\.java$/, added: GROUP_5 },
  { ext: "c", origin: "libarchive, Zstandard, PCRE2 and libssh headers (Debian libarchive-dev, libzstd-dev, libpcre2-dev, libssh-dev)", licence: "BSD-2-Clause (libarchive), BSD-3-Clause OR GPL-2.0 (zstd), BSD-3-Clause WITH PCRE2-exception, LGPL-2.1+ (libssh)", dir: `${H5}/deb/usr/include`, file: /^(archive|archive_entry|zstd|zdict|zstd_errors|pcre2|pcre2posix)\.h$/, shallow: true, added: GROUP_5 },
  { ext: "c", origin: "libarchive, Zstandard, PCRE2 and libssh headers (Debian libarchive-dev, libzstd-dev, libpcre2-dev, libssh-dev)", licence: "BSD-2-Clause (libarchive), BSD-3-Clause OR GPL-2.0 (zstd), BSD-3-Clause WITH PCRE2-exception, LGPL-2.1+ (libssh)", dir: `${H5}/deb/usr/include/libssh`, file: /\.h$/, added: GROUP_5 },
  { ext: "cpp", origin: "Protocol Buffers, OpenCV core and JsonCpp headers (Debian libprotobuf-dev, libopencv-core-dev, libjsoncpp-dev)", licence: "BSD-3-Clause (protobuf), Apache-2.0 (OpenCV), MIT (JsonCpp)", dir: `${H5}/deb/usr/include/google/protobuf`, file: /\.h$/, added: GROUP_5 },
  { ext: "cpp", origin: "Protocol Buffers, OpenCV core and JsonCpp headers (Debian libprotobuf-dev, libopencv-core-dev, libjsoncpp-dev)", licence: "BSD-3-Clause (protobuf), Apache-2.0 (OpenCV), MIT (JsonCpp)", dir: `${H5}/deb/usr/include/opencv4/opencv2/core`, file: /\.hpp$/, added: GROUP_5 },
  { ext: "cpp", origin: "Protocol Buffers, OpenCV core and JsonCpp headers (Debian libprotobuf-dev, libopencv-core-dev, libjsoncpp-dev)", licence: "BSD-3-Clause (protobuf), Apache-2.0 (OpenCV), MIT (JsonCpp)", dir: `${H5}/deb/usr/include/jsoncpp`, file: /\.h$/, added: GROUP_5 },
  { ext: "go", origin: "Debian golang-github-hashicorp-go-multierror-dev, -go-chi-chi-dev, -jmoiron-sqlx-dev, -mitchellh-mapstructure-dev, -robfig-cron-dev", licence: "MPL-2.0 (go-multierror), MIT", dir: `${H5}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_5 },
  { ext: "rs", origin: "Debian librust-nom-dev 7.1.1, librust-rayon-dev 1.6.1, librust-bytes-dev 1.2.1", licence: "MIT (nom, bytes), MIT OR Apache-2.0 (rayon)", dir: `${H5}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_5 },
  { ext: "rb", origin: "Debian ruby-faraday 1.1.0, ruby-sinatra 3.0.5", licence: "MIT", dir: `${H5}/deb/usr/share/rubygems-integration/all/gems/faraday-1.1.0`, file: /\.rb$/, added: GROUP_5 },
  { ext: "rb", origin: "Debian ruby-faraday 1.1.0, ruby-sinatra 3.0.5", licence: "MIT", dir: `${H5}/deb/usr/share/rubygems-integration/all/gems/sinatra-3.0.5`, file: /\.rb$/, added: GROUP_5 },
  { ext: "php", origin: "Debian php-twig 3.5.1, php-league-commonmark 2.3.9", licence: "BSD-3-Clause (Twig), BSD-3-Clause (CommonMark)", dir: `${H5}/deb/usr/share/php`, file: /\.php$/, added: GROUP_5 },
  { ext: "pl", origin: "Debian libmojolicious-perl 9.31, libdatetime-perl 1.59", licence: "Artistic-2.0", dir: `${H5}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_5 },
  { ext: "pl", origin: "Debian libmojolicious-perl 9.31, libdatetime-perl 1.59", licence: "Artistic-2.0", dir: `${H5}/deb/usr/lib/x86_64-linux-gnu/perl5`, file: /\.pm$/, added: GROUP_5 },
  { ext: "sh", origin: "initramfs-tools' and dracut's scripts and hooks, neofetch (Debian initramfs-tools-core, dracut-core, neofetch)", licence: "GPL-2.0+ (initramfs-tools, dracut), MIT (neofetch)", dir: `${H5}/deb/usr/share/initramfs-tools`, file: /./, shell: true, added: GROUP_5 },
  { ext: "sh", origin: "initramfs-tools' and dracut's scripts and hooks, neofetch (Debian initramfs-tools-core, dracut-core, neofetch)", licence: "GPL-2.0+ (initramfs-tools, dracut), MIT (neofetch)", dir: `${H5}/deb/usr/lib/dracut`, file: /./, shell: true, added: GROUP_5 },
  { ext: "sh", origin: "initramfs-tools' and dracut's scripts and hooks, neofetch (Debian initramfs-tools-core, dracut-core, neofetch)", licence: "GPL-2.0+ (initramfs-tools, dracut), MIT (neofetch)", dir: `${H5}/deb/usr/bin`, file: /^neofetch$/, shell: true, added: GROUP_5 },
  { ext: "sql", origin: "Kamailio's MySQL schema, phpMyAdmin's and Cacti's SQL (Debian kamailio-mysql-modules, phpmyadmin, cacti)", licence: "GPL-2.0+", dir: `${H5}/deb/usr/share`, file: /\.sql$/, added: GROUP_5 },
  { ext: "css", origin: "Bulma 1.0.2, Pure 3.0.0, Animate.css 4.1.1 stylesheets (npm pack)", licence: "MIT, BSD-3-Clause (Pure), Hippocratic-2.1 (Animate.css)", dir: `${H5}/npm`, file: /^(?!.*\.min\.css$).*\.css$/, added: GROUP_5 },
  { ext: "md", origin: "READMEs and docs of the fifth group's npm packages (npm pack) and Debian packages (/usr/share/doc)", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause, GPL-2.0+", dir: `${H5}/npm`, file: /\.md$/i, added: GROUP_5 },
  { ext: "md", origin: "READMEs and docs of the fifth group's npm packages (npm pack) and Debian packages (/usr/share/doc)", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause, GPL-2.0+", dir: `${H5}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_5 },
  { ext: "yaml", origin: "Faker's locales, RuboCop's configuration (Debian ruby-faker 2.21.0, rubocop 1.39.0)", licence: "MIT", dir: `${H5}/deb/usr/share/rubygems-integration/all/gems/faker-2.21.0`, file: /\.ya?ml$/, added: GROUP_5 },
  { ext: "yaml", origin: "Faker's locales, RuboCop's configuration (Debian ruby-faker 2.21.0, rubocop 1.39.0)", licence: "MIT", dir: `${H5}/deb/etc/rubocop`, file: /\.ya?ml$/, added: GROUP_5 },
  { ext: "html", origin: "Cacti's, phpMyAdmin's and R's HTML documentation (Debian cacti, phpmyadmin, r-doc-html)", licence: "GPL-2.0+", dir: `${H5}/deb/usr/share/doc`, file: /\.html$/, holds: HTML_TAG, added: GROUP_5 },
  { ext: "html", origin: "Cacti's, phpMyAdmin's and R's HTML documentation (Debian cacti, phpmyadmin, r-doc-html)", licence: "GPL-2.0+", dir: `${H5}/deb/usr/share/R/doc`, file: /\.html$/, holds: HTML_TAG, added: GROUP_5 },
  { ext: "json", origin: "Unicode CLDR data (npm cldr-core 46.0.0, cldr-dates-modern 45.0.0)", licence: "Unicode-3.0", dir: `${H5}/npm/cldr-core-46.0.0/package`, file: /\.json$/, added: GROUP_5 },
  { ext: "json", origin: "Unicode CLDR data (npm cldr-core 46.0.0, cldr-dates-modern 45.0.0)", licence: "Unicode-3.0", dir: `${H5}/npm/cldr-dates-modern-45.0.0/package`, file: /\.json$/, added: GROUP_5 },
  // A sixth group, drawn after the YAML document rule and measured once: every language, from projects no other
  // group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-structlog, python3-simplejson, python3-humanize, python3-cachetools", licence: "MIT OR Apache-2.0 (structlog), MIT (simplejson, humanize, cachetools)", dir: `${H6}/deb/usr/lib/python3/dist-packages/structlog`, file: /^[a-z_]+\.py$/, added: GROUP_6 },
  { ext: "py", origin: "Debian python3-structlog, python3-simplejson, python3-humanize, python3-cachetools", licence: "MIT OR Apache-2.0 (structlog), MIT (simplejson, humanize, cachetools)", dir: `${H6}/deb/usr/lib/python3/dist-packages/simplejson`, file: /^[a-z_]+\.py$/, added: GROUP_6 },
  { ext: "py", origin: "Debian python3-structlog, python3-simplejson, python3-humanize, python3-cachetools", licence: "MIT OR Apache-2.0 (structlog), MIT (simplejson, humanize, cachetools)", dir: `${H6}/deb/usr/lib/python3/dist-packages/humanize`, file: /^[a-z_]+\.py$/, added: GROUP_6 },
  { ext: "py", origin: "Debian python3-structlog, python3-simplejson, python3-humanize, python3-cachetools", licence: "MIT OR Apache-2.0 (structlog), MIT (simplejson, humanize, cachetools)", dir: `${H6}/deb/usr/lib/python3/dist-packages/cachetools`, file: /^[a-z_]+\.py$/, added: GROUP_6 },
  { ext: "js", origin: "npm d3-array 3.2.4, d3-scale 4.0.2, preact 10.25.4 (src/, npm pack)", licence: "ISC (d3), MIT (preact)", dir: `${H6}/npm/d3-array-3.2.4/package/src`, file: /\.js$/, added: GROUP_6 },
  { ext: "js", origin: "npm d3-array 3.2.4, d3-scale 4.0.2, preact 10.25.4 (src/, npm pack)", licence: "ISC (d3), MIT (preact)", dir: `${H6}/npm/d3-scale-4.0.2/package/src`, file: /\.js$/, added: GROUP_6 },
  { ext: "js", origin: "npm d3-array 3.2.4, d3-scale 4.0.2, preact 10.25.4 (src/, npm pack)", licence: "ISC (d3), MIT (preact)", dir: `${H6}/npm/preact-10.25.4/package/src`, file: /\.js$/, added: GROUP_6 },
  { ext: "ts", origin: "npm kysely 0.27.5 and superstruct 2.0.2 declarations (npm pack)", licence: "MIT", dir: `${H6}/npm/kysely-0.27.5/package/dist/esm`, file: /\.d\.ts$/, added: GROUP_6 },
  { ext: "ts", origin: "npm kysely 0.27.5 and superstruct 2.0.2 declarations (npm pack)", licence: "MIT", dir: `${H6}/npm/superstruct-2.0.2/package/dist`, file: /\.d\.ts$/, added: GROUP_6 },
  { ext: "java", origin: "Jackson Core and JavaPoet sources (GitHub FasterXML/jackson-core b367da1, square/javapoet b9017a9)", licence: "Apache-2.0", dir: `${H6}/git/FasterXML+jackson-core/src/main`, file: /\.java$/, added: GROUP_6 },
  { ext: "java", origin: "Jackson Core and JavaPoet sources (GitHub FasterXML/jackson-core b367da1, square/javapoet b9017a9)", licence: "Apache-2.0", dir: `${H6}/git/square+javapoet/src/main`, file: /\.java$/, added: GROUP_6 },
  { ext: "c", origin: "libsodium, libnl 3 and liblzma headers (Debian libsodium-dev, libnl-3-dev, liblzma-dev)", licence: "ISC (libsodium), LGPL-2.1 (libnl), public domain (liblzma)", dir: `${H6}/deb/usr/include`, file: /^(?!.*\.hpp$).*\.h$/, except: [`${H6}/deb/usr/include/Poco`, `${H6}/deb/usr/include/SFML`], added: GROUP_6 },
  { ext: "cpp", origin: "POCO and SFML headers (Debian libpoco-dev, libsfml-dev)", licence: "BSL-1.0 (POCO), Zlib (SFML)", dir: `${H6}/deb/usr/include/Poco`, file: /\.h$/, added: GROUP_6 },
  { ext: "cpp", origin: "POCO and SFML headers (Debian libpoco-dev, libsfml-dev)", licence: "BSL-1.0 (POCO), Zlib (SFML)", dir: `${H6}/deb/usr/include/SFML`, file: /\.(hpp|inl)$/, added: GROUP_6 },
  { ext: "go", origin: "Debian golang-github-fsnotify-fsnotify-dev, -hashicorp-golang-lru-dev, -olekukonko-tablewriter-dev, -dustin-go-humanize-dev", licence: "BSD-3-Clause (fsnotify), MPL-2.0 (golang-lru), MIT (tablewriter, go-humanize)", dir: `${H6}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_6 },
  { ext: "rs", origin: "Debian librust-indexmap-dev 1.9.2, librust-crossbeam-channel-dev 0.5.6, librust-parking-lot-dev 0.12.1", licence: "Apache-2.0 OR MIT", dir: `${H6}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_6 },
  { ext: "rb", origin: "Debian ruby-devise 4.8.1, ruby-kramdown 2.4.0, ruby-addressable 2.8.1, ruby-kaminari 1.2.2", licence: "MIT", dir: `${H6}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, added: GROUP_6 },
  { ext: "php", origin: "Debian php-ramsey-uuid, php-nesbot-carbon (its traits and classes, not its locale tables)", licence: "MIT", dir: `${H6}/deb/usr/share/php`, file: /\.php$/, except: [`${H6}/deb/usr/share/php/Carbon/Lang`], added: GROUP_6 },
  { ext: "pl", origin: "Debian libplack-perl, libtemplate-perl (Template Toolkit)", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H6}/deb/usr/share/perl5/Plack`, file: /\.pm$/, added: GROUP_6 },
  { ext: "pl", origin: "Debian libplack-perl, libtemplate-perl (Template Toolkit)", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H6}/deb/usr/lib/x86_64-linux-gnu/perl5/5.36/Template`, file: /\.pm$/, added: GROUP_6 },
  { ext: "sh", origin: "GRUB's configuration scripts and os-prober's probes (Debian grub-common, os-prober)", licence: "GPL-3.0+ (GRUB), GPL-2.0+ (os-prober)", dir: `${H6}/deb/etc/grub.d`, file: /./, shell: true, added: GROUP_6 },
  { ext: "sh", origin: "GRUB's configuration scripts and os-prober's probes (Debian grub-common, os-prober)", licence: "GPL-3.0+ (GRUB), GPL-2.0+ (os-prober)", dir: `${H6}/deb/usr/lib`, file: /./, shell: true, except: [`${H6}/deb/usr/lib/python3`, `${H6}/deb/usr/lib/x86_64-linux-gnu`], added: GROUP_6 },
  { ext: "sh", origin: "GRUB's configuration scripts and os-prober's probes (Debian grub-common, os-prober)", licence: "GPL-3.0+ (GRUB), GPL-2.0+ (os-prober)", dir: `${H6}/deb/usr/share/grub`, file: /./, shell: true, added: GROUP_6 },
  { ext: "sql", origin: "ZoneMinder's MySQL schema and upgrades, Bacula's PostgreSQL catalogue (Debian zoneminder, bacula-director-pgsql)", licence: "GPL-2.0+ (ZoneMinder), AGPL-3.0 (Bacula)", dir: `${H6}/deb/usr/share/zoneminder/db`, file: /\.sql$/, added: GROUP_6 },
  { ext: "sql", origin: "ZoneMinder's MySQL schema and upgrades, Bacula's PostgreSQL catalogue (Debian zoneminder, bacula-director-pgsql)", licence: "GPL-2.0+ (ZoneMinder), AGPL-3.0 (Bacula)", dir: `${H6}/deb/usr/share/dbconfig-common/data/bacula-director-pgsql`, file: /./, added: GROUP_6 },
  { ext: "css", origin: "ZoneMinder's skins, jQuery Mobile's, Skeleton's, Milligram's, Prettify's and normalize.css's stylesheets, kramdown's API documentation's (Debian zoneminder, libjs-jquery-mobile, libjs-skeleton, libjs-milligram, libjs-prettify, node-normalize.css, ruby-kramdown; not the Bootstrap, jQuery UI, Chosen and Fork Awesome copies they carry, which training and tuning sources hold)", licence: "GPL-2.0+ (ZoneMinder), MIT, Apache-2.0 (Prettify)", dir: `${H6}/deb/usr/share`, file: /^(?!.*\.min\.css$).*\.css$/, except: [`${H6}/deb/usr/share/postfixadmin`, `${H6}/deb/usr/share/fonts-fork-awesome`, `${H6}/deb/usr/share/zoneminder/www/skins/classic/js`], added: GROUP_6 },
  { ext: "md", origin: "READMEs and docs of the sixth group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, ISC, Apache-2.0, GPL-2.0+", dir: `${H6}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_6 },
  { ext: "md", origin: "READMEs and docs of the sixth group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, ISC, Apache-2.0, GPL-2.0+", dir: `${H6}/npm`, file: /\.md$/i, added: GROUP_6 },
  { ext: "yaml", origin: "Ansible collections' changelogs (Debian ansible 7.7.0), Devise's, Kaminari's, yamllint's and Fork Awesome's YAML", licence: "GPL-3.0+ (Ansible, yamllint), MIT, OFL-1.1 (Fork Awesome)", dir: `${H6}/deb/usr/lib/python3/dist-packages/ansible_collections`, file: /^changelog\.yaml$/, added: GROUP_6 },
  { ext: "yaml", origin: "Ansible collections' changelogs (Debian ansible 7.7.0), Devise's, Kaminari's, yamllint's and Fork Awesome's YAML", licence: "GPL-3.0+ (Ansible, yamllint), MIT, OFL-1.1 (Fork Awesome)", dir: `${H6}/deb/usr/share`, file: /\.ya?ml$/, added: GROUP_6 },
  { ext: "yaml", origin: "Ansible collections' changelogs (Debian ansible 7.7.0), Devise's, Kaminari's, yamllint's and Fork Awesome's YAML", licence: "GPL-3.0+ (Ansible, yamllint), MIT, OFL-1.1 (Fork Awesome)", dir: `${H6}/deb/usr/lib/python3/dist-packages/yamllint`, file: /\.ya?ml$/, added: GROUP_6 },
  { ext: "html", origin: "kramdown's API documentation, MkDocs' theme templates, Bash's reference and the GNU coding standards (Debian ruby-kramdown, mkdocs, bash-doc, gnu-standards)", licence: "MIT (kramdown), BSD-2-Clause (MkDocs), GFDL-1.3+", dir: `${H6}/deb/usr/share/doc`, file: /\.html$/, holds: HTML_TAG, added: GROUP_6 },
  { ext: "html", origin: "kramdown's API documentation, MkDocs' theme templates, Bash's reference and the GNU coding standards (Debian ruby-kramdown, mkdocs, bash-doc, gnu-standards)", licence: "MIT (kramdown), BSD-2-Clause (MkDocs), GFDL-1.3+", dir: `${H6}/deb/usr/lib/python3/dist-packages/mkdocs`, file: /\.html$/, holds: HTML_TAG, added: GROUP_6 },
  { ext: "json", origin: "i18n-iso-countries' country names (npm i18n-iso-countries 7.13.0)", licence: "MIT", dir: `${H6}/npm/i18n-iso-countries-7.13.0/package/langs`, file: /\.json$/, added: GROUP_6 },
  // A seventh group, drawn after the rule for procedural SQL bodies and measured once: every language, from projects
  // no other group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-rich, python3-boltons", licence: "MIT (rich), BSD-3-Clause (boltons)", dir: `${H7}/deb/usr/lib/python3/dist-packages/rich`, file: /^[a-z_]+\.py$/, added: GROUP_7 },
  { ext: "py", origin: "Debian python3-rich, python3-boltons", licence: "MIT (rich), BSD-3-Clause (boltons)", dir: `${H7}/deb/usr/lib/python3/dist-packages/boltons`, file: /^[a-z_]+\.py$/, added: GROUP_7 },
  { ext: "js", origin: "npm yargs 17.7.2 (build/lib/), joi 17.13.3 (lib/)", licence: "MIT (yargs), BSD-3-Clause (joi)", dir: `${H7}/npm/yargs-17.7.2/package/build/lib`, file: /\.js$/, added: GROUP_7 },
  { ext: "js", origin: "npm yargs 17.7.2 (build/lib/), joi 17.13.3 (lib/)", licence: "MIT (yargs), BSD-3-Clause (joi)", dir: `${H7}/npm/joi-17.13.3/package/lib`, file: /\.js$/, added: GROUP_7 },
  { ext: "ts", origin: "npm date-fns 4.1.0 and @sinclair/typebox 0.34.14 declarations", licence: "MIT", dir: `${H7}/npm/date-fns-4.1.0/package`, file: /\.d\.ts$/, added: GROUP_7 },
  { ext: "ts", origin: "npm date-fns 4.1.0 and @sinclair/typebox 0.34.14 declarations", licence: "MIT", dir: `${H7}/npm/sinclair-typebox-0.34.14/package/build/esm`, file: /\.d\.mts$/, added: GROUP_7 },
  { ext: "java", origin: "Guice core and JUnit 4 sources (GitHub google/guice 621416a, junit-team/junit4 71c33ce)", licence: "Apache-2.0 (Guice), EPL-1.0 (JUnit 4)", dir: `${H7}/git/google+guice/core/src`, file: /\.java$/, added: GROUP_7 },
  { ext: "java", origin: "Guice core and JUnit 4 sources (GitHub google/guice 621416a, junit-team/junit4 71c33ce)", licence: "Apache-2.0 (Guice), EPL-1.0 (JUnit 4)", dir: `${H7}/git/junit-team+junit4/src/main`, file: /\.java$/, added: GROUP_7 },
  { ext: "c", origin: "json-c, Expat and libpcap headers (Debian libjson-c-dev, libexpat1-dev, libpcap0.8-dev)", licence: "MIT (json-c, Expat), BSD-3-Clause (libpcap)", dir: `${H7}/deb/usr/include`, file: /\.h$/, except: ["GNUstep", "armadillo_bits", "msgpack"].map((dir) => `${H7}/deb/usr/include/${dir}`), added: GROUP_7 },
  { ext: "cpp", origin: "Armadillo and msgpack-c++ headers (Debian libarmadillo-dev, libmsgpack-cxx-dev)", licence: "Apache-2.0 (Armadillo), BSL-1.0 (msgpack-c)", dir: `${H7}/deb/usr/include/armadillo_bits`, file: /\.hpp$/, added: GROUP_7 },
  { ext: "cpp", origin: "Armadillo and msgpack-c++ headers (Debian libarmadillo-dev, libmsgpack-cxx-dev)", licence: "Apache-2.0 (Armadillo), BSL-1.0 (msgpack-c)", dir: `${H7}/deb/usr/include/msgpack`, file: /\.hpp$/, added: GROUP_7 },
  { ext: "go", origin: "Debian golang-github-json-iterator-go-dev, -mattn-go-runewidth-dev, -kr-pretty-dev", licence: "MIT", dir: `${H7}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_7 },
  { ext: "rs", origin: "Debian librust-hashbrown-dev 0.12.3, librust-num-traits-dev 0.2.15, librust-unicode-segmentation-dev 1.9.0", licence: "MIT OR Apache-2.0", dir: `${H7}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_7 },
  { ext: "rb", origin: "Debian ruby-tzinfo 2.0.5, ruby-httparty 0.21.0", licence: "MIT", dir: `${H7}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, except: [`${H7}/deb/usr/share/rubygems-integration/all/gems/i18n_data-0.10.0`, `${H7}/deb/usr/share/rubygems-integration/all/gems/rubocop-performance-1.7.1`], added: GROUP_7 },
  { ext: "php", origin: "Debian php-phpseclib3, php-doctrine-inflector, php-doctrine-lexer", licence: "MIT", dir: `${H7}/deb/usr/share/php`, file: /\.php$/, added: GROUP_7 },
  { ext: "pl", origin: "Debian libdbi-perl, libjson-perl, libtext-template-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H7}/deb/usr/lib/x86_64-linux-gnu/perl5/5.36`, file: /\.pm$/, added: GROUP_7 },
  { ext: "pl", origin: "Debian libdbi-perl, libjson-perl, libtext-template-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H7}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_7 },
  { ext: "sh", origin: "git-extras' commands and Bats (Debian git-extras, bats)", licence: "MIT", dir: `${H7}/deb/usr/bin`, file: /./, shell: true, added: GROUP_7 },
  { ext: "sh", origin: "git-extras' commands and Bats (Debian git-extras, bats)", licence: "MIT", dir: `${H7}/deb/usr/libexec/bats-core`, file: /./, shell: true, added: GROUP_7 },
  { ext: "sh", origin: "git-extras' commands and Bats (Debian git-extras, bats)", licence: "MIT", dir: `${H7}/deb/usr/lib/bats-core`, file: /./, shell: true, added: GROUP_7 },
  { ext: "sql", origin: "pgRouting's extension scripts and MediaWiki's schemas and patches (Debian postgresql-15-pgrouting-scripts, mediawiki)", licence: "GPL-2.0-or-later", dir: `${H7}/deb/usr/share/postgresql/15/extension`, file: /\.sql$/, added: GROUP_7 },
  { ext: "sql", origin: "pgRouting's extension scripts and MediaWiki's schemas and patches (Debian postgresql-15-pgrouting-scripts, mediawiki)", licence: "GPL-2.0-or-later", dir: `${H7}/deb/usr/share/mediawiki`, file: /\.sql$/, added: GROUP_7 },
  { ext: "css", origin: "Tachyons 4.12.0, Pico 2.0.6, Spectre.css 0.5.9 (npm pack)", licence: "MIT", dir: `${H7}/npm`, file: /^(?!.*\.min\.css$).*\.css$/, added: GROUP_7 },
  { ext: "md", origin: "READMEs and docs of the seventh group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, BSD-3-Clause, Apache-2.0, GPL-2.0+", dir: `${H7}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_7 },
  { ext: "md", origin: "READMEs and docs of the seventh group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, BSD-3-Clause, Apache-2.0, GPL-2.0+", dir: `${H7}/npm`, file: /\.md$/i, added: GROUP_7 },
  { ext: "yaml", origin: "AWS CloudFormation templates, GitHub's starter workflows (GitHub aws-cloudformation/aws-cloudformation-templates 142ce6f, actions/starter-workflows 1035244), Prometheus', Alertmanager's and Netplan's examples (Debian)", licence: "MIT-0, MIT, Apache-2.0 (Prometheus), GPL-3.0 (Netplan)", dir: `${H7}/git/aws-cloudformation+aws-cloudformation-templates`, file: /\.ya?ml$/, added: GROUP_7 },
  { ext: "yaml", origin: "AWS CloudFormation templates, GitHub's starter workflows (GitHub aws-cloudformation/aws-cloudformation-templates 142ce6f, actions/starter-workflows 1035244), Prometheus', Alertmanager's and Netplan's examples (Debian)", licence: "MIT-0, MIT, Apache-2.0 (Prometheus), GPL-3.0 (Netplan)", dir: `${H7}/git/actions+starter-workflows`, file: /\.ya?ml$/, added: GROUP_7 },
  { ext: "yaml", origin: "AWS CloudFormation templates, GitHub's starter workflows (GitHub aws-cloudformation/aws-cloudformation-templates 142ce6f, actions/starter-workflows 1035244), Prometheus', Alertmanager's and Netplan's examples (Debian)", licence: "MIT-0, MIT, Apache-2.0 (Prometheus), GPL-3.0 (Netplan)", dir: `${H7}/deb/usr/share/doc`, file: /\.ya?ml$/, added: GROUP_7 },
  { ext: "html", origin: "PostgreSQL 15's HTML documentation, Material for MkDocs' templates (Debian postgresql-doc-15, mkdocs-material)", licence: "PostgreSQL, MIT", dir: `${H7}/deb/usr/share/doc/postgresql-doc-15/html`, file: /\.html$/, holds: HTML_TAG, added: GROUP_7 },
  { ext: "html", origin: "PostgreSQL 15's HTML documentation, Material for MkDocs' templates (Debian postgresql-doc-15, mkdocs-material)", licence: "PostgreSQL, MIT", dir: `${H7}/deb/usr/share/mkdocs/themes/material`, file: /\.html$/, holds: HTML_TAG, added: GROUP_7 },
  { ext: "json", origin: "MediaWiki's interface messages, mime-db's database (Debian mediawiki, npm mime-db 1.54.0)", licence: "GPL-2.0-or-later (MediaWiki), MIT", dir: `${H7}/deb/usr/share/mediawiki/languages/i18n`, file: /\.json$/, added: GROUP_7 },
  { ext: "json", origin: "MediaWiki's interface messages, mime-db's database (Debian mediawiki, npm mime-db 1.54.0)", licence: "GPL-2.0-or-later (MediaWiki), MIT", dir: `${H7}/npm/mime-db-1.54.0/package`, file: /\.json$/, added: GROUP_7 },
  // An eighth group, drawn after the stylesheet rule and measured once: every language, from projects no other group,
  // tuning or training source holds.
  { ext: "py", origin: "Debian python3-peewee, python3-tenacity, python3-sqlparse", licence: "MIT (peewee), Apache-2.0 (tenacity), BSD-3-Clause (sqlparse)", dir: `${H8}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_8 },
  { ext: "js", origin: "npm fastify 5.2.1, pino 9.6.0 (lib/)", licence: "MIT", dir: `${H8}/npm/fastify-5.2.1/package/lib`, file: /\.js$/, added: GROUP_8 },
  { ext: "js", origin: "npm fastify 5.2.1, pino 9.6.0 (lib/)", licence: "MIT", dir: `${H8}/npm/pino-9.6.0/package/lib`, file: /\.js$/, added: GROUP_8 },
  { ext: "ts", origin: "npm drizzle-orm 0.38.4 and ts-essentials 10.0.4 declarations", licence: "Apache-2.0 (drizzle-orm), MIT", dir: `${H8}/npm/drizzle-orm-0.38.4/package`, file: /\.d\.ts$/, added: GROUP_8 },
  { ext: "ts", origin: "npm drizzle-orm 0.38.4 and ts-essentials 10.0.4 declarations", licence: "Apache-2.0 (drizzle-orm), MIT", dir: `${H8}/npm/ts-essentials-10.0.4/package/dist`, file: /\.d\.ts$/, added: GROUP_8 },
  { ext: "java", origin: "Retrofit and Joda-Time sources (GitHub square/retrofit 0b11810, JodaOrg/joda-time 7088d77)", licence: "Apache-2.0", dir: `${H8}/git/square+retrofit/retrofit/src/main`, file: /\.java$/, added: GROUP_8 },
  { ext: "java", origin: "Retrofit and Joda-Time sources (GitHub square/retrofit 0b11810, JodaOrg/joda-time 7088d77)", licence: "Apache-2.0", dir: `${H8}/git/JodaOrg+joda-time/src/main`, file: /\.java$/, added: GROUP_8 },
  { ext: "c", origin: "systemd's, hiredis', libwebp's and Opus' headers (Debian libsystemd-dev, libhiredis-dev, libwebp-dev, libopus-dev)", licence: "LGPL-2.1+ (systemd), BSD-3-Clause", dir: `${H8}/deb/usr/include`, file: /\.h$/, except: [`${H8}/deb/usr/include/bullet`, `${H8}/deb/usr/include/assimp`], added: GROUP_8 },
  { ext: "cpp", origin: "Bullet's and Assimp's headers (Debian libbullet-dev, libassimp-dev)", licence: "Zlib (Bullet), BSD-3-Clause (Assimp)", dir: `${H8}/deb/usr/include/bullet`, file: /\.(h|hpp|inl)$/, added: GROUP_8 },
  { ext: "cpp", origin: "Bullet's and Assimp's headers (Debian libbullet-dev, libassimp-dev)", licence: "Zlib (Bullet), BSD-3-Clause (Assimp)", dir: `${H8}/deb/usr/include/assimp`, file: /\.(h|hpp|inl)$/, added: GROUP_8 },
  { ext: "go", origin: "Debian golang-github-go-playground-validator-v10-dev, -gdamore-tcell.v2-dev, -muesli-termenv-dev", licence: "MIT (validator, termenv), Apache-2.0 (tcell)", dir: `${H8}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_8 },
  { ext: "rs", origin: "Debian librust-petgraph-dev 0.6.2, librust-smallvec-dev 1.9.0, librust-bitflags-dev 1.3.2", licence: "MIT OR Apache-2.0", dir: `${H8}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_8 },
  { ext: "rb", origin: "Debian ruby-sequel, ruby-rouge 3.30.0", licence: "MIT", dir: `${H8}/deb/usr/lib/ruby/vendor_ruby/sequel`, file: /\.rb$/, added: GROUP_8 },
  { ext: "rb", origin: "Debian ruby-sequel, ruby-rouge 3.30.0", licence: "MIT", dir: `${H8}/deb/usr/share/rubygems-integration/all/gems/rouge-3.30.0`, file: /\.rb$/, added: GROUP_8 },
  { ext: "php", origin: "Debian php-sabre-vobject", licence: "BSD-3-Clause", dir: `${H8}/deb/usr/share/php`, file: /\.php$/, added: GROUP_8 },
  { ext: "pl", origin: "Debian libmoose-perl, libdancer2-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H8}/deb/usr/lib/x86_64-linux-gnu/perl5/5.36`, file: /\.pm$/, added: GROUP_8 },
  { ext: "pl", origin: "Debian libmoose-perl, libdancer2-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H8}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_8 },
  { ext: "sh", origin: "pass, dehydrated, wg-quick, libtool's, Autoconf's and autopoint's scripts (Debian pass, dehydrated, wireguard-tools, libtool, autoconf, autopoint; not xdg-utils, installed here)", licence: "GPL-2.0+ (pass, WireGuard, libtool, Autoconf, gettext), MIT (dehydrated)", dir: `${H8}/deb/usr/bin`, file: /^(?!xdg-)/, shell: true, added: GROUP_8 },
  { ext: "sh", origin: "pass, dehydrated, wg-quick, libtool's, Autoconf's and autopoint's scripts (Debian pass, dehydrated, wireguard-tools, libtool, autoconf, autopoint; not xdg-utils, installed here)", licence: "GPL-2.0+ (pass, WireGuard, libtool, Autoconf, gettext), MIT (dehydrated)", dir: `${H8}/deb/usr/lib/password-store`, file: /./, shell: true, added: GROUP_8 },
  { ext: "sh", origin: "pass, dehydrated, wg-quick, libtool's, Autoconf's and autopoint's scripts (Debian pass, dehydrated, wireguard-tools, libtool, autoconf, autopoint; not xdg-utils, installed here)", licence: "GPL-2.0+ (pass, WireGuard, libtool, Autoconf, gettext), MIT (dehydrated)", dir: `${H8}/deb/usr/share/libtool`, file: /./, shell: true, added: GROUP_8 },
  { ext: "sql", origin: "PostGIS 3's extension scripts (Debian postgresql-15-postgis-3-scripts)", licence: "GPL-2.0-or-later", dir: `${H8}/deb/usr/share/postgresql/15`, file: /\.sql$/, added: GROUP_8 },
  { ext: "css", origin: "UIkit 3.21.16, Foundation 6.9.0, Tabler 1.0.0 stylesheets (npm pack)", licence: "MIT", dir: `${H8}/npm`, file: /^(?!.*\.min\.css$).*\.css$/, added: GROUP_8 },
  { ext: "md", origin: "READMEs and docs of the eighth group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause, GPL-2.0+", dir: `${H8}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_8 },
  { ext: "md", origin: "READMEs and docs of the eighth group's Debian packages (/usr/share/doc) and npm packages (npm pack)", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause, GPL-2.0+", dir: `${H8}/npm`, file: /\.md$/i, added: GROUP_8 },
  { ext: "yaml", origin: "Kubernetes' examples (GitHub kubernetes/examples 279e8e4)", licence: "Apache-2.0", dir: `${H8}/git/kubernetes+examples`, file: /\.ya?ml$/, added: GROUP_8 },
  { ext: "html", origin: "Apache HTTP Server's manual, English pages (Debian apache2-doc)", licence: "Apache-2.0", dir: `${H8}/deb/usr/share/doc/apache2-doc/manual/en`, file: /\.html$/, holds: HTML_TAG, added: GROUP_8 },
  { ext: "json", origin: "Can I use's feature data (npm caniuse-db 1.0.30001692)", licence: "CC-BY-4.0", dir: `${H8}/npm/caniuse-db-1.0.30001692/package/features-json`, file: /\.json$/, added: GROUP_8 },
  // A ninth group, drawn after this stop's C++, YAML and SQL choices and measured once: every language, from
  // projects no other group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-dateutil 2.8.2, python3-toolz 0.12.0", licence: "Apache-2.0 OR BSD-3-Clause (dateutil), BSD-3-Clause (toolz)", dir: `${H9}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_9 },
  { ext: "js", origin: "npm webpack 5.112.2, eslint 9.39.5 (lib/)", licence: "MIT", dir: `${H9}/npm/webpack-5.112.2/package/lib`, file: /\.js$/, added: GROUP_9 },
  { ext: "js", origin: "npm webpack 5.112.2, eslint 9.39.5 (lib/)", licence: "MIT", dir: `${H9}/npm/eslint-9.39.5/package/lib`, file: /\.js$/, added: GROUP_9 },
  { ext: "ts", origin: "npm typeorm 0.3.31 and @nestjs/common 10.4.22 declarations", licence: "MIT", dir: `${H9}/npm/typeorm-0.3.31/package`, file: /\.d\.ts$/, added: GROUP_9 },
  { ext: "ts", origin: "npm typeorm 0.3.31 and @nestjs/common 10.4.22 declarations", licence: "MIT", dir: `${H9}/npm/nestjs-common-10.4.22/package`, file: /\.d\.ts$/, added: GROUP_9 },
  { ext: "java", origin: "ZXing core and Mockito core sources (GitHub zxing/zxing 7f129804e, mockito/mockito ee8a330da)", licence: "Apache-2.0 (ZXing), MIT (Mockito)", dir: `${H9}/git/zxing+zxing/core/src/main`, file: /\.java$/, added: GROUP_9 },
  { ext: "java", origin: "ZXing core and Mockito core sources (GitHub zxing/zxing 7f129804e, mockito/mockito ee8a330da)", licence: "Apache-2.0 (ZXing), MIT (Mockito)", dir: `${H9}/git/mockito+mockito/mockito-core/src/main`, file: /\.java$/, added: GROUP_9 },
  { ext: "c", origin: "Jansson's, libmicrohttpd's, libyaml's, cJSON's, Mosquitto's, nghttp2's, libssh2's, libsndfile's, Oniguruma's and talloc's headers (Debian libjansson-dev, libmicrohttpd-dev, libyaml-dev, libcjson-dev, libmosquitto-dev, libnghttp2-dev, libssh2-1-dev, libsndfile1-dev, libonig-dev, libtalloc-dev)", licence: "MIT (Jansson, libyaml, cJSON, nghttp2), LGPL-2.1+ (libmicrohttpd, libsndfile), EPL-2.0 OR EDL-1.0 (Mosquitto), BSD-3-Clause (libssh2), BSD-2-Clause (Oniguruma), LGPL-3.0+ (talloc)", dir: `${H9}/deb/usr/include`, file: /\.h$/, except: [`${H9}/deb/usr/include/crypto++`, `${H9}/deb/usr/include/cryptopp`, `${H9}/deb/usr/include/websocketpp`, `${H9}/deb/usr/include/postgresql`], added: GROUP_9 },
  { ext: "cpp", origin: "Crypto++'s, WebSocket++'s and pugixml's headers (Debian libcrypto++-dev, libwebsocketpp-dev, libpugixml-dev)", licence: "BSL-1.0 (Crypto++), BSD-3-Clause (WebSocket++), MIT (pugixml)", dir: `${H9}/deb/usr/include/crypto++`, file: /\.h$/, added: GROUP_9 },
  { ext: "cpp", origin: "Crypto++'s, WebSocket++'s and pugixml's headers (Debian libcrypto++-dev, libwebsocketpp-dev, libpugixml-dev)", licence: "BSL-1.0 (Crypto++), BSD-3-Clause (WebSocket++), MIT (pugixml)", dir: `${H9}/deb/usr/include/websocketpp`, file: /\.hpp$/, added: GROUP_9 },
  { ext: "cpp", origin: "Crypto++'s, WebSocket++'s and pugixml's headers (Debian libcrypto++-dev, libwebsocketpp-dev, libpugixml-dev)", licence: "BSL-1.0 (Crypto++), BSD-3-Clause (WebSocket++), MIT (pugixml)", dir: `${H9}/deb/usr/include`, file: /^pugixml\.hpp$/, shallow: true, added: GROUP_9 },
  { ext: "go", origin: "Debian golang-github-spf13-afero-dev, -hashicorp-hcl-dev, -cenkalti-backoff-dev", licence: "Apache-2.0 (afero), MPL-2.0 (hcl), MIT (backoff)", dir: `${H9}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_9 },
  { ext: "rs", origin: "Debian librust-chrono-dev 0.4.23, librust-url-dev 2.3.1, librust-serde-yaml-dev 0.8.26", licence: "MIT OR Apache-2.0", dir: `${H9}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_9 },
  { ext: "rb", origin: "Debian ruby-mime-types 3.4.1, ruby-mustermann 3.0.0, ruby-rest-client 2.1.0", licence: "MIT", dir: `${H9}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, added: GROUP_9 },
  { ext: "rb", origin: "Debian ruby-mime-types 3.4.1, ruby-mustermann 3.0.0, ruby-rest-client 2.1.0", licence: "MIT", dir: `${H9}/deb/usr/lib/ruby/vendor_ruby`, file: /\.rb$/, added: GROUP_9 },
  { ext: "php", origin: "Debian php-webmozart-assert 1.11.0, php-getid3 1.9.22", licence: "MIT (webmozart/assert), GPL-2.0+ OR LGPL-3.0 OR MPL-2.0 (getID3)", dir: `${H9}/deb/usr/share/php`, file: /\.php$/, added: GROUP_9 },
  { ext: "pl", origin: "Debian libtype-tiny-perl, libpath-tiny-perl, libcapture-tiny-perl, devscripts' modules", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later (Type::Tiny, Path::Tiny, Capture::Tiny), GPL-2.0+ (devscripts)", dir: `${H9}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_9 },
  { ext: "sh", origin: "devscripts', rbenv's and debootstrap's shell scripts (Debian devscripts, rbenv, debootstrap)", licence: "GPL-2.0+ (devscripts), MIT (rbenv), MIT (debootstrap)", dir: `${H9}/deb/usr/bin`, file: /./, shell: true, added: GROUP_9 },
  { ext: "sh", origin: "devscripts', rbenv's and debootstrap's shell scripts (Debian devscripts, rbenv, debootstrap)", licence: "GPL-2.0+ (devscripts), MIT (rbenv), MIT (debootstrap)", dir: `${H9}/deb/usr/sbin`, file: /./, shell: true, added: GROUP_9 },
  { ext: "sh", origin: "devscripts', rbenv's and debootstrap's shell scripts (Debian devscripts, rbenv, debootstrap)", licence: "GPL-2.0+ (devscripts), MIT (rbenv), MIT (debootstrap)", dir: `${H9}/deb/usr/lib/rbenv`, file: /./, shell: true, added: GROUP_9 },
  { ext: "sh", origin: "devscripts', rbenv's and debootstrap's shell scripts (Debian devscripts, rbenv, debootstrap)", licence: "GPL-2.0+ (devscripts), MIT (rbenv), MIT (debootstrap)", dir: `${H9}/deb/usr/share/devscripts`, file: /./, shell: true, added: GROUP_9 },
  { ext: "sql", origin: "Tiny Tiny RSS's schemas and migrations, the ip4r, pgSphere and semver extensions' scripts (Debian tt-rss, postgresql-15-ip4r, postgresql-15-pgsphere, postgresql-15-semver)", licence: "GPL-3.0+ (Tiny Tiny RSS), PostgreSQL (ip4r, semver), BSD-3-Clause (pgSphere)", dir: `${H9}/sqlx/usr/share/tt-rss/schema`, file: /\.sql$/, added: GROUP_9 },
  { ext: "sql", origin: "Tiny Tiny RSS's schemas and migrations, the ip4r, pgSphere and semver extensions' scripts (Debian tt-rss, postgresql-15-ip4r, postgresql-15-pgsphere, postgresql-15-semver)", licence: "GPL-3.0+ (Tiny Tiny RSS), PostgreSQL (ip4r, semver), BSD-3-Clause (pgSphere)", dir: `${H9}/deb/usr/share/postgresql/15/extension`, file: /\.sql$/, added: GROUP_9 },
  { ext: "css", origin: "Semantic UI CSS 2.5.0, Materialize 1.0.0, PaperCSS 1.9.2 stylesheets (npm pack)", licence: "MIT", dir: `${H9}/npm`, file: /^(?!.*\.min\.css$).*\.css$/, except: [`${H9}/npm/webpack-5.112.2`, `${H9}/npm/eslint-9.39.5`], added: GROUP_9 },
  { ext: "md", origin: "READMEs and docs of the ninth group's npm packages and Debian packages, the OpenAPI Specification's versions (GitHub OAI/OpenAPI-Specification 46c1076b)", licence: "each package's own: MIT, PostgreSQL; Apache-2.0 (OpenAPI)", dir: `${H9}/npm`, file: /\.md$/i, added: GROUP_9 },
  { ext: "md", origin: "READMEs and docs of the ninth group's npm packages and Debian packages, the OpenAPI Specification's versions (GitHub OAI/OpenAPI-Specification 46c1076b)", licence: "each package's own: MIT, PostgreSQL; Apache-2.0 (OpenAPI)", dir: `${H9}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_9 },
  { ext: "md", origin: "READMEs and docs of the ninth group's npm packages and Debian packages, the OpenAPI Specification's versions (GitHub OAI/OpenAPI-Specification 46c1076b)", licence: "each package's own: MIT, PostgreSQL; Apache-2.0 (OpenAPI)", dir: `${H9}/git/OAI+OpenAPI-Specification`, file: /\.md$/i, added: GROUP_9 },
  { ext: "yaml", origin: "The OpenAPI Specification's examples and schemas, Serverless' and Docker's Compose examples (GitHub OAI/OpenAPI-Specification 46c1076b, serverless/examples 22865199, docker/awesome-compose 18f59bd)", licence: "Apache-2.0 (OpenAPI), MIT (Serverless examples), CC0-1.0 (awesome-compose)", dir: `${H9}/git`, file: /\.ya?ml$/, except: [`${H9}/git/zxing+zxing`, `${H9}/git/mockito+mockito`], added: GROUP_9 },
  { ext: "html", origin: "Python 3.11's HTML documentation, pgSphere's (Debian python3.11-doc, postgresql-15-pgsphere)", licence: "PSF-2.0, BSD-3-Clause", dir: `${H9}/deb/usr/share/doc`, file: /\.html$/, holds: HTML_TAG, added: GROUP_9 },
  { ext: "json", origin: "JSON Schema's meta-schemas and GDAL's data (Debian python3-jsonschema, gdal-data)", licence: "MIT (jsonschema), MIT (GDAL)", dir: `${H9}/jsonx`, file: /\.json$/, added: GROUP_9 },
  // A tenth group, drawn after the TypeScript property and HTML-in-comments choices and measured once: every
  // language, from projects no other group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-pyparsing 3.0.9, python3-sqlalchemy 1.4.46", licence: "MIT", dir: `${H10}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_10 },
  { ext: "js", origin: "npm mongoose 8.24.10, knex 3.3.0 (lib/)", licence: "MIT", dir: `${H10}/npm/mongoose-8.24.10/package/lib`, file: /\.js$/, added: GROUP_10 },
  { ext: "js", origin: "npm mongoose 8.24.10, knex 3.3.0 (lib/)", licence: "MIT", dir: `${H10}/npm/knex-3.3.0/package/lib`, file: /\.js$/, added: GROUP_10 },
  { ext: "ts", origin: "npm @apollo/client 3.14.1 and class-validator 0.14.4 declarations", licence: "MIT", dir: `${H10}/npm/apollo-client-3.14.1/package`, file: /\.d\.ts$/, added: GROUP_10 },
  { ext: "ts", origin: "npm @apollo/client 3.14.1 and class-validator 0.14.4 declarations", licence: "MIT", dir: `${H10}/npm/class-validator-0.14.4/package/types`, file: /\.d\.ts$/, added: GROUP_10 },
  { ext: "java", origin: "MyBatis 3 and the LMAX Disruptor sources (GitHub mybatis/mybatis-3 69ee03634a, LMAX-Exchange/disruptor 003ac132)", licence: "Apache-2.0", dir: `${H10}/git/mybatis+mybatis-3/src/main`, file: /\.java$/, added: GROUP_10 },
  { ext: "java", origin: "MyBatis 3 and the LMAX Disruptor sources (GitHub mybatis/mybatis-3 69ee03634a, LMAX-Exchange/disruptor 003ac132)", licence: "Apache-2.0", dir: `${H10}/git/LMAX-Exchange+disruptor/src/main`, file: /\.java$/, added: GROUP_10 },
  { ext: "c", origin: "libev's, libconfig's, libzip's, LZ4's, Brotli's, giflib's and libtiff's headers (Debian libev-dev, libconfig-dev, libzip-dev, liblz4-dev, libbrotli-dev, libgif-dev, libtiff-dev)", licence: "BSD-2-Clause (libev, LZ4), LGPL-2.1+ (libconfig), BSD-3-Clause (libzip), MIT (Brotli, giflib), libtiff", dir: `${H10}/deb/usr/include`, file: /^(?!ev\+\+)[\w-]+\.h$/, except: [`${H10}/deb/usr/include/CLI`, `${H10}/deb/usr/include/pqxx`, `${H10}/deb/usr/include/range`, `${H10}/deb/usr/include/concepts`, `${H10}/deb/usr/include/meta`, `${H10}/deb/usr/include/std`], added: GROUP_10 },
  { ext: "cpp", origin: "CLI11's, libpqxx's and range-v3's headers (Debian libcli11-dev, libpqxx-dev, librange-v3-dev)", licence: "BSD-3-Clause (CLI11, libpqxx), BSL-1.0 (range-v3)", dir: `${H10}/deb/usr/include/CLI`, file: /\.(?:hpp|hxx)$/, added: GROUP_10 },
  { ext: "cpp", origin: "CLI11's, libpqxx's and range-v3's headers (Debian libcli11-dev, libpqxx-dev, librange-v3-dev)", licence: "BSD-3-Clause (CLI11, libpqxx), BSL-1.0 (range-v3)", dir: `${H10}/deb/usr/include/pqxx`, file: /\.(?:hpp|hxx)$/, added: GROUP_10 },
  { ext: "cpp", origin: "CLI11's, libpqxx's and range-v3's headers (Debian libcli11-dev, libpqxx-dev, librange-v3-dev)", licence: "BSD-3-Clause (CLI11, libpqxx), BSL-1.0 (range-v3)", dir: `${H10}/deb/usr/include/range`, file: /\.(?:hpp|hxx)$/, added: GROUP_10 },
  { ext: "go", origin: "Debian golang-github-jackc-pgx-v4-dev, golang-github-nats-io-go-nats-dev", licence: "MIT (pgx), Apache-2.0 (nats.go)", dir: `${H10}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_10 },
  { ext: "rs", origin: "Debian librust-syn-dev 1.0.107, librust-time-dev 0.3.9, librust-toml-dev 0.5.11", licence: "MIT OR Apache-2.0", dir: `${H10}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_10 },
  { ext: "rb", origin: "Debian ruby-activesupport 6.1.7", licence: "MIT", dir: `${H10}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, added: GROUP_10 },
  { ext: "php", origin: "Debian phpunit, php-mockery", licence: "BSD-3-Clause", dir: `${H10}/deb/usr/share/php`, file: /\.php$/, added: GROUP_10 },
  { ext: "pl", origin: "Debian libdbix-class-perl (DBIx::Class, SQL::Translator's bits it ships)", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H10}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_10 },
  { ext: "sh", origin: "LXC's templates, cloud-utils' growpart, DKMS (Debian lxc-templates, cloud-guest-utils, dkms)", licence: "LGPL-2.1+ (LXC), GPL-3.0 (cloud-utils), GPL-2.0+ (DKMS)", dir: `${H10}/deb/usr/share/lxc`, file: /./, shell: true, added: GROUP_10 },
  { ext: "sh", origin: "LXC's templates, cloud-utils' growpart, DKMS (Debian lxc-templates, cloud-guest-utils, dkms)", licence: "LGPL-2.1+ (LXC), GPL-3.0 (cloud-utils), GPL-2.0+ (DKMS)", dir: `${H10}/deb/usr/bin`, file: /./, shell: true, added: GROUP_10 },
  { ext: "sh", origin: "LXC's templates, cloud-utils' growpart, DKMS (Debian lxc-templates, cloud-guest-utils, dkms)", licence: "LGPL-2.1+ (LXC), GPL-3.0 (cloud-utils), GPL-2.0+ (DKMS)", dir: `${H10}/deb/usr/sbin`, file: /./, shell: true, added: GROUP_10 },
  { ext: "sh", origin: "LXC's templates, cloud-utils' growpart, DKMS (Debian lxc-templates, cloud-guest-utils, dkms)", licence: "LGPL-2.1+ (LXC), GPL-3.0 (cloud-utils), GPL-2.0+ (DKMS)", dir: `${H10}/deb/usr/lib/dkms`, file: /./, shell: true, added: GROUP_10 },
  { ext: "sql", origin: "PoWA's and prefix's extension scripts (Debian postgresql-15-powa, postgresql-15-prefix)", licence: "PostgreSQL", dir: `${H10}/sqlx/usr/share/postgresql/15/extension`, file: /\.sql$/, added: GROUP_10 },
  { ext: "css", origin: "NES.css 2.2.1, 98.css 0.1.21, github-markdown-css 5.9.0 stylesheets (npm pack)", licence: "MIT", dir: `${H10}/npm`, file: /^(?!.*\.min\.css$).*\.css$/, except: [`${H10}/npm/mongoose-8.24.10`, `${H10}/npm/knex-3.3.0`, `${H10}/npm/apollo-client-3.14.1`, `${H10}/npm/class-validator-0.14.4`], added: GROUP_10 },
  { ext: "md", origin: "READMEs and docs of the tenth group's npm packages, Debian packages and GitHub repositories", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause", dir: `${H10}/npm`, file: /\.md$/i, added: GROUP_10 },
  { ext: "md", origin: "READMEs and docs of the tenth group's npm packages, Debian packages and GitHub repositories", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause", dir: `${H10}/deb/usr/share/doc`, file: /\.md$/i, added: GROUP_10 },
  { ext: "md", origin: "READMEs and docs of the tenth group's npm packages, Debian packages and GitHub repositories", licence: "each package's own: MIT, Apache-2.0, BSD-3-Clause", dir: `${H10}/git`, file: /\.md$/i, added: GROUP_10 },
  { ext: "yaml", origin: "Argo Workflows' examples and Azure Pipelines' templates (GitHub argoproj/argo-workflows f016ad89eb, microsoft/azure-pipelines-yaml d0943c1)", licence: "Apache-2.0 (Argo), MIT (Azure Pipelines)", dir: `${H10}/git`, file: /\.ya?ml$/, except: [`${H10}/git/mybatis+mybatis-3`, `${H10}/git/LMAX-Exchange+disruptor`], added: GROUP_10 },
  { ext: "html", origin: "Erlang/OTP's HTML documentation (Debian erlang-doc)", licence: "Apache-2.0", dir: `${H10}/deb/usr/share/doc`, file: /\.html$/, holds: HTML_TAG, added: GROUP_10 },
  { ext: "json", origin: "MDN's CSS and API data, nbformat's schemas, the language subtag registry, timezones.json (Debian node-mdn-data, python3-nbformat; npm language-subtag-registry 0.3.23, timezones.json 1.7.2)", licence: "CC0-1.0 (mdn-data), BSD-3-Clause (nbformat), ODC-By-1.0 (subtag registry), MIT (timezones.json)", dir: `${H10}/jsonx`, file: /\.json$/, added: GROUP_10 },
  { ext: "json", origin: "MDN's CSS and API data, nbformat's schemas, the language subtag registry, timezones.json (Debian node-mdn-data, python3-nbformat; npm language-subtag-registry 0.3.23, timezones.json 1.7.2)", licence: "CC0-1.0 (mdn-data), BSD-3-Clause (nbformat), ODC-By-1.0 (subtag registry), MIT (timezones.json)", dir: `${H10}/npm/language-subtag-registry-0.3.23`, file: /\.json$/, added: GROUP_10 },
  { ext: "json", origin: "MDN's CSS and API data, nbformat's schemas, the language subtag registry, timezones.json (Debian node-mdn-data, python3-nbformat; npm language-subtag-registry 0.3.23, timezones.json 1.7.2)", licence: "CC0-1.0 (mdn-data), BSD-3-Clause (nbformat), ODC-By-1.0 (subtag registry), MIT (timezones.json)", dir: `${H10}/npm/timezones.json-1.7.2`, file: /\.json$/, added: GROUP_10 },
  // An eleventh group, drawn after the Python import-list rule and measured once: every language, from projects no
  // other group, tuning or training source holds.
  { ext: "py", origin: "Debian python3-pydantic 1.10.4, python3-httpx 0.23.3", licence: "MIT (pydantic), BSD-3-Clause (httpx)", dir: `${H11}/deb/usr/lib/python3/dist-packages`, file: /^[a-z_]+\.py$/, added: GROUP_11 },
  { ext: "js", origin: "npm nunjucks 3.2.4 (src/), superagent 10.4.2 (lib/)", licence: "BSD-2-Clause (nunjucks), MIT (superagent)", dir: `${H11}/npm/nunjucks-3.2.4/package/src`, file: /\.js$/, added: GROUP_11 },
  { ext: "js", origin: "npm nunjucks 3.2.4 (src/), superagent 10.4.2 (lib/)", licence: "BSD-2-Clause (nunjucks), MIT (superagent)", dir: `${H11}/npm/superagent-10.4.2/package/lib`, file: /\.js$/, added: GROUP_11 },
  { ext: "ts", origin: "npm sequelize 6.37.8 and @mikro-orm/core 6.6.16 declarations", licence: "MIT", dir: `${H11}/npm/sequelize-6.37.8/package`, file: /\.d\.ts$/, added: GROUP_11 },
  { ext: "ts", origin: "npm sequelize 6.37.8 and @mikro-orm/core 6.6.16 declarations", licence: "MIT", dir: `${H11}/npm/mikro-orm-core-6.6.16/package`, file: /\.d\.ts$/, added: GROUP_11 },
  { ext: "java", origin: "Feign core and Google Auto (AutoValue, AutoFactory, AutoService, Common) sources (GitHub OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git/OpenFeign+feign/core/src/main`, file: /\.java$/, added: GROUP_11 },
  { ext: "java", origin: "Feign core and Google Auto (AutoValue, AutoFactory, AutoService, Common) sources (GitHub OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git/google+auto/value/src/main`, file: /\.java$/, added: GROUP_11 },
  { ext: "java", origin: "Feign core and Google Auto (AutoValue, AutoFactory, AutoService, Common) sources (GitHub OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git/google+auto/factory/src/main`, file: /\.java$/, added: GROUP_11 },
  { ext: "java", origin: "Feign core and Google Auto (AutoValue, AutoFactory, AutoService, Common) sources (GitHub OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git/google+auto/service/src/main`, file: /\.java$/, added: GROUP_11 },
  { ext: "java", origin: "Feign core and Google Auto (AutoValue, AutoFactory, AutoService, Common) sources (GitHub OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git/google+auto/common/src/main`, file: /\.java$/, added: GROUP_11 },
  { ext: "c", origin: "libexif's, libmnl's, libnftnl's, libevdev's, Ogg's, Vorbis', FLAC's and mpg123's headers (Debian libexif-dev, libmnl-dev, libnftnl-dev, libevdev-dev, libogg-dev, libvorbis-dev, libflac-dev, libmpg123-dev)", licence: "LGPL-2.1+ (libexif, libmnl, libnftnl, mpg123), MIT (libevdev), BSD-3-Clause (Ogg, Vorbis, FLAC)", dir: `${H11}/deb/usr/include`, file: /\.h$/, except: [`${H11}/deb/usr/include/sigc++-2.0`, `${H11}/deb/usr/include/OpenEXR`, `${H11}/deb/usr/include/benchmark`], added: GROUP_11 },
  { ext: "cpp", origin: "libsigc++'s, OpenEXR's and Google Benchmark's headers (Debian libsigc++-2.0-dev, libopenexr-dev, libbenchmark-dev)", licence: "LGPL-2.1+ (libsigc++), BSD-3-Clause (OpenEXR), Apache-2.0 (Benchmark)", dir: `${H11}/deb/usr/include/sigc++-2.0`, file: /\.h$/, added: GROUP_11 },
  { ext: "cpp", origin: "libsigc++'s, OpenEXR's and Google Benchmark's headers (Debian libsigc++-2.0-dev, libopenexr-dev, libbenchmark-dev)", licence: "LGPL-2.1+ (libsigc++), BSD-3-Clause (OpenEXR), Apache-2.0 (Benchmark)", dir: `${H11}/deb/usr/include/OpenEXR`, file: /\.h$/, added: GROUP_11 },
  { ext: "cpp", origin: "libsigc++'s, OpenEXR's and Google Benchmark's headers (Debian libsigc++-2.0-dev, libopenexr-dev, libbenchmark-dev)", licence: "LGPL-2.1+ (libsigc++), BSD-3-Clause (OpenEXR), Apache-2.0 (Benchmark)", dir: `${H11}/deb/usr/include/benchmark`, file: /\.h$/, added: GROUP_11 },
  { ext: "go", origin: "Debian golang-github-spf13-cast-dev, golang-github-gorilla-sessions-dev, golang-github-go-kit-kit-dev", licence: "MIT (cast, go-kit), BSD-3-Clause (sessions)", dir: `${H11}/deb/usr/share/gocode/src`, file: /^[a-z_]+\.go$/, added: GROUP_11 },
  { ext: "rs", origin: "Debian librust-base64-dev 0.13.0, librust-uuid-dev 1.2.1, librust-nix-dev 0.26.1", licence: "MIT OR Apache-2.0 (base64, uuid), MIT (nix)", dir: `${H11}/deb/usr/share/cargo/registry`, file: /\.rs$/, added: GROUP_11 },
  { ext: "rb", origin: "Debian ruby-concurrent 1.1.6, ruby-mail", licence: "MIT", dir: `${H11}/deb/usr/share/rubygems-integration/all/gems`, file: /\.rb$/, added: GROUP_11 },
  { ext: "rb", origin: "Debian ruby-concurrent 1.1.6, ruby-mail", licence: "MIT", dir: `${H11}/deb/usr/lib/ruby/vendor_ruby`, file: /\.rb$/, added: GROUP_11 },
  { ext: "php", origin: "Debian php-tcpdf, php-phpdocumentor-reflection-docblock", licence: "LGPL-3.0+ (TCPDF), MIT (phpDocumentor)", dir: `${H11}/deb/usr/share/php`, file: /\.php$/, added: GROUP_11 },
  { ext: "pl", origin: "Debian libhttp-message-perl, libio-socket-ssl-perl", licence: "Artistic-1.0-Perl OR GPL-1.0-or-later", dir: `${H11}/deb/usr/share/perl5`, file: /\.pm$/, added: GROUP_11 },
  { ext: "sh", origin: "live-build's scripts, openresolv's subscribers (Debian live-build, openresolv)", licence: "GPL-3.0+ (live-build), BSD-2-Clause (openresolv)", dir: `${H11}/deb/usr/lib/live`, file: /./, shell: true, added: GROUP_11 },
  { ext: "sh", origin: "live-build's scripts, openresolv's subscribers (Debian live-build, openresolv)", licence: "GPL-3.0+ (live-build), BSD-2-Clause (openresolv)", dir: `${H11}/deb/usr/share/live`, file: /./, shell: true, added: GROUP_11 },
  { ext: "sh", origin: "live-build's scripts, openresolv's subscribers (Debian live-build, openresolv)", licence: "GPL-3.0+ (live-build), BSD-2-Clause (openresolv)", dir: `${H11}/deb/lib`, file: /./, shell: true, added: GROUP_11 },
  { ext: "sh", origin: "live-build's scripts, openresolv's subscribers (Debian live-build, openresolv)", licence: "GPL-3.0+ (live-build), BSD-2-Clause (openresolv)", dir: `${H11}/deb/usr/bin`, file: /./, shell: true, added: GROUP_11 },
  { ext: "sql", origin: "pglogical's, RUM's and HLL's extension scripts (Debian postgresql-15-pglogical, postgresql-15-rum, postgresql-15-hll)", licence: "PostgreSQL (pglogical, RUM), Apache-2.0 (HLL)", dir: `${H11}/sqlx/usr/share/postgresql/15/extension`, file: /\.sql$/, added: GROUP_11 },
  { ext: "css", origin: "Chota 0.9.2, mini.css 3.0.1, Sakura 1.5.1 stylesheets (npm pack; not the normalize.css Sakura carries)", licence: "MIT", dir: `${H11}/npm`, file: /^(?!normalize)(?!.*\.min\.css$).*\.css$/, except: [`${H11}/npm/nunjucks-3.2.4`, `${H11}/npm/superagent-10.4.2`, `${H11}/npm/sequelize-6.37.8`, `${H11}/npm/mikro-orm-core-6.6.16`], added: GROUP_11 },
  { ext: "md", origin: "READMEs and docs of the eleventh group's npm packages and GitHub repositories", licence: "each package's own: MIT, BSD-2-Clause, Apache-2.0", dir: `${H11}/npm`, file: /\.md$/i, added: GROUP_11 },
  { ext: "md", origin: "READMEs and docs of the eleventh group's npm packages and GitHub repositories", licence: "each package's own: MIT, BSD-2-Clause, Apache-2.0", dir: `${H11}/git`, file: /\.md$/i, added: GROUP_11 },
  { ext: "yaml", origin: "Elastic's Helm charts (values and examples, not the templates), Feign's and Auto's workflows (GitHub elastic/helm-charts 2fd64d0a, OpenFeign/feign 4b7c1eb51, google/auto 2776e288b)", licence: "Apache-2.0", dir: `${H11}/git`, file: /\.ya?ml$/, except: [`${H11}/git/elastic+helm-charts/filebeat/templates`, `${H11}/git/elastic+helm-charts/logstash/templates`, `${H11}/git/elastic+helm-charts/kibana/templates`, `${H11}/git/elastic+helm-charts/apm-server/templates`, `${H11}/git/elastic+helm-charts/metricbeat/templates`, `${H11}/git/elastic+helm-charts/elasticsearch/templates`], added: GROUP_11 },
  { ext: "html", origin: "GLib's, GObject's and GIO's reference manuals (Debian libglib2.0-doc)", licence: "LGPL-2.1+", dir: `${H11}/deb/usr/share/gtk-doc/html`, file: /\.html$/, holds: HTML_TAG, added: GROUP_11 },
  { ext: "json", origin: "JSON Schema's test suite (npm json-schema-test-suite 0.0.10)", licence: "MIT", dir: `${H11}/npm/json-schema-test-suite-0.0.10/package/tests`, file: /\.json$/, added: GROUP_11 },
  // A twelfth group, C and C++ only, drawn after the rule on how a C-family window comments and measured once: headers
  // of projects no group, tuning or training source holds (Debian packages unpacked into `h12/c` and `h12/cpp`), not
  // GMP's C++ interface (gmpxx.h) among the C nor LevelDB's C interface (leveldb/c.h) among the C++. libjpeg-turbo and
  // GoogleTest, first drawn with them, were left out and the group drawn again: the tuning sources read the machine's
  // `/usr/include/jpeglib.h` and the model trains on GoogleTest (`scripts/heldOutOverlap.ts` found them).
  { ext: "c", origin: "GMP's, libffi's, Gumbo's, LMDB's, Mbed TLS's, libcbor's and xxHash's headers (Debian libgmp-dev, libffi-dev, libgumbo-dev, liblmdb-dev, libmbedtls-dev, libcbor-dev, libxxhash-dev)", licence: "LGPL-3.0+ OR GPL-2.0+ (GMP), MIT (libffi, libcbor), Apache-2.0 (Gumbo, Mbed TLS), OLDAP-2.8 (LMDB), BSD-2-Clause (xxHash)", dir: `${H12}/c/usr/include`, file: /^(?!gmpxx\.h$)[\w-]+\.h$/, added: GROUP_12 },
  { ext: "cpp", origin: "LevelDB's, RE2's, TinyXML-2's, cxxopts', Microsoft GSL's and UTF8-CPP's headers (Debian libleveldb-dev, libre2-dev, libtinyxml2-dev, libcxxopts-dev, libmsgsl-dev, libutfcpp-dev)", licence: "BSD-3-Clause (LevelDB, RE2), Zlib (TinyXML-2), MIT (cxxopts, GSL), BSL-1.0 (UTF8-CPP)", dir: `${H12}/cpp/usr/include`, file: /^(?!c\.h$)(?:[a-z_]+|[\w-]+\.(?:h|hpp))$/, added: GROUP_12 }
]

/** The sources a group of windows is drawn from: a language's, on the day they were added. */
const groupOf = (source: Source) => `${source.ext} ${source.added ?? ""}`

const filesOf = (group: string) =>
  SOURCES.filter((source) => groupOf(source) === group).flatMap((source) =>
    filesUnder(source.dir.startsWith("/") ? source.dir : join(process.cwd(), source.dir), {
      name: source.file,
      minBytes: 1500,
      maxBytes: 400_000,
      shallow: source.shallow === true,
      ...(source.except === undefined ? {} : { except: source.except })
    })
      .filter((path) => source.shell !== true || isShellScript(readFileSync(path, "utf8")))
      .map((path) => ({ path, source }))
  )

/** Languages' windows: 12 of 10–19 lines, 12 of 20–29, 12 of 30–40, for each group of sources added on `day`. */
const windows = (day: string | undefined) => {
  const random = seeded(day === undefined ? 2026 : day === DAY_2 ? 2411 : Number(day.replaceAll("-", "")))
  const out: Array<{ ext: string; lines: number; code: string; origin: string; licence: string; added?: string }> = []
  for (const group of [...new Set(SOURCES.filter((source) => source.added === day).map(groupOf))]) {
    const ext = group.split(" ")[0]
    const files = filesOf(group)
    // Shuffled with the seed, so the windows come from many files.
    const order = files.map((file) => ({ file, key: random() })).sort((a, b) => a.key - b.key).map((x) => x.file)
    for (const [low, high] of [[10, 19], [20, 29], [30, 40]]) {
      let taken = 0
      for (const { path, source } of order) {
        if (taken === 12) break
        const lines = readFileSync(path, "utf8").split("\n")
        const length = low + Math.floor(random() * (high - low + 1))
        if (lines.length < length + 4) continue
        const start = Math.floor(random() * (lines.length - length))
        const window = lines.slice(start, start + length)
        // Real pastes hold code: windows mostly blank are redrawn from another file.
        if (window.filter((line) => line.trim().length > 0).length < 0.6 * length) continue
        if (source.holds !== undefined && !source.holds.test(window.join("\n"))) continue
        out.push({
          ext,
          lines: length,
          code: window.join("\n"),
          origin: `${source.origin}: ${path.split("/").slice(-3).join("/")}`,
          licence: source.licence,
          ...(day !== undefined && NAMED_GROUPS.includes(day) ? { added: day } : {})
        })
        taken++
      }
      if (taken < 12) console.warn(`${ext} ${low}-${high}: only ${taken} windows`)
    }
  }
  return out
}

/** Where a function starts, per language: group 1 its indentation, group 2 its name. */
const HEADERS: Record<string, RegExp> = {
  js: /^(\s*)(?:export\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(.*\{\s*$/,
  ts: /^(\s*)(?:export\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[<(].*\{\s*$/,
  java: /^(\s*)(?:(?:public|private|protected|static|final|synchronized|abstract|default)\s+)+[\w<>[\], ?]+\s+([a-z]\w*)\s*\([^;]*\)\s*(?:throws [\w., ]+)?\{\s*$/,
  go: /^()func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(.*\{\s*$/,
  rs: /^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe)\s+)*fn\s+([A-Za-z_]\w*).*\{\s*$/,
  c: /^()(?:static\s+)?(?:[\w*]+\s+)+\**([a-z_]\w*)\s*\([^;]*\)\s*\{?\s*$/,
  py: /^(\s*)(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/,
  rb: /^(\s*)def\s+(?:self\.)?([A-Za-z_]\w*[?!=]?)/
}

/** A function's lines from its header: to the brace (or `end`) at its indentation, or while indented (Python). */
const functionAt = (lines: ReadonlyArray<string>, at: number, indent: string, ext: string): Array<string> | undefined => {
  for (let i = at + 1; i < lines.length && i < at + 80; i++) {
    const line = lines[i]
    if (ext === "py") {
      if (line.trim() !== "" && !line.startsWith(indent + " ") && !line.startsWith(indent + "\t")) {
        return lines.slice(at, i).join("\n").trimEnd().split("\n")
      }
      continue
    }
    const closing = ext === "rb" ? `${indent}end` : `${indent}}`
    if (line === closing || (ext !== "rb" && line.startsWith(closing) && /^\}\s*[;,)]?\s*$/.test(line.slice(indent.length)))) {
      return lines.slice(at, i + 1)
    }
  }
  return undefined
}

const functions = () => {
  const out: Array<{ ext: string; name: string; code: string; origin: string; licence: string }> = []
  const seen = new Set<string>()
  for (const ext of Object.keys(HEADERS)) {
    let taken = 0
    for (const { path, source } of filesOf(`${ext} `)) {
      if (taken === 500) break
      const lines = readFileSync(path, "utf8").split("\n")
      for (let at = 0; at < lines.length && taken < 500; at++) {
        const header = HEADERS[ext].exec(lines[at])
        if (header === null || /^(if|for|while|switch|catch|return)$/.test(header[2])) continue
        const body = functionAt(lines, at, header[1], ext)
        if (body === undefined || body.length < 4 || body.length > 60) continue
        const code = body.map((line) => line.slice(header[1].length)).join("\n")
        const key = code.replace(/\s+/g, " ")
        if (seen.has(key)) continue
        seen.add(key)
        out.push({ ext, name: header[2], code, origin: `${source.origin}: ${path.split("/").slice(-3).join("/")}`, licence: source.licence })
        taken++
        at += body.length - 1
      }
    }
    console.log(`${ext}: ${taken} functions`)
  }
  return out
}

const write = (windows: ReadonlyArray<unknown>) => {
  writeFileSync(join(here, "languages.json"), JSON.stringify(windows, null, 0).replaceAll("},{", "},\n{") + "\n")
  console.log(`${windows.length} language windows`)
}
// `--add DAY`: only the windows of sources added that day, after the ones already drawn.
const adding = process.argv.indexOf("--add")
if (adding !== -1) {
  write([...JSON.parse(readFileSync(join(here, "languages.json"), "utf8")), ...windows(process.argv[adding + 1])])
  process.exit(0)
}
write([...windows(undefined), ...windows(DAY_2)])
const heldOut = functions()
writeFileSync(join(here, "functions.json"), JSON.stringify(heldOut, null, 0).replaceAll("},{", "},\n{") + "\n")
console.log(`${heldOut.length} functions`)
