import { describe, expect, it } from 'vitest'
import { modelDocument } from '../../../src/parser/model/document.js'
import type { EntityType } from '../../../src/parser/model/entities.js'
import { foundEntities } from '../../../src/parser/model/found.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()

/** What the parser keeps of a span from the first `from` to the end of `to` in `text`. */
function written(text: string, from: string, to: string, type: EntityType = 'title'): string | undefined {
  const start = text.indexOf(from)
  const end = text.indexOf(to, start) + to.length
  return foundEntities(text, modelDocument(text, words), [{ type, from: start, to: end }])[0]?.text
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

  it('keeps a span that ends in a letter that is part of a name', () => {
    expect(written('Experience\nAnalyst, Vitamin E\n2010 - 2014', 'Vitamin', 'E', 'employer')).toBe('Vitamin E')
  })
})
