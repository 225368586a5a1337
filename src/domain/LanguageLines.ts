/**
 * Lines only one language writes, which decide a snippet where the model (`LanguageDetection`) weighs habits and
 * misreads it: a licence header over a Go package clause, an SQL script of a dialect (or a case) the model did not
 * train on, a README whose HTML badges or code examples outweigh its Markdown, a YAML document of data or
 * configuration, a Python package's list of imports. Each was chosen on tuning sources (none in `bench/heldout`),
 * against every other language's tuning windows: `scripts/tuneGoLines.ts`, `scripts/tuneSqlScripts.ts`,
 * `scripts/tuneMarkup.ts`, `scripts/tuneYamlDocuments.ts`, `scripts/tuneStylesheets.ts`,
 * `scripts/tunePythonImports.ts`.
 */

/** A Markdown fence's line: what follows is an example in a document, whatever its language. */
const FENCE_LINE = /^\s*```/
const FENCE = new RegExp(FENCE_LINE.source, "m")

/**
 * Go's package clause (Java's and Perl's end in `;`) and build constraints. On the tuning sources every Go file holds
 * one and no file of the other 17 languages does.
 */
export const GO_LINE = /^package [a-z_][a-z0-9_]*[ \t]*(?:\/\/.*)?$|^\/\/go:build |^\/\/ \+build /m

/** Go, by a line only Go writes, outside a Markdown fence. */
export const isGoSource = (sample: string): boolean => GO_LINE.test(sample) && !FENCE.test(sample)

/** A name a Python import brings in, maybe renamed: `BaseLoader`, `BaseLoader as Loader`. */
const IMPORTED_NAME = String.raw`[A-Za-z_]\w*(?:\s+as\s+[A-Za-z_]\w*)?`
/**
 * Python's imports of names (`from .loaders import BaseLoader as BaseLoader`): no other language writes `from X
 * import Y`. A package's `__init__.py` is little else, and too plain for the model to tell.
 */
const PYTHON_FROM_IMPORT = new RegExp(
  String.raw`^from\s+\.*[A-Za-z_][\w.]*\s+import\s+(?:\(|\*|${IMPORTED_NAME}(?:\s*,\s*${IMPORTED_NAME})*\s*,?\s*\\?)` +
    String.raw`\s*(?:#.*)?$`
)
/** What a list of imports holds besides them: the names of a bracketed import, comments, `import x`, `__all__`. */
const PYTHON_IMPORT_LIST_LINE = new RegExp(
  String.raw`^\s*(?:${IMPORTED_NAME}\s*,?|\)|#.*|import\s+[A-Za-z_][\w.]*(?:\s+as\s+\w+)?|__all__\s*=.*)\s*$`
)
/** Python's `from X import Y` lines a snippet must hold at least. */
const PYTHON_IMPORTS = 3

/**
 * The share of a snippet's lines (but blank ones) that a list of Python imports writes, when it holds three `from X
 * import Y` lines or more; 0 otherwise.
 */
export const pythonImportShare = (sample: string): number => {
  const lines = sample.split("\n").filter((line) => line.trim() !== "")
  if (lines.filter((line) => PYTHON_FROM_IMPORT.test(line)).length < PYTHON_IMPORTS) return 0
  const listed = lines.filter((line) => PYTHON_FROM_IMPORT.test(line) || PYTHON_IMPORT_LIST_LINE.test(line))
  return listed.length / lines.length
}

/**
 * Share of lines a list of Python imports must write. On the tuning side (`scripts/tunePythonImports.ts`) 0.6–0.9
 * take no window of the other 17 languages nor any README the model answers right; 0.6 answers the most Python
 * (packages' `__init__.py` the model does not train on: 331 → 341 of 400).
 */
export const PYTHON_IMPORTS_SHARE = 0.6

/** A list of Python imports (a package's `__init__.py`): `from X import Y` lines and little else. */
export const isPythonImportList = (sample: string): boolean => pythonImportShare(sample) >= PYTHON_IMPORTS_SHARE

const either = (words: ReadonlyArray<string>) => words.join("|")

/** What SQL defines: `CREATE TABLE`, `DROP INDEX`, `CREATE OR REPLACE FUNCTION`, … */
const SQL_OBJECTS = either([
  "TABLE",
  "INDEX",
  "VIEW",
  "SEQUENCE",
  "FUNCTION",
  "TRIGGER",
  "SCHEMA",
  "TYPE",
  "EXTENSION",
  "DATABASE",
  "PROCEDURE",
  "DOMAIN",
  "AGGREGATE",
  "OPERATOR",
  "ROLE",
  "USER"
])
const SQL_DEFINITION = String.raw`(?:CREATE|ALTER|DROP)\s+(?:(?:OR\s+REPLACE|UNIQUE|TEMP(?:ORARY)?|MATERIALIZED|` +
  String.raw`IF\s+(?:NOT\s+)?EXISTS)\s+)*(?:${SQL_OBJECTS})\b`
/** A statement only SQL starts a line with: a definition, a write, a query, a grant, a comment on an object. */
const SQL_STATEMENT = new RegExp(
  String.raw`^\s*(?:${SQL_DEFINITION}|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+[\w."\x60[\]]+\s+SET\b|` +
    String.raw`SELECT\b.*\bFROM\b|(?:GRANT|REVOKE)\b.*\bON\b|COMMENT\s+ON\b)`,
  "im"
)
/**
 * Words as SQL scripts write them: in capitals, or all in lower case (MySQL's tests, hand-written schemas). Prose
 * capitalises them ("Select a file", "When done", "Set the path"), so that is not SQL.
 */
const inScriptCase = (words: ReadonlyArray<string>) => either(words.flatMap((word) => [word, word.toLowerCase()]))
/** A query whose columns follow on the next lines. */
const SQL_QUERY = new RegExp(String.raw`^\s*${inScriptCase(["SELECT"])}(?:\s|$)`, "m")
/** The words an SQL script's lines start with. */
const SQL_KEYWORDS = inScriptCase([
  "SELECT",
  "FROM",
  "WHERE",
  "AND",
  "OR",
  "CREATE",
  "ALTER",
  "DROP",
  "INSERT",
  "UPDATE",
  "DELETE",
  "GRANT",
  "REVOKE",
  "VALUES",
  "SET",
  "JOIN",
  "LEFT",
  "RIGHT",
  "INNER",
  "ORDER BY",
  "GROUP BY",
  "HAVING",
  "LIMIT",
  "UNION",
  "PRIMARY KEY",
  "CONSTRAINT",
  "FOREIGN KEY",
  "REFERENCES",
  "UNIQUE",
  "INDEX",
  "KEY",
  "GO",
  "BEGIN",
  "COMMIT",
  "END",
  "RETURNS",
  "LANGUAGE",
  "ON DELETE",
  "ON UPDATE",
  "CASE",
  "WHEN",
  "THEN",
  "ELSE",
  "DECLARE",
  "COMMENT ON",
  "ADD",
  "MODIFY",
  "SHOW",
  "CALL",
  "DELIMITER",
  "TRUNCATE"
])
/** A line of an SQL script: a comment (not a rule of dashes, which Markdown and YAML write), or a keyword first. */
const SQL_KEYWORD_LINE = new RegExp(String.raw`^\s*(?:--(?!-)|(?:${SQL_KEYWORDS})\b)`)
/**
 * A line of a query's column list: a column named by its table (`cn.modified_when,`), or any expression given a name
 * (`coalesce(a, b) as unified_min,`, a name alone on the line below its expression: `as pk_patient,`); and psql's
 * own commands (`\set ON_ERROR_STOP 1`).
 */
const SQL_COLUMN_LIST_LINE = new RegExp(
  String.raw`^\s*(?:[A-Za-z_]\w*\.[A-Za-z_]\w*\s*,?|.*\b${inScriptCase(["AS"])}\s+[A-Za-z_]\w*\s*,?|` +
    String.raw`\\(?:set|unset|echo|i|connect|c)\b.*)\s*$`
)
const SQL_LITERAL = String.raw`\s*(?:'(?:[^'\n]|'')*'|-?\d[\d.]*|NULL|null|true|false|TRUE|FALSE|DEFAULT|default)\s*`
/** A row of an `INSERT`'s values: literals in brackets, `(228, 90, 'module', 'template.pm'),`. */
const SQL_VALUES_ROW = new RegExp(String.raw`^\s*\((?:${SQL_LITERAL},)*${SQL_LITERAL}\)\s*[,;]?\s*(?:--.*)?$`)
const SQL_TYPES = either([
  "(?:big|small|tiny|medium)?int(?:eger)?",
  "varchar",
  "char",
  "character varying",
  "text",
  "longtext",
  "mediumtext",
  "boolean",
  "bool",
  "date",
  "datetime",
  "timestamp",
  "timestamptz",
  "time",
  "numeric",
  "decimal",
  "real",
  "double precision",
  "double",
  "float",
  "serial",
  "bigserial",
  "uuid",
  "jsonb?",
  "blob",
  "bytea",
  "nvarchar",
  "bit",
  "money",
  "inet"
])
const SQL_CONSTRAINTS = either([
  "NOT\\s+NULL",
  "NULL",
  "DEFAULT",
  "PRIMARY\\s+KEY",
  "UNIQUE",
  "REFERENCES",
  "AUTO_INCREMENT",
  "CHECK",
  "COLLATE",
  "UNSIGNED",
  "CONSTRAINT",
  "IDENTITY",
  "GENERATED"
])
/**
 * A column's definition: a name, an SQL type (in brackets, as SQL Server writes it) and its size, then a constraint or
 * the end of the line (a procedural body declares its variables so: `v_count integer;`).
 */
const SQL_COLUMN_LINE = new RegExp(
  String.raw`^\s*[\x60"[]?\w+[\x60"\]]?\s+\[?(?:${SQL_TYPES})\b\]?(?:\s*\([\d, ]+\))?` +
    String.raw`(?:\s+(?:${SQL_CONSTRAINTS})\b|\s*[,;]?\s*$)`,
  "i"
)
/** The lines of any SQL script: a keyword first, a column's definition, a query's column list, a row of values. */
const SQL_LINES = [SQL_KEYWORD_LINE, SQL_COLUMN_LINE, SQL_COLUMN_LIST_LINE, SQL_VALUES_ROW]
/** Lines of brackets and separators alone, which every language writes. */
const NEUTRAL_LINE = /^[\s()[\]{};,]*$/
/**
 * What only a host language writes around the SQL it embeds (a template literal, a block, a function, `$this->`):
 * a snippet holding any of it, outside SQL's own comments, strings and definitions, is that language's, which the
 * model tells. In a procedural body `return` is SQL's own.
 */
const hostCode = (words: ReadonlyArray<string>) =>
  new RegExp(String.raw`[\x60{}]|=>|\$this->|\b(?:${either(words)})\b`)
const HOST_WORDS = [
  "const",
  "let",
  "var",
  "function",
  "def",
  "import",
  "require",
  "this",
  "self",
  "class",
  "public",
  "private",
  "func",
  "fn"
]
const HOST_CODE = hostCode([...HOST_WORDS, "return"])
const HOST_CODE_AROUND_A_BODY = hostCode(HOST_WORDS)
/** SQL's comments and string literals, and its definitions (`create function`): their words are not a host's code. */
const SQL_PROSE = /--.*$|\/\*[\s\S]*?(?:\*\/|$(?![\s\S]))|^\s*\*.*$|'(?:[^'\n]|'')*'/gm
const SQL_DEFINITIONS = new RegExp(SQL_DEFINITION, "gi")

