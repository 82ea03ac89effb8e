import * as v from 'valibot'

/** The languages the parser reports; a gold file may name one of them. */
export const goldLanguages = ['en', 'de', 'es', 'fr', 'pl', 'it'] as const

/**
 * One document's gold labels (NAME.gold.json next to NAME.txt); docs/eval-format.md describes it.
 * A field left out is not scored for that document, so partial labels work; an empty list is scored
 * (it says the document has none, so every prediction is a false positive).
 *
 * @example
 *   { "language": "de", "name": "Jana Beispiel", "emails": ["jana@example.org"], "skills": ["Python"] }
 */
export const goldSchema = v.strictObject({
  language: v.optional(v.picklist(goldLanguages)),
  name: v.optional(v.string()),
  emails: v.optional(v.array(v.string())),
  phones: v.optional(v.array(v.string())),
  /** The candidate's location as labelled ("Pune, Maharashtra"); scored on the city it names first. */
  city: v.optional(v.string()),
  currentTitle: v.optional(v.string()),
  currentEmployer: v.optional(v.string()),
  titles: v.optional(v.array(v.string())),
  employers: v.optional(v.array(v.string())),
  institutes: v.optional(v.array(v.string())),
  degrees: v.optional(v.array(v.string())),
  skills: v.optional(v.array(v.string())),
  totalExperienceMonths: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The day "present" meant when the resume was written (yyyy-mm-dd); the parser's `now`. */
  asOf: v.optional(v.pipe(v.string(), v.isoDate())),
})

export type Gold = v.InferOutput<typeof goldSchema>

/** The scored fields, in report order. totalExperienceMonths is scored apart (within 12 months). */
export const scoredFields = [
  'language', 'name', 'emails', 'phones', 'city', 'currentTitle', 'currentEmployer',
  'titles', 'employers', 'institutes', 'degrees', 'skills',
] as const

export type ScoredField = (typeof scoredFields)[number]

/** Validates a parsed NAME.gold.json; the error names the file and the offending path. */
export function readGold(json: unknown, file: string): Gold {
  const result = v.safeParse(goldSchema, json)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? ''
  throw new Error(`${file}: ${path ? `${path}: ` : ''}${issue.message}`)
}
