/**
 * Collections on the wire are `{"iterable":[...]}`; answers built from stored JSON text assemble them as text.
 */
export const iterableJson = (items: ReadonlyArray<string>): string => `{"iterable":[${items.join(",")}]}`
