/**
 * How the tuning scripts weigh a rule of `LanguageLines` against the model it runs before: the model's answer with the
 * rules left out, and, for each threshold of a rule's share, what it adds and what it would take from the others.
 */
import { MIN_CONFIDENCE, modelDetection } from "../src/domain/LanguageDetection.ts"
import { readmesUnder, windowsAmong } from "./SourceFiles.ts"
import { otherLanguagesWindows } from "./TuningSources.ts"

/** What the model answers for a window, the rules before it left out (`txt` below its confidence floor). */
export const modelAnswer = (window: string): string => {
  const { ext, confidence } = modelDetection(window)
  return confidence < MIN_CONFIDENCE ? "txt" : ext
}

type Windows = ReadonlyArray<string>

export interface RuleToWeigh {
  /** The language the rule answers, and its name in the printed lines. */
  readonly language: string
  readonly name: string
  /** The share of a window's lines the rule reads as its language's. */
  readonly share: (window: string) => number
  readonly thresholds: ReadonlyArray<number>
  readonly chosen: number
  /** Windows of the language, by source. */
  readonly sources: ReadonlyArray<readonly [label: string, windows: Windows]>
  /** Windows of the other languages, each labelled with its language (`READMEs` stands for Markdown). */
  readonly others: ReadonlyArray<readonly [label: string, windows: Windows]>
}

/**
 * What a rule for `language` must not take: 600 windows of every other language's tuning sources, then `readmes`
 * windows of the READMEs in `node_modules` (Markdown lists and examples read like many languages), drawn in that order.
 */
export const windowsToSpare = (
  root: string,
  language: string,
  readmes: number,
  random: () => number
): RuleToWeigh["others"] => [
  ...otherLanguagesWindows(root, language, 600, random),
  ["READMEs", windowsAmong(readmesUnder("node_modules"), readmes, random)]
]

/**
 * Prints, for each threshold: per source, how many windows the model alone and the rule with it answer the language;
 * per other language, how many windows the model answered right that the rule would take.
 */
export const weighRule = (rule: RuleToWeigh): void => {
  for (const threshold of rule.thresholds) {
    const takes = (window: string) => rule.share(window) >= threshold
    const answered = rule.sources.map(([label, windows]) =>
      `${label} ${windows.filter((window) => modelAnswer(window) === rule.language).length} → ` +
      `${windows.filter((window) => takes(window) || modelAnswer(window) === rule.language).length}/${windows.length}`
    )
    const taken = rule.others.map(([label, windows]) => {
      const language = label === "READMEs" ? "md" : label
      return `${label} ${windows.filter((window) => modelAnswer(window) === language && takes(window)).length}`
    })
    console.log(`share ${threshold}${threshold === rule.chosen ? " (chosen)" : ""}: ${rule.name} windows answered ` +
      `${rule.name}, model → with the rule: ${answered.join(", ")}; right answers the rule would take for ` +
      `${rule.name}: ${taken.join(", ")}`)
  }
}
