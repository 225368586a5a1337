import { describe, expect, it } from "@effect/vitest"
import { detectLanguage } from "../../src/domain/LanguageDetection.ts"
import type { ClassificationSpecificValue } from "../../src/domain/ClassificationSpecifics.ts"
import { familyMember, familyOf } from "../../src/domain/LanguageFamilies.ts"

/** Each of `codes`, chosen by the model as `chosen`, is answered `member`. */
const expectMember = (
  chosen: ClassificationSpecificValue,
  member: ClassificationSpecificValue,
  codes: ReadonlyArray<string>
) => {
  for (const code of codes) expect(familyMember(chosen, code), code).toBe(member)
}

describe("familyMember", () => {
  it("answers TypeScript only for code with TypeScript's own syntax", () => {
    expectMember("js", "ts", [
      "const error: KeywordErrorDefinition = {\n  message: 'x',\n}",
      "export function parse(input: string, strict?: boolean) {\n  return input\n}",
      "  defaultMeta(): string | undefined {\n    return this.meta\n  }",
      "interface Point {\n  x: number\n}",
      "class Cache implements Store {\n  private readonly entries = new Map<string, Entry>()\n}",
      "type Handler = (event: Event) => void",
      "const value = input as unknown as Settings",
      "const names: Array<string> = []",
      "function toggle(state, next: Settings) {\n  return next\n}",
      "class Cursor {\n  position?: number;\n  readonly buffer: Uint8Array;\n}",
      "const counts: { [word: string]: number } = {}",
      "function pick<K extends keyof Options>(key: K) {}",
      "const config = { port: 8080 } satisfies Settings",
      "list.shift()!.close()",
      "    /**\n     * Columns inside this embed.\n     */\n    columns: ColumnMetadata[];\n    joinTableName: string;"
    ])
  })

  it("answers JavaScript for code both could be, a ternary's colon and a renaming import included", () => {
    expectMember("ts", "js", [
      "const label = ok ? format(value) : fallback\nmodule.exports = { label }",
      "import { v1 as uuidv1 } from 'uuid'\nconst id = uuidv1()",
      "function add(a, b) {\n  return { sum: a + b, kind: Number }\n}",
      "// a comment saying x: string is not syntax\nconst s = 'y: number'",
      "switch (kind) {\n  case LEAF: visit(node);\n  default: break;\n}\nouter: for (const row of rows) {\n  continue outer;\n}",
      "const Greeting = () => <p className=\"hello\">Welcome!</p>",
      "if (a != b && !done) next()"
    ])
  })

  it("answers C++ only for code with C++'s own syntax", () => {
    expectMember("c", "cpp", [
      "std::vector<int> values;",
      "template <typename T>\nT max(T a, T b) { return a > b ? a : b; }",
      "class Buffer {\npublic:\n  explicit Buffer(size_t n);\n};",
      "void swap(Node& a, Node& b);",
      "#include <iostream>\nint main() { return 0; }",
      "auto* node = new Node(value);",
      "typedef mat<4, 4, float> fmat4x4;",
      "#ifndef YAML_CPP_NODE_HPP\n#define YAML_CPP_NODE_HPP\n#if defined(_MSC_VER)\n#pragma once\n#endif",
      '#include "asio/detail/config.hpp"\n#define ASIO_HAS_THREADS 1'
    ])
  })

  it("answers C++ for a class's members, a header's names and its documented examples", () => {
    expectMember("c", "cpp", [
      "    CV_WRAP size_t elemSize() const;\n    CV_WRAP bool empty() const;",
      "\tvoid* getWorldUserInfo() const\n\t{\n\t\treturn m_worldUserInfo;\n\t}",
      "\t~FIFOIOS();\n\t\t/// Destroys the FIFOIOS.",
      "class b3TypedConstraint;\nstruct b3JacobiSolverInfo\n{\n\tint m_fixedBodyIndex;\n};",
      "\tbtContactSolverInfo& getSolverInfo()\n\t{\n\t\treturn m_solverInfo;\n\t}",
      "  _M_range_check(__n);\n  return (*this)[__n];",
      "static __device__ __forceinline__ unsigned int vcmpge4(unsigned int a, unsigned int b)",
      "typedef mat<4, 4, uint, defaultp>\tumat4x4;",
      '#include "../../Eigen/Core"\n#define EIGEN_ARPACK 1',
      "/// \\code\n/// sf::Transform transform;\n/// transform.rotate(45);\n/// \\endcode\nvoid draw(void);",
      "/// template <> struct enum_iteration_traits<Safe> {\n///   static constexpr bool is_iterable = true;\n/// };",
      "    Array<StorageIndex,IPARM_SIZE,1>& iparm()\n    {\n      return m_iparm;\n    }",
      "  // Decrement the iterator.\n  void decrement()\n  {\n    --position_;\n  }",
      "\tint Get_Total_Calls(void) { return TotalCalls; }\n\tfloat Get_Total_Time(void) { return TotalTime; }"
    ])
  })

  it("answers C for C, a header's extern \"C\" guard and a bitwise and included", () => {
    expectMember("cpp", "c", [
      "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint sqlite3_open(const char *name, sqlite3 **db);",
      "static int mask(int flags) {\n  return flags & FLAG_READ;\n}",
      "struct ringbuf *ringbuf_new(size_t size);\n#define RINGBUF_RESET 0",
      "/* callable from C++: the header declares it extern \"C\" */\nint foo(void);",
      'static const char *usage = "see foo::bar";\nint value = flags & mask(bits);',
      "static void delete_entry(struct entry *e) {\n  free(e);\n}",
      "#ifndef UV_UNIX_H\n#define UV_UNIX_H\n#include <sys/types.h>\n#include \"uv/threadpool.h\"",
      "if (count<MAX_ENTRIES && size>0) grow(table);",
      "int drain(struct queue *q)\n{\n  if (empty(q)) { return 0; }\n  else if (stalled(q))\n  {\n    wake(q);\n  }\n  return 1;\n}",
      "  for (i = 0; i < n; i++) {\n    struct node *next = list_next(node);\n    while (busy(next)) { spin(); }\n  }"
    ])
  })

  it("answers C++ for a window commented only in // lines, unless its code keeps C's habits", () => {
    expectMember("c", "cpp", [
      "//===----------------------------------------------------------------------===//\n///\n/// \\file\n" +
      "/// A generic graph post order iterator.\n///\n#ifndef LLVM_ADT_POSTORDERITERATOR_H\n#define LLVM_ADT_POSTORDERITERATOR_H",
      "// Copyright 2011 The LevelDB Authors.\n//\n// Use of this source code is governed by a BSD-style license.\n" +
      "#ifndef STORAGE_LEVELDB_INCLUDE_ITERATOR_H_\n#define STORAGE_LEVELDB_INCLUDE_ITERATOR_H_\n#include <stdint.h>"
    ])
    expectMember("cpp", "c", [
      // C's own habits: a (void) parameter list, a typedef'd struct
      "// Returns the version of the library.\n// The version is packed in hexadecimal.\n// E.g: v2.5.7 is 0x020507.\n" +
      "WEBP_EXTERN int WebPGetDecoderVersion(void);",
      "// Data type used to describe 'raw' data.\n// Stores the bytes and their size.\n// Owned by the caller.\n" +
      "typedef struct WebPData WebPData;\nstruct WebPData {\n  const uint8_t* bytes;\n  size_t size;\n};",
      // block comments as well, or too few lines to be a habit
      "/* The public interface. */\n// see below\n// the flags\n// and the size\n#define BUFFER_SIZE 4096",
      "// The buffer's size.\n// In bytes.\n#define BUFFER_SIZE 4096\nint open_buffer(const char *name);"
    ])
  })

  it("leaves languages outside the two families as the model chose them", () => {
    expect(familyMember("go", "func main() {}")).toBe("go")
    expect(familyMember("java", "public class A implements B {}")).toBe("java")
  })
})

