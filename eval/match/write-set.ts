import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MatchEvalSet } from './eval-set.js'

/** Writes a set in the directory format readMatchEvalSet reads (docs/eval-format.md, "Match relevance"). */
export function writeMatchEvalSet(dir: string, set: MatchEvalSet): void {
  for (const [folder, texts] of [['jds', set.jds], ['resumes', set.resumes]] as const) {
    mkdirSync(join(dir, folder), { recursive: true })
    for (const [id, text] of texts) writeFileSync(join(dir, folder, `${id}.txt`), text)
  }
  const qrels = [...set.qrels].flatMap(([jd, judged]) => [...judged].map(([resume, grade]) => `${jd}\t${resume}\t${grade}`))
  writeFileSync(join(dir, 'qrels.tsv'), ['jd_id\tresume_id\trelevance', ...qrels].join('\n') + '\n')
  if (set.triples.length > 0) {
    const triples = set.triples.map((t) => `${t.jd}\t${t.matched}\t${t.unmatched}`)
    writeFileSync(join(dir, 'triples.tsv'), ['jd_id\tmatched_resume_id\tunmatched_resume_id', ...triples].join('\n') + '\n')
  }
}

/** An id that says nothing about its label: the service breaks score ties by id, so "a-matched" < "b-unmatched" would leak. */
export function neutralId(prefix: string, text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return `${prefix}${hash.toString(16).padStart(8, '0')}`
}
