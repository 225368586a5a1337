import { describe, expect, it } from "@effect/vitest"
import {
  isGoSource,
  isMarkdownWithCode,
  isMarkdownWithHtml,
  isPythonImportList,
  isSqlScript,
  isStylesheet,
  isYamlDocument,
  markdownLinesAroundCode,
  sqlScriptShare,
  stylesheetShare,
  yamlDocumentShare
} from "../../src/domain/LanguageLines.ts"

describe("isGoSource", () => {
  it("finds Go's package clause and build constraints, not Java's or Perl's package, nor Go in a Markdown fence", () => {
    expect(isGoSource("// Licensed under the Apache License\n\npackage prometheus\n")).toBe(true)
    expect(isGoSource("package main // the command\n")).toBe(true)
    expect(isGoSource("//go:build linux\n\nimport \"os\"\n")).toBe(true)
    expect(isGoSource("// +build !windows\n")).toBe(true)
    expect(isGoSource("package org.example;\n\nimport java.util.List;\n")).toBe(false)
    expect(isGoSource("package Dpkg::Source;\n\nuse strict;\n")).toBe(false)
    expect(isGoSource("Install it:\n\n```go\npackage main\n```\n")).toBe(false)
  })
})

describe("isSqlScript", () => {
  const schema = [
    "DROP TABLE messages;",
    "",
    "CREATE TABLE messages (",
    "  message_id integer NOT NULL PRIMARY KEY,",
    "  user_id integer NOT NULL default '0',",
    "  subject varchar(255) NOT NULL default '',",
    "  created datetime NOT NULL",
    ");",
    "",
    "CREATE INDEX ix_messages_user ON messages(user_id);"
  ].join("\n")

  it("takes scripts of any dialect: definitions, writes, queries with their comments", () => {
    expect(isSqlScript(schema)).toBe(true)
    expect(isSqlScript("-- the newest first\nSELECT id, name\nFROM users\nWHERE active = 1\nORDER BY created DESC;\n"))
      .toBe(true)
    expect(isSqlScript("INSERT INTO domains (name, type) VALUES ('example.org', 'NATIVE');\nGO\n")).toBe(true)
    expect(
      isSqlScript("CREATE TABLE `cache` (\n `user_id` int(10) UNSIGNED NOT NULL,\n `data` longtext NOT NULL\n);\n")
    ).toBe(true)
  })

  it("takes scripts written in lower case, and SQL Server's bracketed types", () => {
    expect(isSqlScript(schema.toLowerCase())).toBe(true)
    expect(isSqlScript("create table t1 (a int, b varchar(10));\ninsert into t1 values (1, 'x');\nselect * from t1\n" +
      "where a > 0;\ndrop table t1;\n")).toBe(true)
    expect(isSqlScript("CREATE TABLE [dbo].[users] (\n  [user_id] [int] IDENTITY (1, 1) NOT NULL ,\n" +
      "  [created] [datetime] NOT NULL\n)\nGO\n")).toBe(true)
  })

  it("takes procedural bodies (PL/pgSQL) in either case, their `return` and the words in their strings SQL's", () => {
    const body = [
      "create or replace function clin.trf_upd_episode() returns trigger as $$",
      "declare",
      "  v_count integer;",
      "begin",
      "  -- this counts the open episodes",
      "  select count(*) into v_count from clin.episode where fk_health_issue = new.pk;",
      "  if v_count = 0 then",
      "    raise exception 'no episode for this issue: %', new.pk;",
      "  end if;",
      "  return new;",
      "end;",
      "$$ language plpgsql;"
    ].join("\n")
    expect(isSqlScript(body)).toBe(true)
    expect(isSqlScript(body.toUpperCase())).toBe(true)
  })

  it("takes a view's column list and an INSERT's rows of values", () => {
    const view = [
      "create view dem.v_provider_inbox as",
      "select",
      "\t(select short_alias from dem.staff where dem.staff.pk = pi.fk_staff) as provider,",
      "\tpi.importance,",
      "\tvit.category,",
      "\tpi.ufk_context as pk_context,",
      "\tcoalesce(tr.val_target_min, tr.val_normal_min)",
      "\t\tas unified_target_min,",
      "\tpi.fk_staff as pk_staff"
    ].join("\n")
    expect(isSqlScript(view)).toBe(true)
    const rows = "INSERT INTO menu_attribute\n(id, node_id, attribute, value) VALUES\n(228, 90, 'module', 'template.pm'),\n" +
      "(229, 90, 'action', 'display'),\n(230, 90, 'template_name', 'product_receipt'),\n(231, 90, 'format', NULL);\n"
    expect(isSqlScript(rows)).toBe(true)
  })

  it("leaves SQL a host language embeds to the model", () => {
    const typescript = `export const migrate = sql\`\n${schema}\n\``
    expect(sqlScriptShare(typescript)).toBe(0)
    const python = `def create(cursor):\n    cursor.execute("""\n${schema}\n""")\n`
    expect(isSqlScript(python)).toBe(false)
    const php = `$this->db->query(\n  "SELECT id FROM users WHERE name = ?",\n  $name\n);\n`
    expect(isSqlScript(php)).toBe(false)
    // A host's words in SQL's strings are not a host; a host's code around SQL's `return` is.
    const plpgsqlInPython = `def upgrade(cursor):\n    cursor.execute("""\n${"if v then\n  return 1;\nend if;\n"}""")\n`
    expect(isSqlScript(plpgsqlInPython)).toBe(false)
  })

  it("needs a statement and half the lines SQL's: prose and rules of dashes are not", () => {
    expect(isSqlScript("Select the file from the menu, then choose a folder.\nIt opens in a new window.\n")).toBe(false)
    expect(isSqlScript("---\ntitle: Setup\n---\nSelect a database from the list.\nThen press OK.\n")).toBe(false)
    expect(isSqlScript("  id integer NOT NULL,\n  name text\n")).toBe(false)
    // Rows of values without a statement are any language's tuples.
    expect(isSqlScript("(1, 'a'),\n(2, 'b'),\n(3, 'c'),\n")).toBe(false)
    // Prose capitalises the words scripts write in capitals or in lower case.
    expect(isSqlScript("Select the rows from the table you need.\nWhen done, Set the path.\nThen Update it.\n"))
      .toBe(false)
  })
})

