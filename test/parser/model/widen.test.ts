import { describe, expect, it } from 'vitest'
import type { FoundEntity } from '../../../src/parser/model/found.js'
import { widened } from '../../../src/parser/model/widen.js'
import { parseResume } from '../../../src/parser/resume.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()
const lines = [
  { number: 0, text: 'Intern  05/2001 - 12/2001  MedUnison, L.L.C., Oklahoma City, OK' },
  { number: 1, text: 'Master of Arts, Education  GPA 4.0' },
  { number: 2, text: 'Acme Analytics Ltd, Berlin' },
  { number: 3, text: 'Present: Associate Art Editor' },
  { number: 4, text: 'Sr. Applications Engineer  2006 - 2008' },
  { number: 5, text: 'Acting Senior Lead Developer at Acme' },
  { number: 6, text: 'Inside Sales Manager, Acme' },
  { number: 7, text: 'Sofia Elena Fisher  ADDRESS' },
  { number: 8, text: 'Maria Elena Kowalczyk  Senior Data Analyst' },
  { number: 9, text: 'Anna Maria Ziemann Road 12' },
  { number: 15, text: 'Sofia Elena Talent Acquisition Specialist at Acme' },
  { number: 10, text: 'Anna Maria Smith, Berlin' },
  { number: 16, text: "Bachelor's Degree in Business Studies from St. Mark's University, Waukegan, Illinois - 2007" },
  { number: 17, text: 'BSc Physics, University of Leeds' },
]
const entity = (type: FoundEntity['type'], line: number, text: string): FoundEntity => ({ type, line, text, from: 0 })

describe("the model's entities as their lines write them", () => {
  it('gives an employer that is only a legal form the name before its comma', () => {
    expect(widened([entity('employer', 0, 'L.L.C.')], lines, words)[0]?.text).toBe('MedUnison, L.L.C.')
  })

  it("gives a school read as its school word alone its own name, written before it", () => {
    expect(widened([entity('institute', 16, 'University')], lines, words)[0]?.text).toBe("St. Mark's University")
    expect(widened([entity('institute', 17, 'University of Leeds')], lines, words)[0]?.text).toBe('University of Leeds')
  })

  it('gives a degree its field of study', () => {
    expect(widened([entity('degree', 1, 'Master of Arts')], lines, words)[0]?.text).toBe('Master of Arts, Education')
  })

  it('takes the open end of a period off the start of an entity, in the six languages', () => {
    expect(widened([entity('title', 3, 'Present: Associate Art Editor')], lines, words)[0]?.text).toBe('Associate Art Editor')
    for (const [written, left] of [['Aktuell - Projektleiterin', 'Projektleiterin'], ['Actualidad | Jefe de ventas', 'Jefe de ventas'], ['Obecnie: Kierownik', 'Kierownik']]) {
      expect(widened([entity('title', 9, written!)], lines, words)[0]?.text, written).toBe(left)
    }
    // Not without a separator, nor when nothing but the word is left, nor a word that only looks alike.
    for (const written of ['Current Projects Manager', 'Present:', 'Presenter: Radio One']) {
      expect(widened([entity('title', 9, written)], lines, words)[0]?.text, written).toBe(written)
    }
  })

  it("takes it off a job header's title the rules read too", () => {
    // A start year, and "Present" written after it with no dash: not read as a period's open end.
    const text = ['Lena Ortiz', 'lena@example.com', 'Experience', '2015  Present: Automotive Service Technician, Midas Auto Service'].join('\n')
    const jobs = parseResume(text, { model: null }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => j.JobProfile.Title)).toEqual(['Automotive Service Technician'])
  })

  it('gives a title up to two rank words written right before it', () => {
    expect(widened([{ type: 'title', line: 4, text: 'Applications Engineer', from: 104 }], lines, words)[0]).toEqual({ type: 'title', line: 4, text: 'Sr. Applications Engineer', from: 100 })
    expect(widened([entity('title', 5, 'Developer')], lines, words)[0]?.text).toBe('Senior Lead Developer')
    expect(widened([entity('title', 6, 'Manager')], lines, words)[0]?.text).toBe('Manager')
  })

  it('gives a name the tagger ended before its surname the capitalised words after it', () => {
    expect(widened([entity('name', 7, 'Sofia Elena')], lines, words)[0]?.text).toBe('Sofia Elena Fisher')
    expect(widened([entity('name', 8, 'Maria Elena')], lines, words)[0]?.text).toBe('Maria Elena Kowalczyk')
    // Not when the words taken run on into a street or into what follows in a text that lost its breaks.
    expect(widened([entity('name', 9, 'Anna Maria')], lines, words)[0]?.text).toBe('Anna Maria')
    expect(widened([entity('name', 15, 'Sofia Elena')], lines, words)[0]?.text).toBe('Sofia Elena')
    expect(widened([entity('name', 10, 'Anna Maria')], lines, words)[0]?.text).toBe('Anna Maria Smith')
    // A name that ends on a surname is whole.
    expect(widened([entity('name', 10, 'Anna Maria Smith')], lines, words)[0]?.text).toBe('Anna Maria Smith')
  })

  it('leaves other entities, and text not on their line, as found', () => {
    const found = [entity('employer', 2, 'Acme Analytics Ltd'), entity('title', 1, 'Master of Arts'), entity('degree', 2, 'MBA')]
    expect(widened(found, lines, words)).toEqual(found)
  })
})
