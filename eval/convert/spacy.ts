import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import * as v from 'valibot'
import { goldFromSpans, spansAt, type GoldExample, type LabelMap } from './labels.js'

/** A spaCy NER training file: `{ classes, annotations: [[text, { entities: [[start, end, LABEL]] }]] }`. */
const spacySchema = v.object({
  annotations: v.array(v.tuple([v.string(), v.object({ entities: v.array(v.tuple([v.number(), v.number(), v.string()])) })])),
})

/**
 * minhquan resume NER labels per gold field. Its texts are flattened chunks of CVs (a few sentences,
 * no section headings), so only fields that do not depend on sections are mapped: JOB_TITLE would be
 * found only inside an experience section, and ORGANIZATION mixes employers and schools.
 */
const resumeNerLabels: LabelMap = { name: ['PERSON_NAME'], lists: { skills: ['SKILL'] } }

/** Every text chunk of the spaCy files in a folder, named `FILE-INDEX`. */
export function spacyExamples(dir: string): GoldExample[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      v.parse(spacySchema, JSON.parse(readFileSync(join(dir, file), 'utf8'))).annotations.map(([text, { entities }], i) => ({
        name: `${basename(file, '.json')}-${i}`,
        text,
        gold: goldFromSpans(spansAt(text, entities.map(([start, end, type]) => ({ start, end, type }))), resumeNerLabels),
      })),
    )
}