/**
 * A procedural body (PL/pgSQL, MySQL's and Oracle's): lines only it writes, `end if;`, `end loop;`, `raise notice`,
 * `perform`, `$$ language plpgsql`.
 */
const PROCEDURAL_BODY =
  /\bend\s+(?:if|loop|case)\s*;|\$\$\s*language\s|\blanguage\s+'?plpgsql|^\s*raise\s+(?:notice|exception|warning|debug|info|log)\b|^\s*perform\s/im
/** A line of a procedural body: a control word first, an assignment (`v_count := 0;`), a `$$` quote. */
const PROCEDURAL_LINE = new RegExp(
  String.raw`^\s*(?:${
    inScriptCase([
      "IF",
      "ELSIF",
      "END IF",
      "END LOOP",
      "END CASE",
      "LOOP",
      "RAISE",
      "PERFORM",
      "EXECUTE",
      "RETURN",
      "RETURNS",
      "FOR",
      "FOREACH",
      "WHILE",
      "EXIT",
      "CONTINUE",
      "EXCEPTION",
      "OPEN",
      "FETCH",
      "CLOSE",
      "INTO",
      "USING",
      "AS",
      "AND",
      "OR",
      "NOT"
    ])
  })\b|^\s*[\w.]+\s*:=|^\s*\$\w*\$|\$\w*\$\s*(?:language\b.*)?;?\s*$`
)
/** A name MySQL quotes (`` `user_id` ``), which is not a template literal. */
const QUOTED_NAME = /\x60[\w$]+\x60/g

