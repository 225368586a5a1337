// The page's syntax highlighter: highlight.js with its common languages, bundled for the browser by the build.
import hljs from "highlight.js/lib/common"

export default hljs