describe("isMarkdownWithHtml", () => {
  it("finds Markdown's own blocks (heading, fence, link, link definition) outside preformatted HTML", () => {
    const badges = '<p align="center"><img src="logo.svg"></p>\n'
    expect(isMarkdownWithHtml(`${badges}## Install\n`)).toBe(true)
    expect(isMarkdownWithHtml(`${badges}Read [the guide](https://acme.dev/guide).\n`)).toBe(true)
    expect(isMarkdownWithHtml(`${badges}[guide]: https://acme.dev/guide\n`)).toBe(true)
    expect(isMarkdownWithHtml(`${badges}\`\`\`sh\nnpm install\n\`\`\`\n`)).toBe(true)
    expect(isMarkdownWithHtml(badges)).toBe(false)
    expect(isMarkdownWithHtml('<pre class="programlisting">\n# generated, do not edit\n</pre>\n')).toBe(false)
  })
})

describe("isMarkdownWithCode", () => {
  const example = "```js\nconst qs = require('qs')\nqs.stringify({ a: 1 })\n```"

  it("finds a document's headings, lists and sentences around its fenced examples", () => {
    expect(isMarkdownWithCode(`## Usage\n\nYou can stringify any object:\n\n${example}\n`)).toBe(true)
    expect(isMarkdownWithCode(`${example}\n\n- Nested objects are supported too.\n[npm]: https://npmjs.org/qs\n`))
      .toBe(true)
    // The window starts inside an example: its first fence, bare, closes it.
    expect(markdownLinesAroundCode("qs.parse('a=1')\n```\n\n### Options\n\nSee the list below.\n")).toBe(2)
  })

  it("leaves code alone: a single block, one sentence before it, a doc comment's example", () => {
    expect(isMarkdownWithCode(example)).toBe(false)
    expect(isMarkdownWithCode(`Here is how to use it:\n${example}\n`)).toBe(false)
    const tsdoc = `/**\nCreate a function type with the same parameters.\n\nUse it to wrap a function.\n\n@example\n` +
      "```\ntype F = SetReturnType<G, void>;\n```\n\n@category Function\n*/\nexport type SetReturnType<F, R> = R;\n"
    expect(markdownLinesAroundCode(tsdoc)).toBe(-1)
    expect(markdownLinesAroundCode("## Usage\n\nNo examples here, only prose.\n")).toBe(-1)
  })
})

describe("isPythonImportList", () => {
  it("takes a package's imports of names, bracketed ones and __all__ included", () => {
    const init = "from .exceptions import TemplateError as TemplateError\nfrom .loaders import BaseLoader as BaseLoader\n" +
      "from .loaders import ChoiceLoader as ChoiceLoader\nfrom .runtime import Undefined\n"
    expect(isPythonImportList(init)).toBe(true)
    const bracketed = "from .sql import (\n    alias,\n    and_,\n    between as between,\n)\nfrom .schema import Table\n" +
      "from .schema import Sequence\n__all__ = ['alias', 'Table']\n"
    expect(isPythonImportList(bracketed)).toBe(true)
  })

  it("leaves other languages' imports and prose alone", () => {
    expect(isPythonImportList('import { a } from "./a"\nimport { b } from "./b"\nimport { c } from "./c"\n')).toBe(false)
    expect(isPythonImportList("import java.util.List;\nimport java.util.Map;\nimport java.util.Set;\n")).toBe(false)
    expect(isPythonImportList("Data comes from the network.\nfrom there import it\nThen save it.\n")).toBe(false)
    // Two imports above a function are the model's to weigh.
    expect(isPythonImportList("from os import path\nfrom sys import argv\n\ndef main():\n    return path\n")).toBe(false)
  })
})

