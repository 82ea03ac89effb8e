import type { MatchEvalSet } from './eval-set.js'
import { parseDelimited } from '../delimited.js'

/**
 * JobResQA (TSV with a header; columns resume_id, resume, jd_id, jd, among others; one row per question):
 * each distinct (jd_id, resume_id) pair is a resume written for that JD, relevance 1. Nothing else is
 * judged, so other resumes in the pool count as not relevant.
 */
export function jobresqaSet(tsv: string): MatchEvalSet {
  const [header, ...rows] = parseDelimited(tsv, '\t')
  const column = (name: string) => {
    const index = header?.indexOf(name) ?? -1
    if (index < 0) throw new Error(`the header has no column ${name}`)
    return index
  }
  const [resumeId, resume, jdId, jd] = ['resume_id', 'resume', 'jd_id', 'jd'].map(column) as [number, number, number, number]
  const set: MatchEvalSet = { jds: new Map(), resumes: new Map(), qrels: new Map(), triples: [] }
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') continue
    const r = `r-${row[resumeId]!.trim()}`
    const j = `jd-${row[jdId]!.trim()}`
    set.resumes.set(r, row[resume]!)
    set.jds.set(j, row[jd]!)
    set.qrels.set(j, (set.qrels.get(j) ?? new Map<string, number>()).set(r, 1))
  }
  return set
}


