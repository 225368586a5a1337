// The library page: browse, search and edit the snippets this service keeps, through its own API, live.
import hljs from "/web/highlighter.js"

/** Snippets fetched and shown at a time when browsing the whole library. */
const PAGE = 50
/** How long typing rests before a search is sent. */
const DEBOUNCE_MS = 200
/** Languages offered in the filters before the library shows its own. */
const COMMON_LANGUAGES = ["py", "js", "ts", "java", "c", "cpp", "cs", "go", "rs", "rb", "php", "kt", "swift", "sql", "sh", "html", "css", "json", "yaml", "md", "txt"]

const $ = (id) => document.getElementById(id)
const elements = {
  search: $("search"), language: $("language"), tag: $("tag"), trash: $("show-trash"), live: $("live"),
  summary: $("summary"), list: $("list"), more: $("more"), detail: $("detail"), back: $("back"), name: $("name"),
  detailLanguage: $("detail-language"), tags: $("tags"), codeView: $("code-view"), code: $("code"),
  codeEdit: $("code-edit"), copy: $("copy"), edit: $("edit"), save: $("save"), remove: $("delete"),
  restore: $("restore"), meta: $("meta"), toast: $("toast"), toastText: $("toast-text"), undo: $("undo"),
  empty: $("empty"), newLanguage: $("new-language")
}

const state = {
  /** Every live asset id, newest first: the identifiers stream's first frame, then its changes. */
  ids: [],
  /** The assets in the list, in order (lean: no content). */
  shown: [],
  /** How many of `ids` the list has asked for while browsing. */
  browsed: 0,
  selected: -1,
  /** The asset open in the detail pane, with content. */
  open: null,
  trash: false,
  /** A number that grows with each list request, so that a slow answer never replaces a newer one. */
  generation: 0,
  /** Until the identifiers stream's first frame, whether the library is empty is not known. */
  loading: true
}

// ---- the service -------------------------------------------------------------------------------------------------

const api = async (method, path, body) => {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  // Some operations answer plain text (a delete answers the id).
  const json = (response.headers.get("content-type") ?? "").includes("json") && text !== "" ? JSON.parse(text) : text
  if (!response.ok) throw new Error(json?.message ?? `${method} ${path}: ${response.status}`)
  return json
}

/** Lean assets by id, in the order asked (one search request narrowed to those ids). */
const assetsByIds = async (ids) => {
  if (ids.length === 0) return []
  // `identifers`: the Pieces schema's own spelling.
  const space = { identifers: { iterable: ids.map((id) => ({ id })) } }
  const answer = await api("POST", "/assets/search?transferables=false", { space, filters: { iterable: [] } })
  const byId = new Map(answer.results.iterable.map((hit) => [hit.identifier, hit.asset]))
  return ids.map((id) => byId.get(id)).filter((asset) => asset !== undefined)
}

const filters = () => {
  const iterable = []
  if (elements.language.value !== "") iterable.push({ classification: elements.language.value })
  if (elements.tag.value !== "") iterable.push({ tags: [elements.tag.value] })
  return iterable
}

// ---- the list ----------------------------------------------------------------------------------------------------

const languageOf = (asset) => asset.formats?.iterable?.[0]?.classification?.specific ?? ""
const tagsOf = (asset) => (asset.tags?.iterable ?? []).map((tag) => tag.text)

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The name with the query's words marked where they occur. */
const marked = (name, query) => {
  const words = query.split(/\s+/).filter((word) => word.length > 0).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  const safe = escapeHtml(name)
  return words.length === 0 ? safe : safe.replace(new RegExp(`(${words.map(escapeHtml).join("|")})`, "gi"), "<mark>$1</mark>")
}

const MATCH_WORDS = { TITLE: "name", CONTENT: "code", TAGS: "tags", ANNOTATION: "notes", MULTIPLE: "several places" }

