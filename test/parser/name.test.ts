import { describe, expect, it } from 'vitest'
import { findName, nameAlone, nameEnds } from '../../src/parser/extract/name.js'
import { nameLists } from '../../src/parser/model/names.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const ends = nameEnds(vocabulary(), nameLists().surnames)

describe("the candidate's name in a text whose line breaks were lost", () => {
  it('loses a heading run into its end', () => {
    expect(nameAlone('Anna Nowak Summary', ' Experienced analyst with five years of reports', ends)).toBe('Anna Nowak')
    expect(nameAlone('Jan Maria Kowalski Profile', '', ends)).toBe('Jan Maria Kowalski')
  })

  it('ends where a job title starts that goes on after it', () => {
    expect(nameAlone('Anna Nowak Data', ' Analyst at Acme GmbH since 2019', ends)).toBe('Anna Nowak')
    expect(nameAlone('Anna Nowak Software', ' Engineer, Berlin', ends)).toBe('Anna Nowak')
  })

  it("loses a title's rank and head words run into its end, but not a surname that is one", () => {
    expect(nameAlone('Anna Nowak Senior', ' Software Engineer at Acme', ends)).toBe('Anna Nowak')
    expect(nameAlone('Oma Wuckert Senior Associate Consultant', ' at Acme', ends)).toBe('Oma Wuckert')
    expect(nameAlone('Jan Kowalski Starszy', ' Programista', ends)).toBe('Jan Kowalski')
    expect(nameAlone('Mary Ann Cook', ' Software Engineer', ends)).toBe('Mary Ann Cook')
  })

  it('keeps two words at least, and a name no title or heading follows', () => {
    expect(nameAlone('Anna Summary', ' of qualifications', ends)).toBe('Anna Summary')
    expect(nameAlone('Anna Maria Nowak', ' Data Analyst at Acme', ends)).toBe('Anna Maria Nowak')
    expect(nameAlone('Anna Nowak', ' Software Engineer', ends)).toBe('Anna Nowak')
  })

  it('keeps the lower-case particles of a name in its last name', () => {
    const name = (line: string) => findName([line], { emails: [], isOther: () => false, particles: vocabulary().joiningWords.particle })
    expect(name('Ludwig van Beethoven')).toMatchObject({ FullName: 'Ludwig van Beethoven', FirstName: 'Ludwig', LastName: 'van Beethoven' })
    expect(name('María de la Cruz')).toMatchObject({ FullName: 'María de la Cruz', FirstName: 'María', LastName: 'de la Cruz' })
  })

  it("reads its honorifics, the words that are no name and a street's words from vocab/name-words.tsv", () => {
    const name = (line: string) => findName([line, 'Software Engineer'], { emails: [], isOther: () => false, particles: vocabulary().joiningWords.particle })
    expect(name('Dipl.-Ing. Jan Kowalski')).toMatchObject({ FullName: 'Jan Kowalski', TitleName: 'Dipl.-Ing.' })
    expect(name('Dott.ssa Giulia Bianchi')).toMatchObject({ FullName: 'Giulia Bianchi', TitleName: 'Dott.ssa' })
    expect(name('Lebenslauf Anna Nowak').FullName).toBe('Anna Nowak')
    expect(name('Anna Nowak Lindenstraße 7').FullName).toBe('Anna Nowak')
    expect(name('Ana López Calle Mayor 5').FullName).toBe('Ana López')
  })

  it('is never a street', () => {
    expect(findName(['Michigan Ave', 'Anna Nowak'], { emails: [], isOther: () => false, particles: vocabulary().joiningWords.particle }).FullName).toBe('Anna Nowak')
  })
})

describe('the given names the tagger knows', () => {
  it('hold the names of English-speaking countries, and not the words of the vocabularies', () => {
    const { given } = nameLists()
    for (const name of ['irving', 'lorinda', 'shawn', 'anna']) expect(given.has(name), name).toBe(true)
    for (const word of ['job', 'may', 'will', 'court', 'summary']) expect(given.has(word), word).toBe(false)
  })
})
