/**
 * The languages and formats a format may be classified as: `ClassificationSpecificEnum` of the Pieces OS OpenAPI
 * schemas (test/fixtures/pieces-openapi-subset.json), copied here because clients decode it strictly (the Python
 * SDK rejects an asset whose `classification.specific` is not one of these). What the service stores is one of
 * them; what a client sends is matched case-insensitively and stored in the spelling below.
 */
export const CLASSIFICATION_SPECIFICS = [
  "csx", "cs", "html", "htm", "shtml", "xhtml", "hs", "hs-boot", "hsig", "cpp", "cc", "cp", "cxx", "c", "h", "hh",
  "hpp", "hxx", "inl", "ipp", "ixx", "cppm", "csv", "doc", "docm", "docx", "exe", "gif", "ico", "jpe", "jpeg", "jpg",
  "jpgm", "jpgv", "log", "mp2", "mp2a", "mp3", "mp4", "mp4a", "oga", "ogg", "ogv", "ogx", "ppt", "pptx", "pptm",
  "qt", "text", "tif", "tiff", "txt", "wav", "weba", "webm", "webp", "xla", "xlam", "xlc", "xlm", "xls", "xlsb",
  "xlsm", "xlsx", "xlt", "xltm", "xltx", "pdf", "png", "rpm", "zip", "woff", "woff2", "svgz", "bin", "bmp", "eot",
  "gz", "jar", "mpkg", "ai", "eps", "dmg", "list", "rtx", "uri", "uris", "urls", "css", "dart", "java", "bsh", "js",
  "jsx", "mjs", "htc", "json", "ipynb", "gltf", "jsonml", "ps", "ssml", "wasm", "rtf", "cco", "pl", "pc", "pm",
  "pmc", "pod", "t", "xml", "tld", "dtml", "rng", "rss", "opml", "svg", "xaml", "sublime-snippet", "tmLanguage",
  "tmPreferences", "tmSnippet", "tmTheme", "csproj", "fsproj", "sqlproj", "vbproj", "vcproj", "vcxproj", "dae",
  "props", "targets", "xsd", "xsl", "xslt", "ecma", "node", "php", "php3", "php4", "php5", "php7", "php8", "phps",
  "phpt", "phtml", "py", "py3", "pyw", "pyi", "pyx", "pyx.in", "pxd", "pxd.in", "pxi", "pxi.in", "rpy", "cpy", "gyp",
  "gypi", "vpy", "smk", "wscript", "bazel", "bzl", "pyc", "class", "p", "pas", "curl", "mcurl", "go", "swift", "rs",
  "ts", "tsx", "rb", "rbi", "rbx", "rjs", "rabl", "rake", "capfile", "jbuilder", "gemspec", "podspec", "irbrc",
  "pryrc", "prawn", "thor", "Appfile", "Appraisals", "Berksfile", "Brewfile", "Cheffile", "Deliverfile", "Fastfile",
  "Gemfile", "Guardfile", "Podfile", "Rakefile", "Rantfile", "Scanfile", "simplecov", "Snapfile", "Thorfile",
  "Vagrantfile", "scala", "sbt", "sc", "cmd", "bat", "coffee", "erl", "hrl", "escript", "lua", "luau", "md", "mdown",
  "mdwn", "markdown", "markdn", "matlab", "m", "ps1", "sh", "bash", "bashrc", "ash", "zsh", ".bash_aliases",
  ".bash_completions", ".bash_functions", ".bash_login", ".bash_logout", ".bash_profile", ".bash_variables",
  ".profile", ".textmate_init", ".zlogin", ".zlogout", ".zprofile", ".zshenv", ".zshrc", "PKGBUILD", "ebuild",
  "eclass", "r", "sql", "ddl", "dml", "tex", "ltx", "sty", "cls", "UNKNOWN", "yaml", "yml", "toml", "tml",
  "Cargo.lock", "Gopkg.lock", "Pipfile", "poetry.lock", "uniform_resource_locator", "custom_url_scheme",
  "unix_file_path", "windows_file_path", "uniform_resource_identifier", "hljs-1c", "hljs-abnf", "hljs-accesslog",
  "hljs-actionscript", "hljs-ada", "hljs-angelscript", "hljs-apache", "hljs-applescript", "hljs-arcade",
  "hljs-arduino", "hljs-armasm", "hljs-asciidoc", "hljs-aspectj", "hljs-autohotkey", "hljs-autoit", "hljs-avrasm",
  "hljs-awk", "hljs-axapta", "hljs-bash", "hljs-basic", "hljs-bnf", "hljs-brainfuck", "hljs-cal", "hljs-capnproto",
  "hljs-ceylon", "hljs-clean", "hljs-clojure-repl", "hljs-clojure", "hljs-cmake", "hljs-coffeescript", "hljs-coq",
  "hljs-cos", "hljs-cpp", "hljs-crmsh", "hljs-crystal", "hljs-c", "hljs-cs", "hljs-csp", "hljs-css", "hljs-d",
  "hljs-dart", "hljs-delphi", "hljs-diff", "hljs-django", "hljs-dns", "hljs-dockerfile", "hljs-dos", "hljs-dsconfig",
  "hljs-dts", "hljs-dust", "hljs-ebnf", "hljs-elixir", "hljs-elm", "hljs-erb", "hljs-erlang-repl", "hljs-erlang",
  "hljs-excel", "hljs-fix", "hljs-flix", "hljs-fortran", "hljs-fsharp", "hljs-gams", "hljs-gauss", "hljs-gcode",
  "hljs-gherkin", "hljs-glsl", "hljs-gml", "hljs-go", "hljs-golo", "hljs-gradle", "hljs-groovy", "hljs-haml",
  "hljs-handlebars", "hljs-haskell", "hljs-haxe", "hljs-hsp", "hljs-htmlbars", "hljs-http", "hljs-hy",
  "hljs-inform7", "hljs-ini", "hljs-irpf90", "hljs-isbl", "hljs-java", "hljs-javascript", "hljs-jboss-cli",
  "hljs-json", "hljs-julia-repl", "hljs-julia", "hljs-kotlin", "hljs-lasso", "hljs-ldif", "hljs-leaf", "hljs-less",
  "hljs-lisp", "hljs-livecodeserver", "hljs-livescript", "hljs-llvm", "hljs-lsl", "hljs-lua", "hljs-makefile",
  "hljs-markdown", "hljs-mathematica", "hljs-matlab", "hljs-maxima", "hljs-mel", "hljs-mercury", "hljs-mipsasm",
  "hljs-mizar", "hljs-mojolicious", "hljs-monkey", "hljs-moonscript", "hljs-n1ql", "hljs-nginx", "hljs-nimrod",
  "hljs-nix", "hljs-nsis", "hljs-objectivec", "hljs-ocaml", "hljs-openscad", "hljs-oxygene", "hljs-parser3",
  "hljs-perl", "hljs-pf", "hljs-pgsql", "hljs-php", "hljs-plaintext", "hljs-pony", "hljs-powershell",
  "hljs-processing", "hljs-profile", "hljs-prolog", "hljs-properties", "hljs-protobuf", "hljs-puppet",
  "hljs-purebasic", "hljs-python", "hljs-q", "hljs-qml", "hljs-r", "hljs-reasonml", "hljs-rib", "hljs-roboconf",
  "hljs-routeros", "hljs-rsl", "hljs-ruby", "hljs-ruleslanguage", "hljs-rust", "hljs-sas", "hljs-scala",
  "hljs-scheme", "hljs-scilab", "hljs-scss", "hljs-shell", "hljs-smali", "hljs-smalltalk", "hljs-sml", "hljs-sqf",
  "hljs-sql", "hljs-stan", "hljs-stata", "hljs-step21", "hljs-stylus", "hljs-subunit", "hljs-swift",
  "hljs-taggerscript", "hljs-tap", "hljs-tcl", "hljs-tex", "hljs-thrift", "hljs-tp", "hljs-twig", "hljs-typescript",
  "hljs-vala", "hljs-vbnet", "hljs-vbscript-html", "hljs-vbscript", "hljs-verilog", "hljs-vhdl", "hljs-vim",
  "hljs-x86asm", "hljs-xl", "hljs-xml", "hljs-xquery", "hljs-yaml", "hljs-toml", "hljs-zephir", "hljs-html",
  "groovy", "kt", "el", "clj", "ex", "adb", "ads", "agda", "elm", "exs", "glsl", "ml", "lean", "lisp", "rkt",
  "sparql", "vhdl", "zig", "dockerfile", "f03", "f08", "f18", "f90", "f95", "jl", "mm", "scm", "sol", "sv", "asp",
  "cfm", "fs", "fsi", "fsx", "tf", "vba", "svelte", "vue", "scss", "feature", "ini", "ftl", "hcl", "abap", "nim"
] as const
export type ClassificationSpecificValue = typeof CLASSIFICATION_SPECIFICS[number]

const VALUES: ReadonlySet<unknown> = new Set(CLASSIFICATION_SPECIFICS)

/** Whether a value is one of the enum's, spelled as there. */
export const isClassificationSpecific = (value: unknown): value is ClassificationSpecificValue => VALUES.has(value)

const byFoldedName = new Map<string, ClassificationSpecificValue>()
for (const value of CLASSIFICATION_SPECIFICS) if (!byFoldedName.has(value.toLowerCase())) byFoldedName.set(value.toLowerCase(), value)

/** The known classification a client's extension names (`PY`, `py`, `Py`: `py`), if any. */
export const knownClassification = (ext: string): ClassificationSpecificValue | undefined =>
  byFoldedName.get(ext.trim().toLowerCase())
