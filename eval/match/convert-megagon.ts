import type { MatchEvalSet } from './eval-set.js'
import { neutralId } from './write-set.js'

/**
 * Megagon RJDB (JSON Lines; keys Job-Description, Resume-matched, Resume-unmatched): each row is one JD
 * with the resume written for it (relevance 1) and a copy weakened by removing skills or shortening
 * experience (judged 0), and the triple (JD, matched, unmatched). Every resume is in the pool, so each
 * JD's matched resume competes with 1,999 others, its own weakened twin among them.
 */
export function megagonSet(jsonl: string): MatchEvalSet {
  const set: MatchEvalSet = { jds: new Map(), resumes: new Map(), qrels: new Map(), triples: [] }
  const rows = jsonl.split('\n').filter((line) => line.trim() !== '')
  const width = String(rows.length).length
  for (const [index, line] of rows.entries()) {
    const row = JSON.parse(line) as Record<string, unknown>
    const [jd, matched, unmatched] = ['Job-Description', 'Resume-matched', 'Resume-unmatched'].map((key) => {
      const text = row[key]
      if (typeof text !== 'string' || text.trim() === '') throw new Error(`row ${index + 1}: ${key} is missing`)
      return text
    }) as [string, string, string]
    const jdId = `jd-${String(index + 1).padStart(width, '0')}`
    // Resume ids come from the text, so a tie between the twins is not broken by the label.
    const matchedId = neutralId('r-', matched)
    const unmatchedId = neutralId('r-', unmatched)
    if (set.resumes.has(matchedId) || set.resumes.has(unmatchedId) || matchedId === unmatchedId) throw new Error(`row ${index + 1}: a resume repeats`)
    set.jds.set(jdId, jd)
    set.resumes.set(matchedId, matched).set(unmatchedId, unmatched)
    set.qrels.set(jdId, new Map([[matchedId, 1], [unmatchedId, 0]]))
    set.triples.push({ jd: jdId, matched: matchedId, unmatched: unmatchedId })
  }
  return set
}
