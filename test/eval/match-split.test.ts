import { describe, expect, it } from 'vitest'
import type { MatchEvalSet } from '../../eval/match/eval-set.js'
import { halfOf, splitSet } from '../../eval/match/split.js'

// Made-up JD texts, one line each: the split reads only the text.
const jdText = (i: number) => `Job ${i}: ${['Baker', 'Gardener', 'Welder', 'Nurse', 'Accountant'][i % 5]} wanted in town ${i % 17}\nRequirements: ${i % 7} years`

/** A set of n JDs, each with its own relevant resume and a triple against the next one's. */
function setOf(n: number, order: (i: number) => number = (i) => i, idOf = (i: number) => `jd-${i}`): MatchEvalSet {
  const set: MatchEvalSet = { jds: new Map(), resumes: new Map(), qrels: new Map(), triples: [] }
  for (let k = 0; k < n; k++) {
    const i = order(k)
    set.jds.set(idOf(i), jdText(i))
    set.resumes.set(`r-${i}`, `Resume ${i}`)
    set.qrels.set(idOf(i), new Map([[`r-${i}`, 1]]))
    set.triples.push({ jd: idOf(i), matched: `r-${i}`, unmatched: `r-${(i + 1) % n}` })
  }
  return set
}

const halvesByText = (set: MatchEvalSet) => {
  const text = (half: 'tune' | 'test') => new Set(splitSet(set, half).jds.values())
  return { tune: text('tune'), test: text('test') }
}

describe('the tune/test split of a match set', () => {
  it('puts a JD in the same half on every run: the hash of its text is fixed', () => {
    // Pinned: a change of hash or rule would silently move JDs between the halves of past reports.
    expect(['Baker wanted', 'Gardener wanted', 'Welder wanted', 'Nurse wanted'].map(halfOf)).toEqual(['test', 'tune', 'tune', 'test'])
    for (let i = 0; i < 50; i++) expect(halfOf(jdText(i))).toBe(halfOf(jdText(i)))
  })

  it('reads the text, not the surrounding space a converter may add', () => {
    expect(halfOf('  Baker wanted\n')).toBe(halfOf('Baker wanted'))
  })

  it('divides the JDs roughly in half, disjoint and together complete', () => {
    const set = setOf(1000)
    const tune = splitSet(set, 'tune')
    const test = splitSet(set, 'test')
    expect(tune.jds.size).toBeGreaterThan(450)
    expect(tune.jds.size).toBeLessThan(550)
    expect(tune.jds.size + test.jds.size).toBe(1000)
    expect([...tune.jds.keys()].filter((id) => test.jds.has(id))).toEqual([])
    expect(splitSet(set, 'all')).toBe(set)
  })

  it('keeps each half\'s judgements and triples with it, and the whole pool in both', () => {
    const set = setOf(200)
    for (const half of ['tune', 'test'] as const) {
      const part = splitSet(set, half)
      expect([...part.qrels.keys()].sort()).toEqual([...part.jds.keys()].sort())
      expect(part.triples.every((t) => part.jds.has(t.jd))).toBe(true)
      expect(part.triples).toHaveLength(part.jds.size)
      expect(part.resumes.size).toBe(200)
      expect([...part.jds.values()].every((text) => halfOf(text) === half)).toBe(true)
    }
  })

  it('does not depend on the order the JDs are read in, nor on their ids', () => {
    const forward = halvesByText(setOf(300))
    const reversed = halvesByText(setOf(300, (k) => 299 - k, (i) => `jd-${String(1000 - i).padStart(4, '0')}`))
    expect(reversed.tune).toEqual(forward.tune)
    expect(reversed.test).toEqual(forward.test)
  })
})
