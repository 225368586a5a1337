// The page's "New snippet": code pasted or typed, a name and tags; its language detected as it is typed (the
// service's own detection, through `POST /assets/draft`, which stores nothing) unless one is chosen. Saved through
// `POST /assets/create` as the page's; the library's stream then shows it. Also what an empty library shows: what to
// do first.

const $ = (id) => document.getElementById(id)
const elements = {
  open: $("open-new"), dialog: $("new-dialog"), code: $("new-code"), name: $("new-name"), tags: $("new-tags"),
  language: $("new-language"), detected: $("new-detected"), save: $("new-save"), cancel: $("new-cancel"),
  status: $("new-status"), emptyNew: $("empty-new"), emptyImport: $("empty-import"), mcp: $("empty-mcp"),
  openImport: $("open-import")
}
/** How long typing rests before the language is detected again. */
const DETECT_MS = 300

const seedOf = (code, ext) => ({
  type: "SEEDED_ASSET",
  asset: {
    application: { name: "OPEN_SOURCE", version: "library page", platform: "WEB" },
    format: { fragment: { string: { raw: code }, ...(ext === "" ? {} : { metadata: { ext } }) } },
    metadata: {
      ...(elements.name.value.trim() === "" ? {} : { name: elements.name.value.trim() }),
      tags: elements.tags.value.split(",").map((text) => text.trim()).filter((text) => text !== "").map((text) => ({ text }))
    }
  }
})

const post = async (path, body) => {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const json = await response.json()
  if (!response.ok) throw new Error(json?.message ?? `${path}: ${response.status}`)
  return json
}

let detecting
let asked = 0
const detectSoon = () => {
  clearTimeout(detecting)
  detecting = setTimeout(async () => {
    const code = elements.code.value
    if (code.trim() === "") {
      elements.detected.textContent = ""
      return
    }
    const mine = ++asked
    const draft = await post("/assets/draft", seedOf(code, "")).catch(() => undefined)
    const language = draft?.asset?.format?.classification?.specific
    if (mine === asked && language !== undefined) elements.detected.textContent = `detected: ${language}`
    if (mine === asked && language !== undefined) elements.detected.dataset.language = language
  }, DETECT_MS)
}

const open = () => {
  elements.code.value = ""
  elements.name.value = ""
  elements.tags.value = ""
  elements.language.value = ""
  elements.detected.textContent = ""
  elements.status.textContent = ""
  elements.dialog.showModal()
  elements.code.focus()
}

const save = async () => {
  const code = elements.code.value
  if (code.trim() === "") {
    elements.status.textContent = "Paste or type the code first"
    return
  }
  elements.save.disabled = true
  try {
    const asset = await post("/assets/create", seedOf(code, elements.language.value))
    elements.dialog.close()
    document.dispatchEvent(new CustomEvent("snippet-saved", { detail: { id: asset.id, name: asset.name } }))
  } catch (error) {
    elements.status.textContent = `Not saved: ${error.message}`
  } finally {
    elements.save.disabled = false
  }
}

elements.open.addEventListener("click", open)
elements.emptyNew.addEventListener("click", open)
elements.emptyImport.addEventListener("click", () => elements.openImport.click())
elements.code.addEventListener("input", detectSoon)
elements.save.addEventListener("click", () => save())
elements.cancel.addEventListener("click", () => elements.dialog.close())
for (const place of [elements.mcp, ...document.querySelectorAll(".mcp-url")]) place.textContent = `${location.origin}/mcp`
