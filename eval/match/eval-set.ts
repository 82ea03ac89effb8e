import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A labelled match set (docs/eval-format.md, "Match relevance"): JD and resume texts by id, graded
 * judgements per JD, and optional triples (a JD, a resume that fits it, a weaker one).
 */
export interface MatchEvalSet {
  jds: Map<string, string>
  resumes: Map<string, string>
  /** jd id -> resume id -> relevance (0 = judged not relevant). */
  qrels: Map<string, Map<string, number>>
  triples: Triple[]
}

export interface Triple {
  jd: string
  matched: string
  unmatched: string
}

/** Ids are file names: letters, digits, dot, dash and underscore. */
const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Reads DIR/jds/*.txt, DIR/resumes/*.txt, DIR/qrels.tsv and, when present, DIR/triples.tsv. */
export function readMatchEvalSet(dir: string): MatchEvalSet {
  const jds = readTexts(join(dir, 'jds'))
  const resumes = readTexts(join(dir, 'resumes'))
  const qrelsFile = join(dir, 'qrels.tsv')
  if (!existsSync(qrelsFile)) throw new Error(`${qrelsFile} is missing`)
  const set: MatchEvalSet = { jds, resumes, qrels: new Map(), triples: [] }
  for (const { line, cells } of tsvRows(qrelsFile, 'jd_id', 3)) {
    const [jd, resume, grade] = cells as [string, string, string]
    checkIds(qrelsFile, line, set, jd, [resume])
    if (!/^\d+$/.test(grade)) throw new Error(`${qrelsFile}:${line}: relevance must be an integer >= 0, not "${grade}"`)
    const judged = set.qrels.get(jd) ?? new Map<string, number>()
    if (judged.has(resume)) throw new Error(`${qrelsFile}:${line}: ${jd} ${resume} is judged twice`)
    set.qrels.set(jd, judged.set(resume, Number(grade)))
  }
  const triplesFile = join(dir, 'triples.tsv')
  if (existsSync(triplesFile)) {
    for (const { line, cells } of tsvRows(triplesFile, 'jd_id', 3)) {
      const [jd, matched, unmatched] = cells as [string, string, string]
      checkIds(triplesFile, line, set, jd, [matched, unmatched])
      if (matched === unmatched) throw new Error(`${triplesFile}:${line}: the two resumes are the same`)
      set.triples.push({ jd, matched, unmatched })
    }
  }
  return set
}

function readTexts(dir: string): Map<string, string> {
  if (!existsSync(dir)) throw new Error(`${dir} is missing`)
  const texts = new Map<string, string>()
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.txt')).sort()) {
    const id = name.slice(0, -'.txt'.length)
    if (!idPattern.test(id)) throw new Error(`${join(dir, name)}: "${id}" is not a valid id`)
    texts.set(id, readFileSync(join(dir, name), 'utf8'))
  }
  return texts
}

/** Tab-separated rows with `columns` cells; blank lines, `#` comments and a header starting with `header` are skipped. */
function* tsvRows(file: string, header: string, columns: number): Generator<{ line: number; cells: string[] }> {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/)
  for (const [index, text] of lines.entries()) {
    if (text.trim() === '' || text.startsWith('#') || (index === 0 && text.startsWith(header))) continue
    const cells = text.split('\t').map((c) => c.trim())
    if (cells.length !== columns) throw new Error(`${file}:${index + 1}: expected ${columns} tab-separated columns, found ${cells.length}`)
    yield { line: index + 1, cells }
  }
}

function checkIds(file: string, line: number, set: MatchEvalSet, jd: string, resumes: string[]): void {
  if (!set.jds.has(jd)) throw new Error(`${file}:${line}: no jds/${jd}.txt`)
  for (const resume of resumes) if (!set.resumes.has(resume)) throw new Error(`${file}:${line}: no resumes/${resume}.txt`)
}

/** The JDs that are evaluated: those with a relevant resume or a triple, in id order, the first `limit`. */
export function evaluatedJds(set: MatchEvalSet, limit?: number): string[] {
  const withTriples = new Set(set.triples.map((t) => t.jd))
  const ids = [...set.jds.keys()].filter((id) => withTriples.has(id) || [...(set.qrels.get(id)?.values() ?? [])].some((g) => g > 0))
  return limit === undefined ? ids : ids.slice(0, limit)
}
