import { describe, expect, it } from 'vitest'
import { degreeWithField, withoutSchool } from '../../src/parser/extract/degree-field.js'
import { parseResume } from '../../src/parser/resume.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const words = vocabulary()
const now = new Date('2026-11-22T12:00:00Z')
/** The degree found at the start of `line` (its first `length` characters) with its field. */
const widen = (line: string, degree: string) => degreeWithField(line, line.indexOf(degree), line.indexOf(degree) + degree.length, words)

describe('a degree with its field of study', () => {
  it('runs on over the field written after a comma, a parenthesis or a joining word', () => {
    expect(widen('Master of Arts, Education  GPA 4.0', 'Master of Arts')).toBe('Master of Arts, Education')
    expect(widen('BS, Business Management, University of Phoenix, 1999', 'BS')).toBe('BS, Business Management')
    expect(widen('BSc (Hons) Marketing', 'BSc (Hons')).toBe('BSc (Hons) Marketing')
    expect(widen('Bachelor of Arts in Social and Behavioral Sciences', 'Bachelor of Arts in Social')).toBe('Bachelor of Arts in Social and Behavioral Sciences')
    expect(widen('Master of Business Administration (MBA) (1997)  University of Wisconsin', 'Master of Business Administration')).toBe('Master of Business Administration (MBA)')
  })

  it('stops at a date, a date word, a school, a place, a job or a sentence', () => {
    expect(widen('Bachelor of Science in Clothing, Textiles and Related Arts, December 1995', 'Bachelor of Science in Clothing')).toBe('Bachelor of Science in Clothing, Textiles and Related Arts')
    expect(widen('Masters of Arts in Guidance Counseling, July', 'Masters of Arts in Guidance Counseling')).toBe('Masters of Arts in Guidance Counseling')
    expect(widen('Doctorate of Education, Expected graduation', 'Doctorate of Education')).toBe('Doctorate of Education')
    expect(widen('MBA, Harvard Business School', 'MBA')).toBe('MBA')
    expect(widen('B.Tech, Chennai, Tamil Nadu', 'B.Tech')).toBe('B.Tech')
    expect(widen('MBA, Marketing Manager at Acme', 'MBA')).toBe('MBA')
    expect(widen('Master of Science from Stanford University', 'Master of Science')).toBe('Master of Science')
    expect(widen('BA - History', 'BA')).toBe('BA')
    expect(widen("Master's Degree, Photography, G.P.A 3.9", "Master's Degree")).toBe("Master's Degree, Photography")
  })

  it('leaves out the school and the Latin honour a span read into the degree', () => {
    const alone = (text: string) => withoutSchool(text, words)
    expect(alone('University College Cork: LLB in Criminal Law')).toBe('LLB in Criminal Law')
    expect(alone('Bachelor of Engineering in Computer Science from VMKV Eng. college')).toBe('Bachelor of Engineering in Computer Science')
    expect(alone('MSc Computer Science at ETH Zurich')).toBe('MSc Computer Science')
    expect(alone('Bachelor of Arts in English Literature summa cum laude')).toBe('Bachelor of Arts in English Literature')
    expect(alone('B.A. (magna cum laude)')).toBe('B.A.')
    expect(alone('MBA, Harvard Business School')).toBe('MBA')
    expect(alone('Master of Science, Business Analytics')).toBe('Master of Science, Business Analytics')
    expect(widen('B.S., Biology, magna cum laude, 2011', 'B.S.')).toBe('B.S., Biology')
  })

  it('reads a column gap after a joining word as a wrapped line, and any other gap as the end', () => {
    expect(widen('2011-2012  Masters of  Commerce    GPA: 8.0', 'Masters of')).toBe('Masters of Commerce')
    expect(widen('Bachelor of  Business Studies    The University of California', 'Bachelor')).toBe('Bachelor of Business Studies')
    expect(widen('Master in  Economics', 'Master in')).toBe('Master in Economics')
    expect(widen('Master of Commerce, Chennai', 'Master of')).toBe('Master of Commerce')
    expect(widen('Master of Arts  Education Department', 'Master of Arts')).toBe('Master of Arts')
  })

  it('leaves out a label written before the degree', () => {
    expect(widen('Course: Master of Business Information Systems', 'Course: Master of Business Information Systems')).toBe('Master of Business Information Systems')
    expect(widen('MBA: Finance', 'MBA')).toBe('MBA')
    expect(widen('Major: Politics', 'Major: Politics')).toBe('Major: Politics')
  })

  it('cuts a parenthesis the line never closes', () => {
    expect(widen('BSc (Honours in what became a long sentence without an end', 'BSc (Honours')).toBe('BSc')
  })

  it('reads no degree in a sentence that names one, and a degree written in lower case that opens its line', () => {
    const text = ['Ada Brandt', 'ada@example.com', 'Education', 'b.tech in computer science', 'Monash University', 'Course: Master of Business Information Systems',
      'Research skills, as demonstrated throughout Masters and Honours research', 'Skills', 'Java, SQL'].join('\n')
    const degrees = parseResume(text, { now, model: null }).ResumeParserData.SegregatedQualification.map((q) => q.Degree.DegreeName)
    expect(degrees).toEqual(['b.tech in computer science', 'Master of Business Information Systems'])
  })

  it('gives the resume its degrees as the entries write them', () => {
    const text = ['Lena Ortiz', 'lena@example.com', 'Education', 'Loyola Marymount University, Los Angeles, CA', 'Master of Arts, Education  2012', 'University of Southern California', 'Bachelor of Arts, History  2008'].join('\n')
    const degrees = parseResume(text, { now, model: null }).ResumeParserData.SegregatedQualification.map((q) => q.Degree.DegreeName)
    expect(degrees).toEqual(['Master of Arts, Education', 'Bachelor of Arts, History'])
  })
})
