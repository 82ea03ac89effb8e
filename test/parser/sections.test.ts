import { describe, expect, it } from 'vitest'
import { segment } from '../../src/parser/sections.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const sections = (text: string, kind: 'resume' | 'jd') =>
  segment(text, vocabulary(), kind).map((b) => [b.section, b.lines.map((l) => l.text)])

describe('sections of a document', () => {
  const text = ['Education', 'BSc Physics, 2010 – 2014', 'Lecturer, Napa Valley College, 2015 – 2018',
    'Responsibilities', '• Taught physics', 'Experience', 'Analyst, Acme, 2018 – 2020', 'Duties:', '• Reports'].join('\n')

  it('in a resume, reads a job description\'s heading as a line of the section it stands in', () => {
    expect(sections(text, 'resume')).toEqual([
      ['education', ['BSc Physics, 2010 – 2014', 'Lecturer, Napa Valley College, 2015 – 2018', 'Responsibilities', '• Taught physics']],
      ['experience', ['Analyst, Acme, 2018 – 2020', 'Duties:', '• Reports']],
    ])
  })

  it('opens the education section at the headings Indian-English resumes give it', () => {
    const indian = ['Experience', 'Analyst, Infosys, 2018 – 2020', 'Educational Qualification :', 'B.Com, Daffodils College of Arts, 2004', 'Academic Details', 'HSC, Maharashtra Board, 2001']
    expect(sections(indian.join('\n'), 'resume').map(([section]) => section)).toEqual(['experience', 'education', 'education'])
  })

  it('in a job description, opens its sections', () => {
    expect(sections(text, 'jd').map(([section]) => section)).toEqual(['education', 'responsibilities', 'experience', 'responsibilities'])
  })

  it('reads a heading that a wrap cut off the line before as part of that line, not of a split heading', () => {
    const wrapped = ['Experience', 'Analyst, 2003 – 2008', 'University of Oklahoma College of', 'Continuing Education', ', IT Dept., Norman, OK',
      'HONORS AND', 'AWARDS', 'Dean\'s List', 'Completed First Aid Level I', 'Education', 'BSc Physics']
    expect(sections(wrapped.join('\n'), 'resume')).toEqual([
      ['experience', ['Analyst, 2003 – 2008', 'University of Oklahoma College of', 'Continuing Education', ', IT Dept., Norman, OK', 'HONORS AND']],
      ['awards', ["Dean's List", 'Completed First Aid Level I']],
      ['education', ['BSc Physics']],
    ])
  })
})