const render = () => {
  const query = elements.search.value.trim()
  elements.list.innerHTML = ""
  state.shown.forEach((entry, index) => {
    const item = document.createElement("li")
    item.role = "option"
    item.dataset.id = entry.asset.id
    item.setAttribute("aria-selected", String(index === state.selected))
    const where = entry.match === undefined ? "" : ` · matched in ${MATCH_WORDS[entry.match] ?? entry.match.toLowerCase()}`
    const when = entry.asset.deleted?.readable ?? entry.asset.updated?.readable ?? ""
    item.innerHTML = `<div class="name">${marked(entry.asset.name ?? "(unnamed)", query)}</div>` +
      `<div class="sub">${escapeHtml(languageOf(entry.asset))} · ${escapeHtml(tagsOf(entry.asset).join(", ") || "no tags")}` +
      ` · ${escapeHtml(state.trash ? `deleted ${when}` : when)}${where}</div>`
    item.addEventListener("click", () => select(index, true))
    elements.list.append(item)
  })
  elements.more.hidden = !(mode() === "browse" && state.browsed < state.ids.length)
  // An empty library says what to do first.
  elements.empty.hidden = !(mode() === "browse" && state.ids.length === 0 && !state.loading)
  elements.summary.hidden = !elements.empty.hidden
}

const mode = () => state.trash ? "trash" : elements.search.value.trim() !== "" ? "search" : filters().length > 0 ? "filter" : "browse"

/** The list again from the start, as the search box, filters and trash button say. */
const refresh = async () => {
  const generation = ++state.generation
  const current = mode()
  let shown = []
  let summary = ""
  let browsed = state.browsed
  if (current === "trash") {
    const trash = (await api("GET", "/trash?transferables=true")).iterable
    shown = trash.map((asset) => ({ asset }))
    summary = `${trash.length} in the trash: restore one, or leave it to be purged`
  } else if (current === "browse") {
    // A save streamed in while the page is fetched moves the newest ids (`changed`): fetch again until they hold
    // still, or the older page would replace the list that already shows the save.
    let ids
    do {
      ids = state.ids.slice(0, PAGE)
      shown = (await assetsByIds(ids)).map((asset) => ({ asset }))
    } while (generation === state.generation && state.ids.slice(0, PAGE).join() !== ids.join())
    browsed = ids.length
    summary = `${state.ids.length.toLocaleString()} snippets`
  } else {
    const query = elements.search.value.trim()
    const answer = await api("POST", "/assets/search?transferables=false", {
      ...(query === "" ? {} : { query }),
      filters: { iterable: filters() }
    })
    shown = answer.results.iterable.map((hit) => ({ asset: hit.asset, match: query === "" ? undefined : hit.match }))
    const total = (answer.exact ?? 0) + (answer.suggested ?? 0)
    summary = `${shown.length} shown${total > shown.length ? ` of ${total.toLocaleString()}` : ""}`
  }
  if (generation !== state.generation) return
  state.shown = shown
  state.browsed = browsed
  state.selected = shown.length > 0 ? 0 : -1
  elements.summary.textContent = summary
  render()
}

const showMore = async () => {
  const next = state.ids.slice(state.browsed, state.browsed + PAGE)
  state.browsed += next.length
  state.shown.push(...(await assetsByIds(next)).map((asset) => ({ asset })))
  render()
}

let debounce
const searchSoon = () => {
  clearTimeout(debounce)
  debounce = setTimeout(() => refresh().catch(report), DEBOUNCE_MS)
}

// ---- the snippet -------------------------------------------------------------------------------------------------

const select = (index, openIt) => {
  if (index < 0 || index >= state.shown.length) return
  state.selected = index
  for (const [i, item] of [...elements.list.children].entries()) item.setAttribute("aria-selected", String(i === index))
  elements.list.children[index]?.scrollIntoView({ block: "nearest" })
  if (openIt) open(state.shown[index].asset.id).catch(report)
}

const open = async (id) => {
  const asset = state.trash
    ? state.shown.find((entry) => entry.asset.id === id)?.asset
    : await api("GET", `/assets/${id}?transferables=true`)
  if (asset === undefined) return
  state.open = asset
  showDetail(asset)
  document.body.classList.add("reading")
}

const codeOf = (asset) => asset.formats?.iterable?.[0]?.fragment?.string?.raw ?? ""

const showDetail = (asset) => {
  elements.detail.hidden = false
  elements.name.value = asset.name ?? ""
  elements.detailLanguage.value = languageOf(asset)
  elements.tags.value = tagsOf(asset).join(", ")
  const code = codeOf(asset)
  const language = languageOf(asset)
  elements.code.className = ""
  elements.code.removeAttribute("data-highlighted")
  elements.code.textContent = code
  if (hljs.getLanguage(language) !== undefined) elements.code.innerHTML = hljs.highlight(code, { language }).value
  else elements.code.innerHTML = hljs.highlightAuto(code).value
  elements.code.classList.add("hljs")
  elements.codeEdit.value = code
  elements.codeEdit.hidden = true
  elements.codeView.hidden = false
  const trashed = state.trash
  for (const control of [elements.name, elements.detailLanguage, elements.tags]) control.disabled = trashed
  elements.edit.hidden = elements.save.hidden = elements.remove.hidden = trashed
  elements.restore.hidden = !trashed
  elements.meta.textContent = `created ${asset.created?.readable ?? ""} · updated ${asset.updated?.readable ?? ""}`
  // The history panel (`history.js`) follows the snippet shown.
  document.dispatchEvent(new CustomEvent("snippet-shown", { detail: { id: asset.id } }))
}