describe("isYamlDocument", () => {
  it("takes configuration, data and locales: mappings, items, comments and block text", () => {
    const config = "RSpec/ChangeByZero:\n  Description: Prefer negated matchers.\n  Enabled: pending\n" +
      "  Include:\n    - spec/**/*.rb\n  # since 2.11\n  VersionAdded: '2.11'\n"
    expect(isYamlDocument(config)).toBe(true)
    const help = "help_text:\n  brief: Update an instance.\n  description: |\n    Updates the description; see\n" +
      "    $ {parent} list for more.\n  examples: |-\n    To update it, run: {command} my-instance\n"
    expect(yamlDocumentShare(help)).toBe(1)
    expect(isYamlDocument("translations:\n  ja: ヌエボ・レオン州\n  ko: 누에보레온 주\n  nl: Nuevo León\n")).toBe(true)
  })

  it("takes flow collections spread over lines and plain text that goes on over lines", () => {
    const locale = "  metals: [\n    'Iron', 'Steel', 'Tin',\n    'Pewter', 'Zinc',\n  ]\n  colors: [\"red\", \"blue\",\n" +
      "    \"green\"]\n  origin: Scadrial\n"
    expect(yamlDocumentShare(locale)).toBe(1)
    const changelog = "  minor_changes:\n    - content_upload - add support for uploads (https://github.com/x/y/pull/1,\n" +
      "      https://github.com/x/y/pull/2).\n    - snapshot - ignore schedules being deleted,\n" +
      "      which failed before.\n  release_date: '2022-05-02'\n"
    expect(yamlDocumentShare(changelog)).toBe(1)
  })

  it("leaves code and prose that write `key: value` alone", () => {
    expect(isYamlDocument("const options = {\n  retries: 3,\n  timeout: 1000,\n}\n")).toBe(false)
    expect(isYamlDocument("a {\n  color: red;\n  margin: 0;\n}\n")).toBe(false)
    expect(isYamlDocument("CACHE: dict[str, int] = {}\nLIMIT: int = 10\nNAME: str = 'x'\n")).toBe(false)
    const list = "### Parameters\n\n- **dispatch**: the function called\n- **opts**: options\nReturns: nothing\n"
    expect(isYamlDocument(list)).toBe(false)
    const linked = "- _schema_: the [current](#schema) schema\n- _root_: the schema passed\nNote: see below\n"
    expect(isYamlDocument(linked)).toBe(false)
    const docstring = "      prog : string\n        the name of the current program (to override\n        os.path.basename(sys.argv[0])).\n" +
      "      description : string\n        A paragraph of text giving a brief overview.\n"
    expect(yamlDocumentShare(docstring)).toBe(0)
    expect(isYamlDocument("const options = {\n  retries: [\n    1, 2,\n  ];\n  timeout: 1000\n}\n")).toBe(false)
    // A bare list of scalars is a Markdown list as much as YAML: two mappings at least.
    expect(yamlDocumentShare("- C\n- C++\n- Go\n- Rust\n")).toBe(0)
  })
})

describe("isStylesheet", () => {
  it("takes stylesheets with custom properties, :where(), nesting, one-line rules and trailing comments", () => {
    const tokens = ":where(html) {\n  --font-size-0: .75rem;\n  --shadow-color: 220 3% 15%; /* light */\n" +
      "  --ease-3: cubic-bezier(.25, 0, .3, 1);\n}\n"
    expect(isStylesheet(tokens)).toBe(true)
    const nested = ".btn {\n  color: var(--_text);\n  &:where([type=\"reset\"]) {\n    --_text: var(--red-2);\n" +
      "  }\n}\n:where(li) { padding-inline-start: var(--size-2) }\n"
    expect(isStylesheet(nested)).toBe(true)
  })

  it("leaves TypeScript's interfaces, objects and YAML's `key: value` alone", () => {
    expect(isStylesheet("interface Props {\n  color: string;\n  margin: number;\n}\n")).toBe(false)
    expect(stylesheetShare("const theme = {\n  color: '#fff',\n  margin: '4px',\n}\n")).toBe(0)
    // YAML ends no value with `;`.
    expect(stylesheetShare("runs-on: ubuntu-latest\ntimeout-minutes: 10\nbackground-color: #fff\n")).toBe(0)
  })
})