/**
 * Share of a script's lines (but neutral ones) that must read as SQL. On the tuning side (`scripts/tuneSqlScripts.ts`),
 * 0.3–0.5 answer 593–594 of 600 SQL windows right, 580–583 of them written in lower case, 580–581 of PostgreSQL
 * extensions' procedural bodies (531–549 lowered), and take nothing else for SQL, nor any TypeScript, JavaScript,
 * Python or PHP that embeds SQL; the half keeps a margin for hosts the tuning set lacks (SQL in YAML, in a heredoc).
 */
export const SQL_SHARE = 0.5

/**
 * How much of a snippet reads as an SQL script: the share of its lines (but neutral ones) that are SQL's, when it
 * holds a statement (or a procedural body) and nothing of a host language; 0 otherwise.
 */
export const sqlScriptShare = (sample: string): number => {
  const procedural = PROCEDURAL_BODY.test(sample)
  if (!(procedural || SQL_STATEMENT.test(sample) || SQL_QUERY.test(sample))) return 0
  const code = sample.replace(QUOTED_NAME, "").replace(SQL_PROSE, "").replace(SQL_DEFINITIONS, "")
  if ((procedural ? HOST_CODE_AROUND_A_BODY : HOST_CODE).test(code)) return 0
  const lines = sample.split("\n").filter((line) => !NEUTRAL_LINE.test(line))
  const isSqlLine = (line: string) =>
    SQL_LINES.some((pattern) => pattern.test(line)) || (procedural && PROCEDURAL_LINE.test(line))
  return lines.filter(isSqlLine).length / lines.length
}