const closeDetail = () => {
  state.open = null
  document.dispatchEvent(new CustomEvent("snippet-shown", { detail: { id: null } }))
  elements.detail.hidden = true
  document.body.classList.remove("reading")
  elements.list.focus()
}

/** Every change the form holds, sent through the operations clients use; then the snippet as stored. */
const save = async () => {
  const asset = state.open
  if (asset === null) return
  const name = elements.name.value.trim()
  if (name !== "" && name !== (asset.name ?? "")) await api("POST", "/asset/update", { ...asset, name })
  // The code before the language: a format sent with new code keeps the language it names (the old one).
  const code = elements.codeEdit.value
  if (code !== codeOf(asset)) {
    const format = asset.formats.iterable[0]
    await api("POST", "/format/update/value", { ...format, fragment: { string: { raw: code } } })
  }
  const language = elements.detailLanguage.value
  if (language !== languageOf(asset)) await api("POST", "/asset/reclassify", { ext: language, asset })
  const wanted = [...new Set(elements.tags.value.split(",").map((text) => text.trim()).filter((text) => text !== ""))]
  const had = asset.tags?.iterable ?? []
  for (const text of wanted) {
    if (!had.some((tag) => tag.text.toLowerCase() === text.toLowerCase())) await api("POST", "/tags/create", { text, asset: asset.id })
  }
  for (const tag of had) {
    if (!wanted.some((text) => text.toLowerCase() === tag.text.toLowerCase())) {
      await api("POST", `/asset/${asset.id}/tags/disassociate/${tag.id}`)
    }
  }
  await open(asset.id)
  toast("Saved")
  await loadTags()
}

const remove = async () => {
  const asset = state.open
  if (asset === null) return
  await api("POST", `/assets/${asset.id}/delete`)
  closeDetail()
  toast(`Deleted “${asset.name ?? "snippet"}”`, async () => {
    await api("POST", `/trash/${asset.id}/restore`)
    toast("Restored")
  })
}

const restore = async () => {
  const asset = state.open
  if (asset === null) return
  await api("POST", `/trash/${asset.id}/restore`)
  closeDetail()
  toast(`Restored “${asset.name ?? "snippet"}”`)
  await refresh()
}

let toastTimer
const toast = (text, undo) => {
  clearTimeout(toastTimer)
  elements.toastText.textContent = text
  elements.undo.hidden = undo === undefined
  elements.undo.onclick = undo === undefined ? null : () => {
    elements.toast.hidden = true
    undo().catch(report)
  }
  elements.toast.hidden = false
  toastTimer = setTimeout(() => (elements.toast.hidden = true), undo === undefined ? 2500 : 8000)
}

const report = (error) => toast(`Failed: ${error.message}`)

// ---- live updates ------------------------------------------------------------------------------------------------

/** An asset changed elsewhere (or here): its row and, when open, its pane show it as it is now. */
const changed = async (ids) => {
  for (const id of ids) if (!state.ids.includes(id)) state.ids.unshift(id)
  const assets = await assetsByIds(ids)
  for (const asset of assets) {
    const at = state.shown.findIndex((entry) => entry.asset.id === asset.id)
    if (at >= 0) state.shown[at] = { ...state.shown[at], asset }
    else if (mode() === "browse") {
      state.shown.unshift({ asset })
      state.browsed++
      if (state.selected >= 0) state.selected++
    }
    // Shown again as stored, unless its code is being edited here; one deleted meanwhile is closed by `removed`.
    if (state.open?.id === asset.id && elements.codeEdit.hidden) await open(asset.id).catch(() => undefined)
  }
  if (mode() === "browse") elements.summary.textContent = `${state.ids.length.toLocaleString()} snippets`
  render()
}

