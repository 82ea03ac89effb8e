import { describe, expect, it } from 'vitest'
import { countMatches, distinct, fold, foldTokens, phoneKey, sameEmail, sameName, samePhone, sameSkill, sameTokenSet } from '../../eval/match.js'

const name = (FullName: string, FirstName = '', LastName = '') => ({ FullName, FirstName, LastName })

describe('folding', () => {
  it('drops accents, case and inner dots, keeps + and #', () => {
    expect(fold('Łukasz Wójcik-Zieliński')).toBe('lukasz wojcik zielinski')
    expect(fold('B.Sc.')).toBe(fold('BSc'))
    expect(fold('Node.js')).toBe('nodejs')
    expect(foldTokens('C++, C# and C')).toEqual(['c++', 'c#', 'and', 'c'])
    expect(fold('Straße')).toBe('strasse')
  })
})

describe('field rules', () => {
  it('emails: case-insensitive exact', () => {
    expect(sameEmail(' Ana.Ruiz@Example.ES', 'ana.ruiz@example.es')).toBe(true)
    expect(sameEmail('ana.ruiz@example.es', 'ana.ruiz@example.com')).toBe(false)
  })

  it('phones: the last 9 digits', () => {
    expect(phoneKey('+48 601-234-567')).toBe('601234567')
    expect(samePhone('+49 151 23456789', '0151 23456789')).toBe(true)
    expect(samePhone('+49 151 23456789', '+49 151 23456788')).toBe(false)
    expect(samePhone('', '')).toBe(false)
  })

  it('names: folded full name, or first and last word', () => {
    expect(sameName(name('JOSÉ GARCÍA'), 'José García')).toBe(true)
    expect(sameName(name('Anna Maria Nowak', 'Anna', 'Nowak'), 'Anna Nowak')).toBe(true)
    expect(sameName(name('Anna Nowak'), 'Anna Maria Nowak')).toBe(true)
    expect(sameName(name('Anna Kowalska', 'Anna', 'Kowalska'), 'Anna Nowak')).toBe(false)
    expect(sameName(name(''), 'Anna Nowak')).toBe(false)
  })

  it('token sets: containment either way, or Jaccard >= 0.5', () => {
    expect(sameTokenSet('Senior Java Developer', 'Java Developer')).toBe(true)
    expect(sameTokenSet('Siemens', 'Siemens AG')).toBe(true)
    expect(sameTokenSet('Java Backend Developer', 'Senior Java Developer')).toBe(true) // 2 of 4 words
    expect(sameTokenSet('Java Developer', 'Python Engineer')).toBe(false)
    expect(sameTokenSet('Data Scientist Lead', 'Lead Java Engineer Team')).toBe(false) // 1 of 6
    expect(sameTokenSet('', 'Siemens')).toBe(false)
  })

  it('skills: as written or canonical', () => {
    const skill = { Skill: 'Buchhaltung', FormattedName: 'Accounting' }
    expect(sameSkill(skill, 'buchhaltung')).toBe(true)
    expect(sameSkill(skill, 'ACCOUNTING')).toBe(true)
    expect(sameSkill(skill, 'Bookkeeping')).toBe(false)
    expect(sameSkill({ Skill: 'C', FormattedName: 'C' }, 'C++')).toBe(false)
  })
})

describe('pairing', () => {
  it('is one-to-one and independent of order', () => {
    const same = (p: string, g: string) => sameTokenSet(p, g)
    // Greedy in this order would pair "Developer" with "Java Developer" and leave "Python Developer" alone.
    expect(countMatches(['Java Developer', 'Developer'], ['Java Developer', 'Python Developer'], same)).toBe(2)
    expect(countMatches(['Developer', 'Java Developer'], ['Java Developer', 'Python Developer'], same)).toBe(2)
    expect(countMatches(['Siemens'], ['Siemens', 'Siemens AG'], same)).toBe(1)
    expect(countMatches([], ['Siemens'], same)).toBe(0)
  })

  it('merges values that match each other, keeping the first', () => {
    expect(distinct(['Oracle', 'Oracle India Pvt Ltd', 'Infosys'], sameTokenSet)).toEqual(['Oracle', 'Infosys'])
    expect(distinct(['a@x.org', 'A@X.org'], sameEmail)).toEqual(['a@x.org'])
  })
})
