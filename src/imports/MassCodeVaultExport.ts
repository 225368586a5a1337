/**
 * Saved snippets as a massCode Markdown vault (the layout massCode v4.6 on reads, so massCode and the massCode
 * importer read it back), readable in Obsidian too: a `.md` file per snippet with YAML front matter (massCode's
 * fields, and `asset_id`, `language`, `tag_names`, `websites`, `created` and `updated` for everyone else) and its
 * code under `## Fragment:` in a fence long enough for the backticks inside it. A snippet goes in a folder named
 * by its first tag (massCode's folders), an untagged one at the vault's root; `.masscode/state.json` names the tags
 * and folders. Languages are named as massCode and VS Code name them (`typescript`, `python`). The importer reads
 * `asset_id` and `tag_names` back, so an exported snippet imported again is the same snippet.
 */
import { stringify as yaml } from "yaml"
import type { SourceFile } from "./ImportedSnippet.ts"
import type { ExportedSnippet } from "./ExportedSnippet.ts"
import { vsCodeLanguage } from "./VsCodeExport.ts"

/** A name safe as a file or folder name on every system massCode runs on. */
const safeName = (name: string) =>
  name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").replace(/^\.+/, "_").trim().slice(0, 120) || "Untitled"

const fenceFor = (code: string) => "`".repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((run) => run[0].length + 1)))

export const massCodeVault = (snippets: Iterable<ExportedSnippet>): Array<SourceFile> => {
  const tagIds = new Map<string, number>()
  const folderIds = new Map<string, number>()
  const files: Array<SourceFile> = []
  const taken = new Set<string>()
  const index: Array<{ id: number; filePath: string }> = []
  let id = 0
  for (const snippet of snippets) {
    id++
    const tags = snippet.tags.map((tag) => {
      if (!tagIds.has(tag)) tagIds.set(tag, tagIds.size + 1)
      return tagIds.get(tag)!
    })
    const folder = snippet.tags[0] === undefined ? undefined : safeName(snippet.tags[0])
    if (folder !== undefined && !folderIds.has(folder)) folderIds.set(folder, folderIds.size + 1)
    let path = `${folder === undefined ? "" : `${folder}/`}${safeName(snippet.name)}.md`
    for (let n = 2; taken.has(path.toLowerCase()); n++) {
      path = `${folder === undefined ? "" : `${folder}/`}${safeName(snippet.name)} (${n}).md`
    }
    taken.add(path.toLowerCase())
    const created = Date.parse(snippet.created)
    const updated = Date.parse(snippet.updated)
    const frontMatter = {
      contents: [{ id, label: "Fragment 1", language: vsCodeLanguage(snippet.language) }],
      createdAt: created,
      description: snippet.description ?? null,
      folderId: folder === undefined ? null : folderIds.get(folder)!,
      id,
      isDeleted: 0,
      isFavorites: 0,
      name: snippet.name,
      tags,
      updatedAt: updated,
      asset_id: snippet.id,
      language: snippet.language,
      tag_names: snippet.tags,
      websites: snippet.websites.map((website) => website.url),
      created: snippet.created,
      updated: snippet.updated
    }
    const fence = fenceFor(snippet.code)
    files.push({
      path,
      text: `---\n${yaml(frontMatter, { lineWidth: 0 }).trim()}\n---\n\n## Fragment: Fragment 1\n${fence}${vsCodeLanguage(snippet.language)}\n${snippet.code}\n${fence}\n`
    })
    index.push({ id, filePath: path })
  }
  const now = Date.now()
  const state = {
    version: 1,
    counters: { contentId: id, folderId: folderIds.size, snippetId: id, tagId: tagIds.size },
    folderUi: {},
    folders: [...folderIds].map(([name, folderId]) => ({
      id: folderId,
      name,
      parentId: null,
      defaultLanguage: "plain_text",
      isOpen: 0,
      orderIndex: folderId - 1,
      icon: null,
      createdAt: now,
      updatedAt: now
    })),
    snippets: index,
    tags: [...tagIds].map(([name, tagId]) => ({ id: tagId, name, createdAt: now, updatedAt: now }))
  }
  files.push({ path: ".masscode/state.json", text: `${JSON.stringify(state, null, 2)}\n` })
  return files
}