const removed = (ids) => {
  state.ids = state.ids.filter((id) => !ids.includes(id))
  if (mode() !== "trash") {
    const selectedId = state.shown[state.selected]?.asset.id
    state.shown = state.shown.filter((entry) => !ids.includes(entry.asset.id))
    state.selected = Math.min(Math.max(state.shown.findIndex((entry) => entry.asset.id === selectedId), 0), state.shown.length - 1)
    if (state.open !== null && ids.includes(state.open.id)) closeDetail()
    if (mode() === "browse") elements.summary.textContent = `${state.ids.length.toLocaleString()} snippets`
    render()
  }
}

/** Follows `/assets/stream/identifiers`: its first frame is every id, the next ones what changed; reconnects. */
const follow = (delay = 500) => {
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/assets/stream/identifiers`)
  let first = true
  socket.addEventListener("open", () => {
    elements.live.classList.add("connected")
    elements.live.title = "Live updates: connected"
    delay = 500
  })
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data)
    const items = frame.iterable ?? []
    if (first) {
      first = false
      state.loading = false
      state.ids = items.map((item) => item.asset?.id ?? item.id).filter((id) => id !== undefined)
      if (mode() === "browse" || state.shown.length === 0) refresh().catch(report)
      return
    }
    const gone = items.filter((item) => item.deleted === true).map((item) => item.asset.id)
    const updated = items.filter((item) => item.deleted !== true).map((item) => item.asset.id)
    if (gone.length > 0) removed(gone)
    if (updated.length > 0) changed(updated).catch(report)
    if (state.trash) refresh().catch(report)
  })
  socket.addEventListener("close", () => {
    elements.live.classList.remove("connected")
    elements.live.title = "Live updates: reconnecting"
    setTimeout(() => follow(Math.min(delay * 2, 5000)), delay)
  })
}

// ---- filters, keys, start --------------------------------------------------------------------------------------

const option = (value, label = value) => {
  const element = document.createElement("option")
  element.value = value
  element.textContent = label
  return element
}

const loadTags = async () => {
  const chosen = elements.tag.value
  const tags = (await api("GET", "/tags")).iterable.map((tag) => tag.text).sort((a, b) => a.localeCompare(b))
  elements.tag.replaceChildren(option("", "All tags"), ...tags.map((text) => option(text)))
  elements.tag.value = tags.includes(chosen) ? chosen : ""
}

for (const language of COMMON_LANGUAGES) {
  elements.language.append(option(language))
  elements.detailLanguage.append(option(language))
  elements.newLanguage.append(option(language))
}

// A snippet saved from "New snippet" (`new.js`) is opened once it is stored.
document.addEventListener("snippet-saved", (event) => {
  toast(`Saved “${event.detail.name}”`)
  open(event.detail.id).catch(report)
})

elements.search.addEventListener("input", searchSoon)
elements.language.addEventListener("change", () => refresh().catch(report))
elements.tag.addEventListener("change", () => refresh().catch(report))
elements.trash.addEventListener("click", () => {
  state.trash = !state.trash
  elements.trash.setAttribute("aria-pressed", String(state.trash))
  elements.trash.textContent = state.trash ? "Library" : "Trash"
  closeDetail()
  refresh().catch(report)
})
elements.more.addEventListener("click", () => showMore().catch(report))
elements.back.addEventListener("click", closeDetail)
elements.copy.addEventListener("click", async () => {
  const code = elements.codeEdit.hidden ? codeOf(state.open ?? {}) : elements.codeEdit.value
  await navigator.clipboard.writeText(code).then(() => toast("Copied"), () => toast("The browser refused the clipboard"))
})
elements.edit.addEventListener("click", () => {
  elements.codeView.hidden = !elements.codeView.hidden
  elements.codeEdit.hidden = !elements.codeEdit.hidden
  if (!elements.codeEdit.hidden) elements.codeEdit.focus()
})
elements.save.addEventListener("click", () => save().catch(report))
elements.remove.addEventListener("click", () => remove().catch(report))
elements.restore.addEventListener("click", () => restore().catch(report))

document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName ?? "")
  if (event.key === "/" && !typing) {
    event.preventDefault()
    elements.search.focus()
    return
  }
  if (event.key === "Escape") {
    if (!elements.detail.hidden) closeDetail()
    else elements.list.focus()
    return
  }
  const inList = !typing || document.activeElement === elements.search
  if (!inList) return
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault()
    if (document.activeElement === elements.search) elements.list.focus()
    select(Math.max(0, state.selected + (event.key === "ArrowDown" ? 1 : -1)), false)
  } else if (event.key === "Enter" && state.selected >= 0) {
    event.preventDefault()
    select(state.selected, true)
  }
})

loadTags().catch(report)
follow()
