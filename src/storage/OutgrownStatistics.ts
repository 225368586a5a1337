/**
 * When a planner's statistics no longer fit a table: taken at `analysed` rows, it now holds twice as many or half as
 * few (below a few hundred rows any plan is quick). Plans made on them are as wrong as guesses: statistics taken
 * while a table was small make the planner scan it once it is large.
 */
export const outgrown = (analysed: number, size: number) =>
  size > 2 * Math.max(analysed, 500) || size < analysed / 2
