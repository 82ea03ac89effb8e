import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { goldFromSpans, spansAt, type GoldExample, type LabelMap } from './labels.js'

/** The parts of a Label Studio JSON export the converter reads (offsets: end exclusive). */
const exportSchema = v.array(
  v.object({
    id: v.number(),
    data: v.object({ text: v.string() }),
    annotations: v.array(
      v.object({
        was_cancelled: v.optional(v.boolean()),
        result: v.array(
          v.object({
            type: v.string(),
            value: v.object({ start: v.optional(v.number()), end: v.optional(v.number()), labels: v.optional(v.array(v.string())) }),
          }),
        ),
      }),
    ),
  }),
)

/**
 * vrundag91 resume corpus labels per gold field. work_year (dates), work_cities, languages and certifications
 * have no gold field; the competency labels (analyzing, planning, ...) are not skills. No language is
 * claimed: the per-language report groups these documents by the detected language.
 */
const resumeCorpusLabels: LabelMap = {
  city: ['candidate_city'],
  lists: {
    titles: ['designation'],
    employers: ['company_name'],
    institutes: ['place_higher_education', 'place_basic_education'],
    degrees: ['higher_education', 'basic_education'],
    skills: ['technical_skills', 'soft-skills'],
  },
}

/**
 * Every annotated task of the Label Studio exports in a folder, named `ls-TASKID`. A task's first
 * annotation that was not cancelled and has results is used; tasks without one, and a text already
 * seen in another task, are skipped.
 */
export function labelStudioExamples(dir: string): GoldExample[] {
  const examples: GoldExample[] = []
  const seen = new Set<string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const task of v.parse(exportSchema, JSON.parse(readFileSync(join(dir, file), 'utf8')))) {
      const annotation = task.annotations.find((a) => !a.was_cancelled && a.result.length > 0)
      if (!annotation || seen.has(task.data.text)) continue
      seen.add(task.data.text)
      const offsets = annotation.result.flatMap(({ type, value: { start, end, labels } }) =>
        type === 'labels' && start !== undefined && end !== undefined && labels?.[0] ? [{ start, end, type: labels[0] }] : [],
      )
      examples.push({ name: `ls-${task.id}`, text: task.data.text, gold: goldFromSpans(spansAt(task.data.text, offsets), resumeCorpusLabels) })
    }
  }
  return examples
}
