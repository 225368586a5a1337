import { describe, expect, it } from "@effect/vitest"
import { deriveName } from "../../src/domain/SnippetName.ts"

describe("deriveName", () => {
  it.each([
    ["def parse_config(path):\n    return {}", "parse_config"],
    ["export async function loadUser(id) {\n  return db.get(id)\n}", "loadUser"],
    ["const toSlug = (s) => s.toLowerCase()", "toSlug"],
    ["pub fn distance(&self) -> f64 {\n  0.0\n}", "distance"],
    ["func (s *Server) Start() error {\n\treturn nil\n}", "Start"],
    ["public class LruCache<K, V> {\n}", "LruCache"],
    ["CREATE TABLE IF NOT EXISTS users (id int)", "users"],
    ["public static List<String> readLines(Path path) throws IOException {\n}", "readLines"],
    ["int main(int argc, char **argv) {\n  return 0;\n}", "main"],
    ["export function debounce<T extends (...args: Array<unknown>) => void>(fn: T) {\n}", "debounce"]
  ])("names %j after what it defines", (code, name) => {
    expect(deriveName(code)).toBe(name)
  })

  it("falls back to the first non-empty line, shortened", () => {
    expect(deriveName("\n\nSELECT * FROM t WHERE x = 1")).toBe("SELECT * FROM t WHERE x = 1")
    expect(deriveName("x".repeat(100))).toHaveLength(60)
  })
})