describe("familyOf", () => {
  it("names a family by its base language", () => {
    expect(["ts", "js", "cpp", "c", "go"].map((language) => familyOf(language as ClassificationSpecificValue)))
      .toEqual(["js", "js", "c", "c", "go"])
  })
})

describe("detectLanguage on family pairs", () => {
  it("tells TypeScript from JavaScript", () => {
    expect(detectLanguage(
      "export class Queue<T> {\n  private items: Array<T> = []\n\n  push(item: T): void {\n    this.items.push(item)\n  }\n\n  get size(): number {\n    return this.items.length\n  }\n}\n"
    )).toBe("ts")
    expect(detectLanguage(
      "export class Queue {\n  constructor() {\n    this.items = []\n  }\n\n  push(item) {\n    this.items.push(item)\n  }\n\n  get size() {\n    return this.items.length\n  }\n}\n"
    )).toBe("js")
  })

  it("tells C from C++", () => {
    expect(detectLanguage(
      "#include <stdio.h>\n#include <stdlib.h>\n\nstruct node {\n  int value;\n  struct node *next;\n};\n\nstatic struct node *push(struct node *head, int value) {\n  struct node *n = malloc(sizeof *n);\n  n->value = value;\n  n->next = head;\n  return n;\n}\n"
    )).toBe("c")
    expect(detectLanguage(
      "#include <memory>\n#include <vector>\n\nnamespace store {\nclass Index {\n public:\n  void add(const std::string& name);\n\n private:\n  std::vector<std::unique_ptr<Entry>> entries_;\n};\n}  // namespace store\n"
    )).toBe("cpp")
  })

  it("tells JSON, even cut mid-file, from Go", () => {
    expect(detectLanguage(
      '    "save": "Save",\n    "cancel": "Cancel",\n    "delete": "Delete",\n    "confirm_delete": "Delete this snippet?",\n    "search": "Search",\n    "tags": "Tags",\n'
    )).toBe("json")
    expect(detectLanguage(
      'func (s *Store) Get(id string) (*Asset, error) {\n\tasset, ok := s.assets[id]\n\tif !ok {\n\t\treturn nil, fmt.Errorf("no asset %q", id)\n\t}\n\treturn asset, nil\n}\n'
    )).toBe("go")
  })

  it("tells Java from JavaScript", () => {
    expect(detectLanguage(
      "public final class Assets {\n    private final Map<String, Asset> byId = new HashMap<>();\n\n    public Optional<Asset> find(String id) {\n        return Optional.ofNullable(byId.get(id));\n    }\n}\n"
    )).toBe("java")
    expect(detectLanguage(
      "const byId = new Map()\n\nfunction find(id) {\n  const asset = byId.get(id)\n  return asset === undefined ? null : asset\n}\n\nmodule.exports = { find }\n"
    )).toBe("js")
  })

  it("does not call a stylesheet HTML", () => {
    expect(detectLanguage(".page {\n  margin: 0 auto;\n  max-width: 60em;\n}\n\n.page h1 {\n  font-size: 2em;\n}\n")).toBe("css")
  })
})
