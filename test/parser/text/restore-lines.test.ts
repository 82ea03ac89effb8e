import { describe, expect, it } from 'vitest'
import { restoreLines } from '../../../src/parser/text/restore-lines.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

// A text whose line breaks were lost: restoreLines cuts only lines longer than 300 characters.
const restored = (...sentences: string[]) => restoreLines(sentences.join(' ').padEnd(320, ' .').replace(/(?: \.)+$/, ''), vocabulary())

describe('restoring the lines of a one-line text', () => {
  it('ends a line at the end of a sentence', () => {
    const lines = restored('Managed a team of five engineers across three sites.', 'Built the billing platform from scratch in Kotlin.', 'Led the migration to the cloud.').split('\n')
    expect(lines).toContain('Managed a team of five engineers across three sites.')
    expect(lines).toContain('Built the billing platform from scratch in Kotlin.')
  })

  // A title, a saint, a street word, a company's or a school's word, a dotted abbreviation.
  it.each([
    ['Sr. Applications Engineer at Siemens PLM Software in Cypress, California, from 2006 to 2008.', 'Sr. Applications Engineer at Siemens'],
    ['Moved to St. Louis to join IBM India Pvt. Ltd. as a consultant.', 'St. Louis to join IBM India Pvt. Ltd. as a consultant'],
    ['Studied at Uniwersytet im. Adama Mickiewicza and with Prof. Anna Nowak.', 'im. Adama Mickiewicza and with Prof. Anna Nowak'],
    ['Holds a B.A. Economics and a Ph.D. Physics from a university in the U.S. Midwest.', 'B.A. Economics and a Ph.D. Physics from a university in the U.S. Midwest'],
  ])('keeps "%s" on one line', (sentence, kept) => {
    const text = restored('Experienced engineer with twenty years in test modelling software.', sentence, 'Fluent in English and Spanish, and learning German in the evenings.')
    expect(text.split('\n').some((line) => line.includes(kept))).toBe(true)
  })

  // Sentences that make a text long enough to be restored.
  const summary = [
    'Experienced engineer with twenty years in test modelling software, and fluent in English and Spanish.',
    'Managed a team of five engineers across three sites and built the billing platform from scratch.',
  ]

  it('keeps a period whose dash was lost on one line, and cuts the column gaps around it', () => {
    const lines = restored(...summary, 'Drupal Developer, Acme Systems  June 2012  July 2012  Built sites in PHP for three clients in the retail trade.', 'Web Developer  2009  Present  Bravo Labs').split('\n')
    expect(lines).toContain('June 2012 July 2012')
    expect(lines).toContain('2009 Present')
    expect(lines).toContain('Bravo Labs')
  })

  it('keeps a period in parentheses with the title before it', () => {
    const header = 'Bravo Law Group, PA  Tampa, Florida  Paralegal (2013  present)  Acme Legal, PA  Orlando, Florida  Legal Secretary (2006 – 2013)'
    const lines = restored(...summary, header).split('\n')
    expect(lines).toContain('Paralegal (2013 present)')
    expect(lines).toContain('Legal Secretary (2006 – 2013)')
  })
})
