import { describe, expect, it } from 'vitest'
import { PhraseIndex } from '../../src/parser/vocab/phrase-index.js'

const plurals = [['es', ''], ['s', '']] as const
const found = (index: PhraseIndex<string>, text: string) => index.find(text).map((m) => [m.entry, m.surface])

describe('a phrase index with plural endings', () => {
  it('reads a capitalised plural as its singular entry, the longest first, and a plural in running text as nothing', () => {
    const index = new PhraseIndex<string>({ plurals })
    index.add('Bus Driver', 'driver')
    index.add('Bus', 'bus')
    index.add('Curator', 'curator')
    expect(found(index, 'Bus Drivers and Curators')).toEqual([['driver', 'Bus Drivers'], ['curator', 'Curators']])
    expect(found(index, 'we trained curators')).toEqual([])
  })

  it('finds an entry added after the same plural was read and matched nothing', () => {
    // The entries a plural word reads are kept between texts; an alias added later must still count.
    const index = new PhraseIndex<string>({ plurals })
    expect(found(index, 'Phlebotomists wanted')).toEqual([])
    index.add('Phlebotomist', 'phlebotomist')
    expect(found(index, 'Phlebotomists wanted')).toEqual([['phlebotomist', 'Phlebotomists']])
  })

  it('reads the same plural the same way in every text', () => {
    const index = new PhraseIndex<string>({ plurals })
    index.add('Nurse', 'nurse')
    index.add('Nurse Practitioner', 'np')
    for (let i = 0; i < 3; i++) {
      expect(found(index, 'Nurses Practitioners and Nurses')).toEqual([['np', 'Nurses Practitioners'], ['nurse', 'Nurses']])
      expect(found(index, 'Nurse Practitioners')).toEqual([['np', 'Nurse Practitioners']])
    }
  })
})
