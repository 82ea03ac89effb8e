import { describe, expect, it } from 'vitest'
import { modelDocument } from '../../../src/parser/model/document.js'
import type { EntityType } from '../../../src/parser/model/entities.js'
import { modelName } from '../../../src/parser/model/apply-name.js'
import { foundEntities } from '../../../src/parser/model/found.js'
import { withoutOverlaps } from '../../../src/parser/model/tagger.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()

/** What the parser keeps of a span from the first `from` to the end of `to` in `text`. */
function written(text: string, from: string, to: string, type: EntityType = 'title'): string | undefined {
  const start = text.indexOf(from)
  const end = text.indexOf(to, start) + to.length
  return foundEntities(text, modelDocument(text, words), [{ type, from: start, to: end }], words.joiningWords.dangling)[0]?.text
}

describe('an entity as the parser keeps it from a tagger span', () => {
  it('closes a parenthesis the line closes a few characters on, and cuts one it leaves open', () => {
    expect(written('Experience\nSiemens PLM Software (UGS) - Cypress, CA\n2010 - 2014', 'Siemens', '(UGS', 'employer')).toBe('Siemens PLM Software (UGS)')
    expect(written('Experience\nProject Manager (consultant at Acme for three years)\n2010 - 2014', 'Project', '(consultant')).toBe('Project Manager')
  })

  it('drops a joining word left at its end', () => {
    expect(written('Experience\nAttorney at Law, Smith LLP\n2010 - 2014', 'Attorney', 'at')).toBe('Attorney')
    expect(written('Education\nMasters of Commerce, 2012', 'Masters', 'of', 'degree')).toBe('Masters')
  })

  it('leaves out what a span holds of a period written before it', () => {
    expect(written('Experiencia\nfebrero 2023 – la fecha  Responsable de almacén, Banco Santander', 'fecha', 'almacén')).toBe('Responsable de almacén')
    expect(written('Expérience\n2024 – ce jour  Assistante de direction', 'jour', 'jour')).toBeUndefined()
  })

  it('keeps a span that ends in a letter that is part of a name', () => {
    expect(written('Experience\nAnalyst, Vitamin E\n2010 - 2014', 'Vitamin', 'E', 'employer')).toBe('Vitamin E')
  })
})

describe('spans two taggers claim', () => {
  const span = (text: string, type: EntityType, phrase: string) => ({ type, from: text.indexOf(phrase), to: text.indexOf(phrase) + phrase.length })
  const read = (text: string, spans: ReturnType<typeof span>[]) =>
    withoutOverlaps(spans, text).map((s) => `${s.type}:${text.slice(s.from, s.to)}`).sort()

  it('gives the longer one the text, unless a separator parts the shorter from the rest', () => {
    const kg = 'Bergmann & Söhne KG'
    expect(read(kg, [span(kg, 'employer', kg), span(kg, 'title', 'Bergmann')])).toEqual(['employer:Bergmann & Söhne KG'])
    const intern = 'Intern engineer / Joobi Solution Limited'
    expect(read(intern, [span(intern, 'employer', intern), span(intern, 'title', 'Intern engineer')])).toEqual(['employer:Joobi Solution Limited', 'title:Intern engineer'])
  })

  it('cuts the longer at the separator where the two cross', () => {
    const header = 'Acme Analytics Ltd - Senior Data Analyst'
    expect(read(header, [span(header, 'employer', 'Acme Analytics Ltd - Senior'), span(header, 'title', 'Senior Data Analyst')])).toEqual(['employer:Acme Analytics Ltd', 'title:Senior Data Analyst'])
  })
})

describe('the name the model found', () => {
  const name = (line: number, text: string) => ({ type: 'name' as const, text, line, from: 0 })
  const never = () => false

  it('is not a document title with an honorific ("Lebenslauf Dr."), but the name after it', () => {
    expect(modelName([name(0, 'Lebenslauf Dr'), name(1, 'Katharina Schneider')], [0, 1, 2], never)).toBe('Katharina Schneider')
    expect(modelName([name(0, 'Curriculum Vitae Anna Nowak')], [0, 1], never)).toBe('Anna Nowak')
    expect(modelName([name(0, 'Dr. Anna Nowak')], [0, 1], never)).toBe('Dr. Anna Nowak')
  })
})
