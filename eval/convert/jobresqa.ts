import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDelimited } from '../delimited.js'
import type { GoldExample } from './labels.js'

/**
 * JobResQA's resumes (jobresqa.en.tsv, one row per question) with the one field it labels:
 * `resume_job_title`, the candidate's current or latest title, as `currentTitle` ("Unknown" is left
 * out). The resumes are English; names, e-mails and phones are placeholders and are not scored.
 * Documents are named `r-RESUMEID`, each once however many questions it has.
 */
export function jobresqaExamples(dir: string): GoldExample[] {
  const [header, ...rows] = parseDelimited(readFileSync(join(dir, 'jobresqa.en.tsv'), 'utf8'), '\t')
  const column = (name: string) => {
    const index = header?.indexOf(name) ?? -1
    if (index < 0) throw new Error(`jobresqa.en.tsv has no column ${name}`)
    return index
  }
  const [id, resume, title] = ['resume_id', 'resume', 'resume_job_title'].map(column) as [number, number, number]
  const examples = new Map<string, GoldExample>()
  for (const row of rows) {
    const name = `r-${row[id]?.trim() ?? ''}`
    if (name === 'r-' || examples.has(name)) continue
    const current = row[title]?.trim() ?? ''
    examples.set(name, { name, text: row[resume] ?? '', gold: { language: 'en', ...(current !== '' && current !== 'Unknown' ? { currentTitle: current } : {}) } })
  }
  return [...examples.values()]
}
