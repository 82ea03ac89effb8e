import { createHash } from 'node:crypto'
import type { MatchEvalSet } from './eval-set.js'

/** The JDs weights are chosen on (`tune`) and the JDs the chosen weights are reported on (`test`). */
export type Half = 'tune' | 'test'
export type SplitChoice = Half | 'all'
export const splitChoices: readonly SplitChoice[] = ['tune', 'test', 'all']

/**
 * The half a JD belongs to: the parity of the first byte of the SHA-256 of its text (surrounding space
 * trimmed). It depends on the text alone, not on the JD's id or its row in the source file, so a
 * reconverted or reordered set splits the same way, and two copies of one JD never land on both sides.
 *
 * @example
 *   halfOf('Java Developer\nRequirements: ...') // 'tune' or 'test', the same on every run
 */
export function halfOf(jdText: string): Half {
  return createHash('sha256').update(jdText.trim()).digest()[0]! % 2 === 0 ? 'tune' : 'test'
}

/**
 * The set with only the JDs of one half, and their judgements and triples. The pool of resumes stays
 * whole: both halves rank against the same 2,000 candidates, as the service would, so their figures
 * compare with each other and with `all`; only the judgements a choice is made on are divided.
 */
export function splitSet(set: MatchEvalSet, split: SplitChoice): MatchEvalSet {
  if (split === 'all') return set
  const jds = new Map([...set.jds].filter(([, text]) => halfOf(text) === split))
  return {
    jds,
    resumes: set.resumes,
    qrels: new Map([...set.qrels].filter(([jd]) => jds.has(jd))),
    triples: set.triples.filter((t) => jds.has(t.jd)),
  }
}
