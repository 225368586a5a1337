/**
 * Where an installed service keeps its library and looks for its configuration, on each platform; and what the
 * configuration file may hold.
 */
import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { appFolders } from "../../src/app/AppFolders.ts"
import { readConfigFile } from "../../src/app/ConfigFile.ts"

describe("the application's folders", () => {
  it("follows each platform's convention, and XDG's variables on Linux", () => {
    expect(appFolders("linux", {}, "/home/ann")).toEqual({
      data: "/home/ann/.local/share/snippet-library",
      config: "/home/ann/.config/snippet-library"
    })
    expect(appFolders("linux", { XDG_DATA_HOME: "/data", XDG_CONFIG_HOME: "/conf" }, "/home/ann")).toEqual({
      data: "/data/snippet-library",
      config: "/conf/snippet-library"
    })
    expect(appFolders("darwin", {}, "/Users/ann").data).toBe("/Users/ann/Library/Application Support/snippet-library")
    expect(appFolders("win32", { APPDATA: "C:/Users/ann/AppData/Roaming" }, "C:/Users/ann").config)
      .toBe(join("C:/Users/ann/AppData/Roaming", "snippet-library"))
  })
})

describe("the configuration file", () => {
  const dir = mkdtempSync(join(tmpdir(), "config-file-"))
  const file = (name: string, text: string) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return path
  }

  it("reads settings by their environment names; a relative DB_PATH is the file's folder's", () => {
    const path = file("good.json", JSON.stringify({ PORT: 39400, SERVER_TIMING: true, DB_PATH: "lib/assets.db" }))
    expect(readConfigFile(path)).toEqual({
      path,
      values: { PORT: "39400", SERVER_TIMING: "true", DB_PATH: join(dir, "lib/assets.db") }
    })
    expect(readConfigFile(join(dir, "absent.json"))).toBeUndefined()
  })

  it("refuses what is not a JSON object of known settings, naming the file and the setting", () => {
    expect(readConfigFile(file("broken.json", "{ PORT: 1 "))).toMatch(/broken\.json is not JSON/)
    expect(readConfigFile(file("list.json", "[1]"))).toMatch(/must be a JSON object of settings/)
    expect(readConfigFile(file("unknown.json", "{\"COLOUR\": \"blue\"}"))).toMatch(/unknown\.json: COLOUR is no setting/)
    expect(readConfigFile(file("nested.json", "{\"PORT\": {\"n\": 1}}"))).toMatch(/nested\.json: PORT must be a string/)
  })
})
