import { describe, expect, it } from 'vitest'
import { tokenize } from '../../src/parser/text/tokens.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const words = vocabulary()
const skill = (text: string) => words.skills.index.find(text).map((m) => m.entry.canonical)
const title = (text: string) => words.titles.index.find(text).map((m) => m.entry.canonical)

describe('vocabularies', () => {
  it('are large enough: 5,000+ skills, 3,000+ titles', () => {
    expect(words.skills.byName.size).toBeGreaterThanOrEqual(5000)
    expect(words.titles.byName.size).toBeGreaterThanOrEqual(3000)
  })

  it('give every alias to exactly one entry', () => {
    // A shared alias would make a word mean two things; the loader keeps the first and lists the rest.
    expect(words.conflicts.slice(0, 20)).toEqual([])
  })

  it('share one canonical title across the six languages', () => {
    for (const written of ['Softwareentwickler', 'desarrollador de software', 'programista', 'sviluppatore software', 'software developer', 'développeur logiciel']) {
      expect(title(written), written).toEqual(['Software Developer'])
    }
    expect(title('Krankenschwester')).toEqual(title('infirmière'))
  })

  it('find titles a header or a list of occupations writes in the plural, in six languages', () => {
    expect(title('Bus Drivers')).toEqual(['Bus Driver'])
    expect(title('Accountants and Auditors')).toEqual(['Accountant', 'Auditor'])
    expect(title('Secretaries')).toEqual(['Secretary'])
    for (const written of ['Softwareentwicklerinnen', 'Desarrolladores de software', 'Développeurs logiciels', 'Programiści', 'Sviluppatori software']) {
      expect(title(written), written).toEqual(['Software Developer'])
    }
  })

  it('leave plurals in running text and in organisation names alone, where they name other people', () => {
    expect(title('trained new teachers and nurses')).toEqual([])
    expect(title('Teachers College')).toEqual([])
    // Looked up on its own (a search value), a plural is a title whatever its case.
    expect(words.titles.index.lookup('java developers')?.canonical).toBe('Java Developer')
  })

  it('share one canonical skill across the six languages', () => {
    expect(skill('Buchhaltung')).toEqual(skill('accounting'))
    expect(skill('cuidados intensivos')).toEqual(['Intensive Care'])
    expect(skill('terapia intensiva')).toEqual(['Intensive Care'])
    expect(skill('uczenie maszynowe')).toEqual(skill('machine learning'))
    expect(skill('apprentissage automatique')).toEqual(skill('Machine Learning'))
  })

  it('keep technical names whole and honour case-sensitive names', () => {
    expect(skill('C++, C#, .NET and Node.js')).toEqual(['C++', 'C#', '.NET', 'Node.js'])
    expect(skill('We use Go for services')).toContain('Go')
    expect(skill('ready to go live')).not.toContain('Go')
  })

  it('read a pair written with a slash as both skills, and a name with a slash as one', () => {
    // "C/C++" names two languages; "TCP/IP" and "PL/SQL" name one thing each.
    expect(skill('C/C++, LAN/WAN')).toEqual(['C', 'C++', 'LAN', 'WAN'])
    expect(skill('TCP/IP, PL/SQL, CI/CD')).toEqual(['TCP/IP', 'PL/SQL', 'CI/CD'])
  })

  it('normalise degrees of six countries to levels', () => {
    const level = (text: string) => words.degrees.find(text)[0]?.entry.level
    expect(level('Laurea magistrale')).toBe('Master')
    expect(level('mgr inż.')).toBe('Master')
    expect(level('Licence professionnelle')).toBe('Bachelor')
    expect(level('Grado en Derecho')).toBe('Bachelor')
    expect(level('Abitur')).toBe('Secondary')
    expect(level('PhD')).toBe('Doctorate')
  })

  it('read a word of a text among the months as they read the word looked up alone', () => {
    const tokens = tokenize("Sept. '17 – März 2018, 15 stycznia 2019, mayo de 2020, Juni bis Ende")
    const inText = tokens.map((t) => words.months.lookupWord(t)?.month)
    expect(inText).toEqual(tokens.map((t) => words.months.lookup(t.cased)?.month))
    expect(inText.filter((m) => m !== undefined)).toEqual([9, 3, 1, 5, 6])
  })

  it('know the degrees and diplomas of Indian resumes, "BE" only in capitals', () => {
    const degree = (text: string) => words.degrees.find(text).map((m) => m.entry.name)
    expect([degree('BE in Computer Science'), degree('B-Tech in Electronics'), degree('M-Tech'), degree('PGDM in Marketing'), degree('Diploma in Computer Technology')])
      .toEqual([['Bachelor of Engineering'], ['Bachelor of Technology'], ['Master of Technology'], ['Postgraduate Diploma'], ['Diploma']])
    expect([degree('High School Diploma'), degree('to be announced')]).toEqual([['High School Diploma'], []])
  })

  it('read an abbreviation that folds to an ordinary word only as written', () => {
    const degree = (text: string) => words.degrees.find(text).map((m) => m.entry.name)
    expect([degree('MArch, Urban Design'), degree('MEd'), degree('BEd')]).toEqual([['Master of Architecture'], ['Master of Education'], ['Bachelor of Education']])
    expect([degree('March 2012'), degree('June 2014 to March 2016'), degree('a bed of roses'), degree('med school')]).toEqual([[], [], [], []])
  })

  it('read no skill into an English word that a word of another language folds to, or into a goal', () => {
    // "płace" (Polish: wages) folds to "place", "déterminé" to "determine", "intérim" to "interim".
    const english = ['the meeting took place in Lyon', 'helped determine the budget', 'interim manager', 'forge strong partnerships', 'improved customer satisfaction by 20%']
    expect(english.map(skill)).toEqual([[], [], [], [], []])
    expect([skill('kadry i płace'), skill('forging'), skill('NPS'), skill('déterminé et rigoureux')]).toEqual([['Payroll'], ['Blacksmithing'], ['Net Promoter Score'], []])
  })

  it('know section headings in six languages', () => {
    const section = (text: string) => words.headings.lookup(text)?.section
    expect(['Work Experience', 'Berufserfahrung', 'Experiencia laboral', 'Expérience professionnelle', 'Doświadczenie zawodowe', 'Esperienza lavorativa'].map(section))
      .toEqual(Array(6).fill('experience'))
    expect(['Education', 'Ausbildung', 'Formación académica', 'Formation', 'Wykształcenie', 'Istruzione'].map(section))
      .toEqual(Array(6).fill('education'))
    expect(['Educational Qualification', 'Academic Qualification', 'Education Details', 'Academic Details'].map(section)).toEqual(Array(4).fill('education'))
    expect(['Skills', 'Kenntnisse', 'Habilidades', 'Compétences', 'Umiejętności', 'Competenze'].map(section))
      .toEqual(Array(6).fill('skills'))
  })
})
