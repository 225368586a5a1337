// The page's Import…: files or a folder picked or dropped, read here as text, sent to the service's importer of
// the chosen kind for a preview (nothing written), then imported. A source larger than one request may be is
// answered 413 by the service with what to do instead (npm run import), which is shown as it comes.

const $ = (id) => document.getElementById(id)
const elements = {
  open: $("open-import"), dialog: $("import-dialog"), kind: $("import-kind"), files: $("import-files"),
  folder: $("import-folder"), drop: $("import-drop"), status: $("import-status"), preview: $("import-preview"),
  confirm: $("import-confirm"), close: $("import-close")
}

/** The files chosen, with paths relative to what was picked. */
let chosen = []
/**
 * Which answer the dialog waits for: each preview and import counts one more, and an answer that is no longer
 * awaited is dropped. A kind changed just before a drop sends two previews; the first may answer last, and was
 * shown over the second.
 */
let awaited = 0

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A picked folder's files carry its name first (`vscode/snippets/go.json`); the importers read what is inside it. */
const withinPicked = (path) => path.split("/").slice(1).join("/") || path

/** Every file under a dropped entry, read as text, with its path from the dropped folder. */
const filesOfEntry = async (entry, prefix) => {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject))
    return [{ path: `${prefix}${file.name}`, text: await file.text() }]
  }
  const reader = entry.createReader()
  const children = []
  // readEntries answers in chunks until it answers none.
  for (let chunk = await new Promise((resolve, reject) => reader.readEntries(resolve, reject)); chunk.length > 0;
    chunk = await new Promise((resolve, reject) => reader.readEntries(resolve, reject))) children.push(...chunk)
  const nested = await Promise.all(children.map((child) => filesOfEntry(child, `${prefix}${entry.name}/`)))
  return nested.flat()
}

const placeOf = ({ place }) =>
  `${place.file}${place.line === undefined ? "" : `:${place.line}`}${place.entry === undefined ? "" : ` (${place.entry})`}`

const list = (title, lines) =>
  lines.length === 0 ? "" : `<h3>${escapeHtml(title)} (${lines.length})</h3><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`

const counts = (rows) => rows.map(({ name, count }) => `${name} ${count}`).join(", ") || "none"

const send = async (dryRun) => {
  const response = await fetch("/library/import", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: elements.kind.value, dry_run: dryRun, files: chosen })
  })
  const json = await response.json().catch(() => ({ message: `The service answered ${response.status}` }))
  if (!response.ok) throw new Error(json.message ?? `The service answered ${response.status}`)
  return json
}

const show = (report) => {
  const nearCopies = report.entries.flatMap((entry) =>
    entry.near_copies.map((copy) => `${entry.name} is ${Math.round(copy.similarity * 100)}% like “${copy.name}”`))
  elements.preview.innerHTML =
    `<p><strong>${report.dry_run ? `${report.new} of ${report.read} snippets are new` : `Imported ${report.imported} snippets`}</strong>` +
    ` · languages: ${escapeHtml(counts(report.languages))} · tags: ${escapeHtml(counts(report.tags))}</p>` +
    list("Near copies of saved snippets", nearCopies) +
    list("Skipped", report.skipped.map((left) => `${placeOf(left)} ${left.reason}`)) +
    list("Problems", report.problems.map((left) => `${placeOf(left)} ${left.reason}`))
  elements.confirm.hidden = !report.dry_run || report.new === 0
  elements.confirm.textContent = `Import ${report.new} snippets`
}

const preview = async (files) => {
  const mine = ++awaited
  chosen = files
  elements.preview.innerHTML = ""
  elements.confirm.hidden = true
  if (files.length === 0) return
  elements.status.textContent = `Reading ${files.length} files…`
  try {
    const report = await send(true)
    if (mine !== awaited) return
    show(report)
    elements.status.textContent = `Preview of ${files.length} files: nothing is written until you import.`
  } catch (error) {
    if (mine === awaited) elements.status.textContent = error.message
  }
}

const fromInput = async (input, picked) => {
  const files = await Promise.all([...input.files].map(async (file) => ({
    path: picked ? withinPicked(file.webkitRelativePath) : file.name,
    text: await file.text()
  })))
  input.value = ""
  await preview(files)
}

elements.open.addEventListener("click", () => {
  // A new import: the files of the last one are not chosen again by changing the kind.
  awaited++
  chosen = []
  elements.status.textContent = "Pick or drop files or a folder."
  elements.preview.innerHTML = ""
  elements.confirm.hidden = true
  elements.dialog.showModal()
})
elements.close.addEventListener("click", () => elements.dialog.close())
elements.files.addEventListener("change", () => fromInput(elements.files, false))
elements.folder.addEventListener("change", () => fromInput(elements.folder, true))
elements.kind.addEventListener("change", () => preview(chosen))
elements.drop.addEventListener("dragover", (event) => {
  event.preventDefault()
  elements.drop.classList.add("over")
})
elements.drop.addEventListener("dragleave", () => elements.drop.classList.remove("over"))
elements.drop.addEventListener("drop", async (event) => {
  event.preventDefault()
  elements.drop.classList.remove("over")
  const entries = [...event.dataTransfer.items].map((item) => item.webkitGetAsEntry?.()).filter((entry) => entry)
  // A dropped folder is read as picked (paths inside it); dropped files by their names.
  const files = entries.length > 0
    ? (await Promise.all(entries.map((entry) => filesOfEntry(entry, "")))).flat()
      .map((file) => ({ ...file, path: entries.length === 1 && entries[0].isDirectory ? withinPicked(file.path) : file.path }))
    : await Promise.all([...event.dataTransfer.files].map(async (file) => ({ path: file.name, text: await file.text() })))
  await preview(files)
})
elements.confirm.addEventListener("click", async () => {
  const mine = ++awaited
  elements.confirm.hidden = true
  elements.status.textContent = `Importing…`
  try {
    const report = await send(false)
    if (mine !== awaited) return
    show(report)
    elements.status.textContent = `Imported ${report.imported} snippets; they appear in the library as they are saved.`
  } catch (error) {
    if (mine === awaited) elements.status.textContent = error.message
  }
})