/** An SQL script: a statement, half its lines or more SQL's, and nothing of a host language around them. */
export const isSqlScript = (sample: string): boolean => sqlScriptShare(sample) >= SQL_SHARE

const HEADING = /^#{1,6} \S/m
const LINK_DEFINITION = /^\s{0,3}\[[^\]\n]+\]:\s*\S/m

/**
 * Blocks only Markdown writes: an ATX heading, a fence, a link definition, an inline link. A README's HTML (badges,
 * a centred logo) sits among them; an HTML page's `<pre>` may start lines with `#` (shell comments), so a snippet
 * holding one is left to the model.
 */
const MARKDOWN_BLOCKS = [
  HEADING,
  FENCE,
  LINK_DEFINITION,
  /\[[^\]\n]+\]\((?:https?:|\.{0,2}\/|#)[^)\s]*\)/
]
const PREFORMATTED = /<pre\b/i

/** Markdown holding HTML, which the model reads as HTML: one of Markdown's own blocks outside preformatted HTML. */
export const isMarkdownWithHtml = (sample: string): boolean =>
  !PREFORMATTED.test(sample) && MARKDOWN_BLOCKS.some((block) => block.test(sample))

/** A fence that names no language: it closes a block more often than it opens one. */
const BARE_FENCE_LINE = /^\s*```\s*$/
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d+\.) +[A-Za-z\x60*[]/
/** A sentence: a capital (or emphasis, code, a link) first, a full stop, colon or parenthesis last, no code between. */
const SENTENCE = /^[A-Z*_\x60[][^;{}=<>]*\w[^;{}=<>]*[.:!?)]$/
const wordCount = (line: string) => line.trim().split(/\s+/).length

/** A line a README writes between its examples: a heading, a link definition, a list item or a sentence of prose. */
const isMarkdownLine = (line: string): boolean =>
  HEADING.test(line) || LINK_DEFINITION.test(line) || (LIST_ITEM.test(line) && wordCount(line) >= 3) ||
  (SENTENCE.test(line.trim()) && wordCount(line) >= 4)

/**
 * What a source file writes outside an example where a README writes prose: a doc comment's delimiters or tags
 * (TSDoc examples are fenced too), an import, an export.
 */
const SOURCE_LINE = /^\s*(?:\/\*|\*\/|@[a-z]+(?:\s|$)|export |import )/

/**
 * Markdown lines outside the fenced examples that make a snippet a Markdown document. On the tuning side (READMEs in
 * `node_modules`, `scripts/tuneMarkup.ts`) one takes a few more READMEs and two take nothing else; two keep a
 * sentence introducing a single block of code (a paste from a chat) the code's.
 */
export const MARKDOWN_LINES = 2

/**
 * How many Markdown lines a snippet holding a fenced example writes outside its examples; -1 when it holds no fence
 * or writes source code outside them. A window may start inside a block: a first fence that names no language, of an
 * odd count, closes it.
 */
export const markdownLinesAroundCode = (sample: string): number => {
  const lines = sample.split("\n")
  const fences = lines.filter((line) => FENCE_LINE.test(line))
  if (fences.length === 0) return -1
  let inside = fences.length % 2 === 1 && BARE_FENCE_LINE.test(fences[0])
  let around = 0
  for (const line of lines) {
    if (FENCE_LINE.test(line)) inside = !inside
    else if (!inside && SOURCE_LINE.test(line)) return -1
    else if (!inside && isMarkdownLine(line)) around++
  }
  return around
}

/** A Markdown document with code examples, which the model reads as their code: fenced blocks with prose around. */
export const isMarkdownWithCode = (sample: string): boolean => markdownLinesAroundCode(sample) >= MARKDOWN_LINES

/**
 * A YAML key (plain, or quoted), then its colon: `name:`, `RSpec/ChangeByZero:`, `"on":`. Not a name, a space and a
 * colon, which YAML allows and its files do not write, but docstrings do (`prog : string`, NumPy's style).
 */
const YAML_KEY = String.raw`(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z_$@./](?:[\w$@./ -]*[\w$@./-])?)`
/** A mapping's line, maybe as a sequence's item: its indentation, then the value if any. */
const YAML_MAPPING = new RegExp(String.raw`^(\s*)(?:-\s+)?${YAML_KEY}:(?:\s+(.*))?$`)
const YAML_ITEM = /^\s*-(?:\s|$)/
const YAML_COMMENT = /^\s*#/
const YAML_MARKER = /^(?:---|\.\.\.)\s*$/
/** A block scalar's indicator (`|`, `>-`, `|2`): the lines indented below its key are text. */
const YAML_BLOCK = /^[|>][-+]?\d*\s*(?:#.*)?$/
/**
 * Lines a YAML document does not write but code and prose around `key: value` do: a statement's or an entry's end
 * (`;`, `{`, `,`), a closing bracket, a Markdown heading or link, Python's annotated assignment (`x: int = 0`).
 */
const NOT_YAML = [
  /[;{,]\s*(?:#.*)?$/,
  /^\s*[})\]]/,
  /^#{2,6} /,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /^\s*[A-Za-z_]\w*:\s*[\w.[\], |]+=\s/
]
/** What no text of a YAML document ends a line with: a statement's end or a block's opening. */
const NOT_YAML_TEXT = /[;{]\s*$/
/** Quoted text, whose brackets are no flow collection's. */
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'/g

/** How many flow collections (`[a, b`, `{x: 1`) a value leaves open at its line's end (below 0: closes). */
const openFlows = (value: string): number => {
  let depth = 0
  for (const character of value.replace(QUOTED, "")) {
    if (character === "[" || character === "{") depth++
    else if (character === "]" || character === "}") depth--
  }
  return depth
}

/**
 * Share of a snippet's lines (but blank ones) that a YAML document writes: mappings, sequence items, comments,
 * document markers, the text of block scalars, the items of a flow collection spread over lines (`names: [` …
 * `"Ann", "Bo",` … `]`), and the lines a plain value or an item's text goes on over; 0 when it holds fewer than two
 * mappings or a line YAML does not write.
 */
export const yamlDocumentShare = (sample: string): number => {
  let blockIndent = -1
  let flowDepth = 0
  /** The indentation of the last item or mapping whose plain text may go on over the lines indented below it. */
  let textIndent = -1
  let yaml = 0
  let lines = 0
  let mappings = 0
  for (const line of sample.split("\n")) {
    if (line.trim() === "") continue
    lines++
    const indent = line.length - line.trimStart().length
    if (blockIndent >= 0 && indent > blockIndent) {
      yaml++
      continue
    }
    blockIndent = -1
    if (flowDepth > 0) {
      if (NOT_YAML_TEXT.test(line)) return 0
      flowDepth = Math.max(0, flowDepth + openFlows(line))
      yaml++
      continue
    }
    const mapping = YAML_MAPPING.exec(line)
    const item = mapping === null && YAML_ITEM.test(line)
    if (mapping === null && !item && textIndent >= 0 && indent > textIndent && !YAML_COMMENT.test(line)) {
      if (NOT_YAML_TEXT.test(line)) return 0
      yaml++
      continue
    }
    textIndent = -1
    const value = mapping?.[2] ?? (item ? line.trimStart().slice(1).trim() : undefined)
    const opens = value === undefined ? 0 : openFlows(value)
    if (opens > 0 || item) {
      if (NOT_YAML_TEXT.test(line)) return 0
    } else if (NOT_YAML.some((pattern) => pattern.test(line))) return 0
    if (mapping !== null) {
      yaml++
      mappings++
      if (mapping[2] !== undefined && YAML_BLOCK.test(mapping[2])) blockIndent = mapping[1].length
    } else if (item || YAML_COMMENT.test(line) || YAML_MARKER.test(line)) yaml++
    if (opens > 0) flowDepth = opens
    else if ((mapping !== null && mapping[2] !== undefined) || item) textIndent = indent
  }
  return mappings >= 2 ? yaml / lines : 0
}

/**
 * Share of lines a YAML document must write. On the tuning side (`scripts/tuneYamlDocuments.ts`) 0.8–0.95 take no
 * window of the other 17 languages nor of READMEs the model answers right, 0.7 a Python one; 0.9 keeps a margin and
 * still answers YAML for 1,345 of 1,600 windows of YAML the model does not train on (the model alone: 1,001).
 */
export const YAML_SHARE = 0.9

/** A YAML document (configuration, data, locales): nearly every line a mapping, an item, a comment or block text. */
export const isYamlDocument = (sample: string): boolean => yamlDocumentShare(sample) >= YAML_SHARE

/** A property's name, a custom one (`--x`) included. */
const CSS_PROPERTY = String.raw`(?:--[\w-]+|-?[a-z][a-z-]*)`
/** A selector's text (attribute selectors may hold `=`). */
const CSS_SELECTOR_TEXT = String.raw`(?:[^;{}=[\]]|\[[^\]\n]*\])*`
/** A declaration: a property and its value, ended by `;` or the rule's `}`. */
const CSS_DECLARATION = new RegExp(String.raw`^\s*${CSS_PROPERTY}\s*:[^;{}]*;?$`)
const CSS_ENDED = /;$/
/** A selector opening a block. */
const CSS_SELECTOR = new RegExp(String.raw`^${CSS_SELECTOR_TEXT}\{$`)
/** An at-rule: `@media … {`, `@import …;`. */
const CSS_AT_RULE = /^\s*@[a-z-]+\b[^;{}]*[;{]?$/
/** A rule on one line: `:where(li) { padding: 0 }`. */
const CSS_ONE_LINE_RULE = new RegExp(String.raw`^${CSS_SELECTOR_TEXT}\{\s*${CSS_PROPERTY}\s*:[^{}]*\}$`)
const CSS_CLOSER = /^\s*\}$/
const CSS_COMMENT = /^\s*(?:\/\*|\*)/
/** Values only CSS writes: a length, a colour, `var(--…)`, `calc(…)`, `!important`, a hyphenated or custom property. */
const CSS_VALUE =
  /\d(?:px|em|rem|%|vh|vw|vmin|vmax|s|ms|deg|fr|ch|ex|pt|dpi)\b|#[0-9a-fA-F]{3,8}\b|\bvar\(--|\b(?:rgba?|hsla?|calc|url|linear-gradient|oklch)\(|!important|^\s*--[\w-]+\s*:|^\s*-?[a-z]+-[a-z-]+\s*:/m
/** Lines of the code that writes `key: value;` too (TypeScript's interfaces, JavaScript's objects and arrows). */
const NOT_CSS =
  /^\s*(?:export|import|interface|type|class|enum|declare|namespace|function|const|let|var|return|if|for|while|def|public|private)\b|=>/

/** A line without the comment that ends it: `color: red; /* brand *\/` is a declaration. */
const withoutTrailingComment = (line: string) => {
  const trimmed = line.trimEnd()
  const opens = trimmed.endsWith("*/") ? trimmed.lastIndexOf("/*") : -1
  return opens > 0 ? trimmed.slice(0, opens).trimEnd() : trimmed
}

/**
 * Share of a snippet's lines (but blank ones) that a stylesheet writes: selectors, declarations, closing braces,
 * at-rules, comments; 0 unless two declarations or more end in `;` (YAML's `key: value` does not), at least half of
 * them do, and a value only CSS writes is there.
 */
export const stylesheetShare = (sample: string): number => {
  let css = 0
  let lines = 0
  let declarations = 0
  let ended = 0
  for (const raw of sample.split("\n")) {
    if (raw.trim() === "") continue
    lines++
    if (NOT_CSS.test(raw)) return 0
    const line = withoutTrailingComment(raw)
    if (CSS_ONE_LINE_RULE.test(line)) {
      css++
      declarations++
      ended++
    } else if (CSS_DECLARATION.test(line)) {
      css++
      declarations++
      if (CSS_ENDED.test(line)) ended++
    } else if (
      line === "" || CSS_SELECTOR.test(line) || CSS_CLOSER.test(line) || CSS_COMMENT.test(line) ||
      CSS_AT_RULE.test(line)
    ) css++
  }
  return ended >= 2 && 2 * ended >= declarations && CSS_VALUE.test(sample) ? css / lines : 0
}

/**
 * Share of lines a stylesheet must write. On the tuning side (`scripts/tuneStylesheets.ts`) 0.9 takes no window of the
 * other 17 languages nor of READMEs; 0.7–0.8 take HTML pages' `<style>` blocks.
 */
export const CSS_SHARE = 0.9

/** A stylesheet, custom properties and nesting included: nearly every line a selector, a declaration or a brace. */
export const isStylesheet = (sample: string): boolean => stylesheetShare(sample) >= CSS_SHARE
