import { describe, expect, it } from 'vitest'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const { gazetteer } = vocabulary()
const where = (text: string, hint?: string) => {
  const place = gazetteer.resolve(text, hint ? { countryCode: hint } : {})
  return place && [place.city, place.stateCode, place.countryCode].join('/')
}

describe('gazetteer', () => {
  it('matches native and English names to one city', () => {
    expect(where('Muenchen')).toBe(where('Munich'))
    expect(where('München')).toBe('Munich/BY/DE')
    expect(where('Krakow')).toBe(where('Kraków'))
    expect(where('Warszawa')).toBe(where('Warsaw'))
    expect(where('Milano')).toBe('Milan/25/IT')
    expect(where('NYC')).toBe(where('New York'))
  })

  it('reads states, countries and postal codes around a city', () => {
    expect(where('Chicago, IL')).toBe('Chicago/IL/US')
    expect(where('Springfield, MA')).toBe('Springfield/MA/US')
    expect(where('Springfield, IL')).toBe('Springfield/IL/US')
    expect(where('Hauptstraße 5, 10115 Berlin, Deutschland')).toBe('Berlin/BE/DE')
    expect(where('Calle de Alcalá 45, 28014 Madrid')).toBe('Madrid/MD/ES')
    expect(gazetteer.resolve('ul. Długa 15, 31-147 Kraków')?.zipCode).toBe('31-147')
  })

  it('gives coordinates from the data', () => {
    const berlin = gazetteer.resolve('Berlin')!
    expect(berlin.latitude).toBeCloseTo(52.52, 1)
    expect(berlin.longitude).toBeCloseTo(13.41, 1)
  })

  it('uses the country hint between same-named cities', () => {
    expect(where('Valencia', 'ES')).toBe('Valencia/VC/ES')
    expect(where('Valencia', 'VE')?.endsWith('/VE')).toBe(true)
  })

  it('resolves a country or region alone, and nothing for other words', () => {
    expect(gazetteer.resolve('Polska')).toMatchObject({ city: '', country: 'Poland', countryCode: 'PL' })
    expect(gazetteer.resolve('Bayern')).toMatchObject({ city: '', state: 'Bavaria', countryCode: 'DE' })
    expect(gazetteer.resolve('Remote')).toBeUndefined()
  })
})
