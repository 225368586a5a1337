/** How many times each value occurs, in order of first occurrence. */
export const countsOf = <A>(values: Iterable<A>): Map<A, number> => {
  const counts = new Map<A, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}
