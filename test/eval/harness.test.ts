import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readGoldDirectory } from '../../eval/documents.js'
import { evaluateDocuments, totals, totalsByLanguage } from '../../eval/evaluate.js'
import { fieldTable, languageTable } from '../../eval/report.js'

// Fictional people, written for this test.
const english = `Margaret Okafor
margaret.okafor@example.com | +44 20 7946 0321
London, United Kingdom

Work Experience
03/2019 - present  Senior Data Analyst, Northwind Logistics, London
01/2016 - 02/2019  Data Analyst, Bluebell Insurance, Leeds

Education
2012 - 2015  BSc Mathematics, University of Leeds

Skills
Python, SQL, Tableau, Excel
`

const german = `Jonas Wechsler
jonas.wechsler@example.de
Tel.: +49 151 23456789
Leipzig

Berufserfahrung
04/2020 – heute  Softwareentwickler, Feldmark Software GmbH, Leipzig
09/2017 – 03/2020  Werkstudent, Kranich Systeme AG, Dresden

Ausbildung
2014 – 2019  Master of Science Informatik, Technische Universität Dresden

Kenntnisse
Java, Kubernetes, PostgreSQL, Buchhaltung
`

const gold = {
  en: {
    language: 'en', name: 'Margaret Okafor', emails: ['margaret.okafor@example.com'], phones: ['+44 20 7946 0321'],
    currentTitle: 'Senior Data Analyst', currentEmployer: 'Northwind Logistics', titles: ['Senior Data Analyst', 'Data Analyst'],
    employers: ['Northwind Logistics', 'Bluebell Insurance'], institutes: ['University of Leeds'], degrees: ['BSc Mathematics'],
    skills: ['Python', 'SQL', 'Tableau', 'Excel'], totalExperienceMonths: 98, asOf: '2024-03-15',
  },
  de: {
    language: 'de', name: 'Jonas Wechsler', emails: ['jonas.wechsler@example.de'], phones: ['0151 23456789'],
    titles: ['Softwareentwickler', 'Werkstudent'], employers: ['Feldmark Software GmbH', 'Kranich Systeme AG'],
    skills: ['Java', 'Kubernetes', 'PostgreSQL', 'Buchhaltung'], totalExperienceMonths: 78, asOf: '2024-03-15',
  },
}

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-gold-'))
  writeFileSync(join(dir, 'okafor.txt'), english)
  writeFileSync(join(dir, 'okafor.gold.json'), JSON.stringify(gold.en))
  writeFileSync(join(dir, 'wechsler.txt'), german)
  writeFileSync(join(dir, 'wechsler.gold.json'), JSON.stringify(gold.de))
  writeFileSync(join(dir, 'scan.pdf'), '%PDF-1.4')
  writeFileSync(join(dir, 'scan.gold.json'), JSON.stringify({ name: 'Nobody' }))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('accuracy harness end to end', () => {
  it('parses and scores every labelled document, by language', async () => {
    const { documents, skipped } = readGoldDirectory(dir)
    expect(documents.map((d) => d.name)).toEqual(['okafor', 'wechsler'])
    expect(skipped).toEqual([{ name: 'scan', reason: 'scan.pdf: only .txt is read so far' }])

    const results = await evaluateDocuments(documents)
    const all = totals(results)
    expect(all.documents).toBe(2)
    expect(all.score.emails).toEqual({ gold: 2, predicted: 2, matched: 2, documents: 2 })
    expect(all.score.currentTitle?.documents).toBe(1)
    expect(all.score.institutes?.documents).toBe(1)
    expect(all.experience.documents).toBe(2)
    expect(totalsByLanguage(results).map(([language, t]) => [language, t.documents])).toEqual([['en', 1], ['de', 1]])

    const table = fieldTable(all)
    expect(table).toMatch(/^emails\s+2\s+2\s+2\s+2\s+1\.000\s+1\.000\s+1\.000$/m)
    expect(table).toMatch(/total experience within 12 months: .* of 2 documents/)
    expect(languageTable(totalsByLanguage(results))).toMatch(/^F1 by language\s+en \(1\)\s+de \(1\)$/m)
  })

  it('runs as the npm script does', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'eval/parse-eval.ts', dir], { encoding: 'utf8' })
    expect(out).toContain('2 documents, 1 skipped')
    expect(out).toMatch(/^skills\s+2\s+8\s/m)
  })

  it('rejects a gold file with an unknown field', () => {
    writeFileSync(join(dir, 'typo.gold.json'), JSON.stringify({ employer: 'Feldmark' }))
    try {
      expect(() => readGoldDirectory(dir)).toThrow(/typo\.gold\.json/)
    } finally {
      rmSync(join(dir, 'typo.gold.json'))
    }
  })
})
