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

  it('reads postal codes where each country writes them', () => {
    const zip = (text: string) => gazetteer.read(text)?.location.zipCode
    expect(where('12 rue de Rivoli, 75004 Paris')).toBe('Paris/IDF/FR')
    expect(zip('12 rue de Rivoli, 75004 Paris')).toBe('75004')
    expect(where('London SW1A 1AA')).toBe('London/ENG/GB')
    expect(zip('London SW1A 1AA')).toBe('SW1A 1AA')
    expect(where('Toronto, ON M5V 2T6')).toBe('Toronto/ON/CA')
    expect(where('Rowville VIC 3178')).toBe('Rowville/VIC/AU')
    expect(zip('Chennai - 600121')).toBe('600121')
    // A number before a street is its house number, not a Swiss postal code.
    expect(gazetteer.read('2260 Arbor Court')).toBeUndefined()
  })

  it('says what written next to the city agrees with it', () => {
    expect(gazetteer.read('Anuppur, Madhya Pradesh')?.support).toEqual(['region'])
    expect(gazetteer.read('Hauptstraße 5, 10115 Berlin, Deutschland')?.support).toEqual(['country', 'postcode'])
    expect(gazetteer.read('Pune')?.support).toEqual([])
    // Lagos State is not in vocab/regions.tsv: any country's states count after a city.
    expect(where('Ikeja, Lagos')).toBe('Ikeja/LA/NG')
  })

  it('does not read a street as a city', () => {
    expect(gazetteer.read('3748 Bee Street')).toBeUndefined()
    expect(gazetteer.read('Via Roma 10, 00184 Roma')?.before).toBe('Via Roma 10')
  })

  it('reads a name that is a country or a state by the city before it', () => {
    expect(where('Atlanta, Georgia')).toBe('Atlanta/GA/US')
    expect(where('Tbilisi, Georgia')).toBe('Tbilisi/TB/GE')
    expect(where('California')).toBe('/CA/US')
  })

  it('reads a name alone as the city a province is named after, and a Land as the Land', () => {
    // A search for City "Venezia" must find Venice: Italian and Spanish provinces and Swiss cantons bear their capitals' names.
    for (const [name, city, country] of [['Venezia', 'Venice', 'IT'], ['Pisa', 'Pisa', 'IT'], ['Ávila', 'Ávila', 'ES'], ['Luzern', 'Luzern', 'CH'], ['Trento, Italy', 'Trento', 'IT']]) {
      expect(gazetteer.resolve(name!), name).toMatchObject({ city, countryCode: country, latitude: expect.any(Number) })
    }
    // Brandenburg an der Havel lies in Brandenburg, but the Land bears its own name, not the city's.
    expect(gazetteer.resolve('Brandenburg')).toMatchObject({ city: '', state: 'Brandenburg', countryCode: 'DE' })
  })

  it('prefers the city of that name, then the hinted country, over bigger cities of other names', () => {
    // GeoNames also calls Jerusalem "Salem".
    expect(where('Salem')).toBe('Salem/TN/IN')
    expect(where('Hyderabad', 'PK')?.endsWith('/PK')).toBe(true)
    // A hint does not turn Edinburgh into a town of 4,500 in Indiana.
    expect(where('Edinburgh', 'US')?.endsWith('/GB')).toBe(true)
  })

  it('resolves a country or region alone, and nothing for other words', () => {
    expect(gazetteer.resolve('Polska')).toMatchObject({ city: '', country: 'Poland', countryCode: 'PL' })
    expect(gazetteer.resolve('Bayern')).toMatchObject({ city: '', state: 'Bavaria', countryCode: 'DE' })
    expect(gazetteer.resolve('Remote')).toBeUndefined()
  })
})
