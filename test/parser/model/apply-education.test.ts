import { describe, expect, it } from 'vitest'
import { withModelEducation } from '../../../src/parser/model/apply-education.js'
import type { FoundEntity } from '../../../src/parser/model/found.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()

function degreesRead(found: FoundEntity[]): string[] {
  const education = new Set(found.map((f) => f.line))
  return withModelEducation([], found, { education, other: new Set() }, words).map((s) => s.output.Degree.DegreeName).filter(Boolean)
}

const degree = (text: string, line: number): FoundEntity => ({ type: 'degree', text, line, from: 0 })

describe('the model\'s degrees in an education section', () => {
  it('keeps a degree the vocabulary knows and one it does not', () => {
    expect(degreesRead([degree('Bachelor of Science in Computer Science', 1), degree('Graduate Courses in Education', 4)]))
      .toEqual(['Bachelor of Science in Computer Science', 'Graduate Courses in Education'])
  })

  it('reads no degree in a link, a place alone, or skills', () => {
    expect(degreesRead([
      degree('www.linkedin.com/in/someone', 1), degree('India', 2), degree('Kokomo, In', 3),
      degree('MS SQL', 4), degree('MS Excel', 5), degree('HTML, Java Server pages, JBuilder', 6),
    ])).toEqual([])
  })

  it('still reads a degree written beside a skill, and a field of study alone', () => {
    expect(degreesRead([degree('MS in Information Systems', 1), degree('MBA, PMP', 2), degree('Physical Education', 3), degree('PGDM in Marketing', 4)]))
      .toEqual(['MS in Information Systems', 'MBA, PMP', 'Physical Education', 'PGDM in Marketing'])
  })

  it('reads no degree or school in a piece of a sentence, which starts in lower case', () => {
    const found: FoundEntity[] = [
      degree('and psychology.', 1), degree('master data', 2), degree('b.tech in computer science', 3), degree('master en informatique', 7),
      { type: 'institute', text: 'overseeing college', line: 4, from: 0 }, { type: 'institute', text: 'the Institute of Information Technology', line: 5, from: 0 },
    ]
    const read = withModelEducation([], found, { education: new Set([1, 2, 3, 4, 5, 7]), other: new Set() }, words)
    expect(read.map((s) => s.output.Degree.DegreeName).filter(Boolean)).toEqual(['b.tech in computer science', 'master en informatique'])
    expect(read.map((s) => s.output.Institution.Name).filter(Boolean)).toEqual(['the Institute of Information Technology'])
  })

  it('reads no school in a sentence about one or in a post at one, and keeps a name that writes its school word in lower case', () => {
    const school = (text: string, line: number): FoundEntity => ({ type: 'institute', text, line, from: 0 })
    const found = [
      school('Sponsored school newspaper', 1), school('Responsibilities include overseeing all college assessment', 2), school('Middle School English Teacher', 6),
      school('Shri Chaitanya degree college', 3), school('Teachers College', 4), school('Politecnico di Milano', 5), school('Fachschule für Techniker', 7),
    ]
    const read = withModelEducation([], found, { education: new Set([1, 2, 3, 4, 5, 6, 7]), other: new Set() }, words)
    expect(read.map((s) => s.output.Institution.Name)).toEqual(['Shri Chaitanya degree college', 'Teachers College', 'Politecnico di Milano', 'Fachschule für Techniker'])
  })

  it('reads a school, not a degree, in a high school\'s name, and no school in a place, a field of study or a school word alone', () => {
    const school = (text: string, line: number): FoundEntity => ({ type: 'institute', text, line, from: 0 })
    const found = [
      degree('Juno High School', 1), degree('High School Diploma', 2), school('Los Angeles', 3), school('Information Technology and Systems', 4),
      school('Karnataka State', 5), school('IIT Bombay', 6), school('MIT', 7), school('KARNATAKA STATE', 8),
      school('UNIVERSITY', 9), school('College/University', 10), school('OF COLLEGE', 11),
    ]
    const read = withModelEducation([], found, { education: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), other: new Set() }, words)
    expect(read.map((s) => s.output.Degree.DegreeName).filter(Boolean)).toEqual(['High School Diploma'])
    expect(read.map((s) => s.output.Institution.Name).filter(Boolean)).toEqual(['Juno High School', 'IIT Bombay', 'MIT'])
  })

  it('reads no school in its press, a committee or an association', () => {
    const school = (text: string, line: number): FoundEntity => ({ type: 'institute', text, line, from: 0 })
    const found = [school('Duke University Press', 1), school('University Planning and Budget Committee', 2), school('National Association of College and University Business Officers', 3), school('Duke University', 4)]
    const read = withModelEducation([], found, { education: new Set([1, 2, 3, 4]), other: new Set() }, words)
    expect(read.map((s) => s.output.Institution.Name)).toEqual(['Duke University'])
  })

  it('keeps only known degrees when the model finds more than a resume names', () => {
    const known = ['Ph.D.', 'M.A.', 'B.A.']
    const guesses = Array.from({ length: 9 }, (_, i) => `Review of Higher Learning ${String.fromCharCode(65 + i)}`)
    const read = degreesRead([...known, ...guesses].map((t, i) => degree(t, i * 3)))
    expect(read).toEqual(known)
    expect(degreesRead([...known, ...guesses.slice(0, 5)].map((t, i) => degree(t, i * 3)))).toHaveLength(8)
  })

  it('reads an education entry that stands among the jobs: a degree the vocabulary knows, and a school on its line', () => {
    const school = (text: string, line: number): FoundEntity => ({ type: 'institute', text, line, from: 0 })
    const found = [
      degree('Master of Arts, Counseling Psychology', 8), school('Towson University', 8),
      degree('Graduate Courses in Education', 10), school('Towson University Research Expo', 12), degree('Business Teacher', 14),
    ]
    const read = withModelEducation([], found, { education: new Set(), other: new Set(), experience: new Set([8, 10, 12, 14]) }, words)
    expect(read.map((s) => [s.output.Degree.DegreeName, s.output.Institution.Name])).toEqual([['Master of Arts, Counseling Psychology', 'Towson University']])
  })
})
