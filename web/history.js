// The page's history of a snippet and the assistants' proposals: the revisions of the snippet shown, with who made
// each and when, a highlighted diff between any two, and a restore (which adds a revision); the proposals waiting,
// each with its diff, accepted or rejected. Both follow the streams: the snippet's own changes re-show it
// (`snippet-shown`, from app.js), and `/proposals/stream/identifiers` says when a proposal comes or goes.
import hljs from "/web/highlighter.js"

const $ = (id) => document.getElementById(id)
const elements = {
  toggle: $("show-history"), panel: $("history"), revisions: $("revisions"), more: $("more-revisions"),
  to: $("diff-to"), from: $("diff-from"), restore: $("restore-revision"), fields: $("diff-fields"), diff: $("diff"),
  openProposals: $("open-proposals"), count: $("proposal-count"), dialog: $("proposals-dialog"),
  proposals: $("proposals"), empty: $("proposals-empty"), close: $("proposals-close"),
  toast: $("toast"), toastText: $("toast-text"), undo: $("undo")
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const api = async (method, path) => {
  const response = await fetch(path, { method })
  const text = await response.text()
  const json = text === "" ? undefined : JSON.parse(text)
  if (!response.ok) throw new Error(json?.message ?? `${method} ${path}: ${response.status}`)
  return json
}

const say = (text) => {
  elements.toastText.textContent = text
  elements.undo.hidden = true
  elements.toast.hidden = false
  setTimeout(() => (elements.toast.hidden = true), 2500)
}
const report = (error) => say(`Failed: ${error.message}`)

/** Who made a revision, in words. */
export const actorText = (actor) => {
  const who = actor.kind === "application"
    ? `${actor.name} ${actor.version ?? ""}`.trim()
    : actor.kind === "page"
    ? "the library page"
    : actor.kind === "assistant"
    ? `${actor.name ?? "an assistant"}${actor.version ? ` ${actor.version}` : ""}${actor.accepted ? " (accepted by you)" : ""}`
    : actor.kind === "importer"
    ? `import from ${actor.source}${actor.file ? ` (${actor.file})` : ""}`
    : actor.kind === "api"
    ? "the HTTP API"
    : "before history"
  return actor.member ? `${who} · ${actor.member}` : who
}

const EVENTS = { created: "created", edited: "changed", deleted: "moved to the trash", restored: "restored from the trash", reverted: "restored revision" }
const eventText = (entry) =>
  `${EVENTS[entry.event] ?? entry.event}${entry.restored ? ` ${entry.restored}` : ""}${
    entry.changed.length > 0 && entry.event !== "created" ? `: ${entry.changed.join(", ")}` : ""
  }`

const time = (iso) => new Date(iso).toLocaleString()

/** A unified diff, its lines coloured by highlight.js's diff grammar. */
const showDiff = (target, text) => {
  target.className = "hljs"
  target.innerHTML = text === "" ? "" : hljs.highlight(text, { language: "diff" }).value
  target.parentElement.hidden = text === ""
}

const fieldText = (value) => typeof value === "string" ? value : JSON.stringify(value)
const showFields = (target, fields) => {
  target.innerHTML = fields.map((field) =>
    `<div><strong>${escapeHtml(field.field)}</strong>: <del>${escapeHtml(fieldText(field.before))}</del> → <ins>${escapeHtml(fieldText(field.after))}</ins></div>`
  ).join("")
}

// ---- a snippet's history ---------------------------------------------------------------------------------------

const history = { id: null, entries: [], cursor: null, selected: null }

const option = (value, label) => {
  const element = document.createElement("option")
  element.value = String(value)
  element.textContent = label
  return element
}

const renderRevisions = () => {
  elements.revisions.replaceChildren(...history.entries.map((entry) => {
    const item = document.createElement("li")
    item.setAttribute("aria-selected", String(entry.number === history.selected))
    item.dataset.revision = String(entry.number)
    item.innerHTML = `<span class="who">${entry.number}. ${escapeHtml(actorText(entry.actor))}</span> ` +
      `<span class="meta">${escapeHtml(time(entry.created))}</span><br>${escapeHtml(eventText(entry))}`
    item.addEventListener("click", () => choose(entry.number).catch(report))
    return item
  }))
  elements.more.hidden = history.cursor === null
  elements.to.replaceChildren(...history.entries.map((entry) => option(entry.number, `${entry.number}`)))
  elements.from.replaceChildren(
    ...history.entries.map((entry) => option(entry.number, `${entry.number}`)),
    option(0, "nothing")
  )
}

/** Shows what revision `number` changed (from the one before it unless another is chosen). */
const choose = async (number, against) => {
  history.selected = number
  const from = against ?? Math.max(number - 1, 0)
  elements.to.value = String(number)
  elements.from.value = String(from)
  for (const item of elements.revisions.children) item.setAttribute("aria-selected", String(item.dataset.revision === String(number)))
  const diff = await api("GET", `/asset/${history.id}/revisions/${number}/diff?against=${from}`)
  showFields(elements.fields, diff.fields)
  showDiff(elements.diff, diff.code)
}

const loadHistory = async () => {
  if (history.id === null || elements.panel.hidden) return
  const page = await api("GET", `/asset/${history.id}/revisions?limit=50`)
  history.entries = page.iterable
  history.cursor = page.cursor
  renderRevisions()
  if (history.entries.length > 0) await choose(history.entries[0].number)
}

elements.more.addEventListener("click", async () => {
  const page = await api("GET", `/asset/${history.id}/revisions?limit=50&cursor=${history.cursor}`).catch(report)
  if (page === undefined) return
  history.entries.push(...page.iterable)
  history.cursor = page.cursor
  renderRevisions()
})
elements.toggle.addEventListener("click", () => {
  elements.panel.hidden = !elements.panel.hidden
  elements.toggle.setAttribute("aria-expanded", String(!elements.panel.hidden))
  loadHistory().catch(report)
})
elements.to.addEventListener("change", () => choose(Number(elements.to.value), Number(elements.from.value)).catch(report))
elements.from.addEventListener("change", () => choose(Number(elements.to.value), Number(elements.from.value)).catch(report))
elements.restore.addEventListener("click", async () => {
  if (history.selected === null) return
  const restored = await api("POST", `/asset/${history.id}/revisions/${history.selected}/restore`).catch(report)
  // The snippet's own change re-shows it (and this panel) through the stream.
  if (restored !== undefined) say(`Restored revision ${history.selected} as revision ${restored.number}`)
})
document.addEventListener("snippet-shown", (event) => {
  history.id = event.detail.id
  loadHistory().catch(report)
})

// ---- the proposals inbox ---------------------------------------------------------------------------------------

const renderProposals = (proposals) => {
  elements.count.textContent = String(proposals.length)
  elements.count.classList.toggle("waiting", proposals.length > 0)
  elements.empty.hidden = proposals.length > 0
  elements.proposals.replaceChildren(...proposals.map((proposal) => {
    const item = document.createElement("li")
    item.innerHTML = `<div><strong>${escapeHtml(proposal.snippet.name)}</strong>${proposal.snippet.deleted ? " (in the trash)" : ""}` +
      ` <span class="meta">by ${escapeHtml(actorText(proposal.assistant))}, ${escapeHtml(time(proposal.created))}</span></div>` +
      `<div class="diff-fields"></div><pre><code></code></pre>` +
      `<div class="actions"><button type="button" data-accept>Accept</button><button type="button" data-reject class="danger">Reject</button></div>`
    showFields(item.querySelector(".diff-fields"), proposal.diff.fields)
    showDiff(item.querySelector("code"), proposal.diff.code)
    item.querySelector("[data-accept]").addEventListener("click", () =>
      api("POST", `/proposals/${proposal.id}/accept`).then(() => say("Accepted")).catch(report))
    item.querySelector("[data-reject]").addEventListener("click", () =>
      api("POST", `/proposals/${proposal.id}/reject`).then(() => say("Rejected")).catch(report))
    return item
  }))
}

const loadProposals = async () => renderProposals((await api("GET", "/proposals")).iterable)

elements.openProposals.addEventListener("click", () => {
  elements.dialog.showModal()
  loadProposals().catch(report)
})
elements.close.addEventListener("click", () => elements.dialog.close())

/** Follows `/proposals/stream/identifiers`: any frame means the proposals changed; reconnects. */
const followProposals = (delay = 500) => {
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/proposals/stream/identifiers`)
  socket.addEventListener("open", () => (delay = 500))
  socket.addEventListener("message", () => loadProposals().catch(report))
  socket.addEventListener("close", () => setTimeout(() => followProposals(Math.min(delay * 2, 5000)), delay))
}
followProposals()
