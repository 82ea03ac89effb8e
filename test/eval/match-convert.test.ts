import { describe, expect, it } from 'vitest'
import { parseDelimited } from '../../eval/delimited.js'
import { jobresqaSet } from '../../eval/match/convert-jobresqa.js'
import { megagonSet } from '../../eval/match/convert-megagon.js'
import { neutralId } from '../../eval/match/write-set.js'

// Fictional rows in the shape of the two sets, written for this test.
const megagonRow = (n: number) => JSON.stringify({
  'Job-Description': `## Job title\nPastry Chef ${n}\n## Requirements\nBaking`,
  'Resume-matched': `## Skills\n1. Baking\n2. Pastry\n## Experience\nPastry Chef ${n} (2018 - 2023)`,
  'Resume-unmatched': `## Skills\n1. Pastry\n## Experience\nPastry Chef ${n} (2018 - 2019)`,
  Skills: ['Baking'],
})

describe('megagon converter', () => {
  it('judges the matched resume 1 and its weakened twin 0, with a triple per row', () => {
    const set = megagonSet(`${megagonRow(1)}\n${megagonRow(2)}\n`)
    expect([...set.jds.keys()]).toEqual(['jd-1', 'jd-2'])
    expect(set.resumes.size).toBe(4)
    const [triple] = set.triples
    expect(triple!.jd).toBe('jd-1')
    expect(set.qrels.get('jd-1')).toEqual(new Map([[triple!.matched, 1], [triple!.unmatched, 0]]))
    expect(set.resumes.get(triple!.matched)).toContain('Baking')
  })

  it('names resumes by their text, so the service\'s tie-break by id says nothing about the label', () => {
    const set = megagonSet(megagonRow(1))
    const { matched, unmatched } = set.triples[0]!
    expect(matched).toBe(neutralId('r-', set.resumes.get(matched)!))
    expect(matched).not.toMatch(/matched/)
    expect(unmatched).toMatch(/^r-[0-9a-f]{8}$/)
  })

  it('refuses a row without its texts', () => {
    expect(() => megagonSet(JSON.stringify({ 'Job-Description': 'x', 'Resume-matched': 'y' }))).toThrow(/row 1: Resume-unmatched is missing/)
  })
})

describe('jobresqa converter', () => {
  it('reads quoted fields with tabs, newlines and doubled quotes', () => {
    expect(parseDelimited('a\tb\n"x\ty\nz"\t"say ""hi"""\r\nlast\t\n', '\t')).toEqual([['a', 'b'], ['x\ty\nz', 'say "hi"'], ['last', '']])
    expect(parseDelimited('a,"b,c"\n', ',')).toEqual([['a', 'b,c']])
  })

  it('turns each distinct resume-JD pair into one relevant judgement, whatever the number of questions', () => {
    const header = 'example_id\tresume_id\tresume\tjd_id\tjd\tquestion'
    const rows = [
      '1\t007\t"Florist\nArranged flowers"\t42\t"Florist wanted"\tWhich is the current job?',
      '2\t007\t"Florist\nArranged flowers"\t42\t"Florist wanted"\tHow many positions?',
      '3\t008\tBeekeeper\t42\t"Florist wanted"\tAnother pair for the same JD',
    ]
    const set = jobresqaSet([header, ...rows].join('\n'))
    expect([...set.resumes.keys()]).toEqual(['r-007', 'r-008'])
    expect(set.resumes.get('r-007')).toBe('Florist\nArranged flowers')
    expect(set.qrels).toEqual(new Map([['jd-42', new Map([['r-007', 1], ['r-008', 1]])]]))
    expect(set.triples).toEqual([])
  })

  it('names a missing column', () => {
    expect(() => jobresqaSet('resume_id\tresume\n1\tx')).toThrow(/no column jd_id/)
  })
})
