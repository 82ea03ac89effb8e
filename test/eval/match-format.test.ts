import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { evaluatedJds, readMatchEvalSet, type MatchEvalSet } from '../../eval/match/eval-set.js'
import { writeMatchEvalSet } from '../../eval/match/write-set.js'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'match-set-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const sample = (): MatchEvalSet => ({
  jds: new Map([['jd-1', 'Baker wanted'], ['jd-2', 'Gardener wanted'], ['jd-3', 'Nobody judged']]),
  resumes: new Map([['r-a', 'Baker'], ['r-b', 'Apprentice baker'], ['r-c', 'Gardener']]),
  qrels: new Map([
    ['jd-1', new Map([['r-a', 2], ['r-b', 0]])],
    ['jd-2', new Map([['r-c', 1]])],
    ['jd-3', new Map([['r-c', 0]])],
  ]),
  triples: [{ jd: 'jd-1', matched: 'r-a', unmatched: 'r-b' }],
})

describe('the match set directory', () => {
  it('reads back what the converters write: texts, graded judgements and triples', () => {
    const dir = freshDir()
    writeMatchEvalSet(dir, sample())
    expect(readMatchEvalSet(dir)).toEqual(sample())
  })

  it('evaluates JDs with a relevant resume or a triple, in id order, up to the limit', () => {
    const set = sample()
    expect(evaluatedJds(set)).toEqual(['jd-1', 'jd-2'])
    expect(evaluatedJds(set, 1)).toEqual(['jd-1'])
  })

  it('accepts comments and a file without a header, and rejects unknown ids, bad grades and repeats', () => {
    const dir = freshDir()
    writeMatchEvalSet(dir, sample())
    writeFileSync(join(dir, 'qrels.tsv'), '# judged by hand\njd-1\tr-a\t1\n')
    expect(readMatchEvalSet(dir).qrels.get('jd-1')).toEqual(new Map([['r-a', 1]]))
    for (const [text, message] of [
      ['jd-1\tr-x\t1\n', /no resumes\/r-x\.txt/],
      ['jd-9\tr-a\t1\n', /no jds\/jd-9\.txt/],
      ['jd-1\tr-a\tyes\n', /relevance must be an integer/],
      ['jd-1\tr-a\n', /expected 3 tab-separated columns/],
      ['jd-1\tr-a\t1\njd-1\tr-a\t0\n', /judged twice/],
    ] as const) {
      writeFileSync(join(dir, 'qrels.tsv'), text)
      expect(() => readMatchEvalSet(dir)).toThrow(message)
    }
  })

  it('names what is missing', () => {
    expect(() => readMatchEvalSet(freshDir())).toThrow(/jds is missing/)
  })
})
