import { describe, expect, it } from 'vitest'
import { parseResume } from '../../src/parser/resume.js'

const now = new Date('2026-11-22T12:00:00Z')

/** A short made-up resume: the given top lines, then one job elsewhere. */
const resume = (...top: string[]) =>
  [...top, '', 'Experience', 'Accountant, Northwind Traders Ltd, Leeds, 2019 - 2023', '', 'Skills', 'Excel, SAP'].join('\n')
const addressOf = (text: string) => parseResume(text, { now }).ResumeParserData.Address[0]
const where = (text: string) => {
  const a = addressOf(text)
  return a && { street: a.Street, city: a.City, state: a.StateIsoCode, zip: a.ZipCode, country: a.CountryCode }
}

describe('addresses in national formats', () => {
  it('reads the postal code before the city (DE, FR, ES, IT, PL)', () => {
    expect(where(resume('Jana Beispiel', 'Musterstraße 12, 10115 Berlin', 'jana@example.com'))).toEqual({ street: 'Musterstraße 12', city: 'Berlin', state: 'BE', zip: '10115', country: 'DE' })
    expect(where(resume('Claire Dubois', '12 rue de Rivoli, 75004 Paris', 'claire@example.com'))).toEqual({ street: '12 rue de Rivoli', city: 'Paris', state: 'IDF', zip: '75004', country: 'FR' })
    expect(where(resume('Javier López', 'Calle Mayor 5, 28013 Madrid', 'javier@example.com'))).toEqual({ street: 'Calle Mayor 5', city: 'Madrid', state: 'MD', zip: '28013', country: 'ES' })
    expect(where(resume('Marco Rossi', 'Via Roma 10, 00184 Roma (RM)', 'marco@example.com'))).toMatchObject({ street: 'Via Roma 10', city: 'Rome', zip: '00184', country: 'IT' })
    expect(where(resume('Anna Kowalska', 'ul. Długa 5, 00-238 Warszawa', 'anna@example.com'))).toEqual({ street: 'ul. Długa 5', city: 'Warsaw', state: 'MZ', zip: '00-238', country: 'PL' })
  })

  it('reads the postal code after the city (UK, US, India)', () => {
    expect(where(resume('Oliver Smith', 'London SW1A 1AA', 'oliver@example.com'))).toMatchObject({ city: 'London', zip: 'SW1A 1AA', country: 'GB' })
    expect(where(resume('Emily Carter', 'New York, NY 10001', 'emily@example.com'))).toMatchObject({ city: 'New York City', state: 'NY', zip: '10001', country: 'US' })
    expect(where(resume('Priya Raman', '4/105 Gandhi Road,', 'Kodungaiyur,', 'Chennai - 600121', 'priya@example.com'))).toMatchObject({ city: 'Chennai', state: 'TN', zip: '600121', country: 'IN' })
  })

  it('reads a city with its state or country, and a well-known city alone', () => {
    expect(where(resume('Emily Carter', 'Austin, TX', 'emily@example.com'))).toMatchObject({ city: 'Austin', state: 'TX', country: 'US' })
    expect(where(resume('Chidi Okafor', 'Lagos, Nigeria', 'chidi@example.com'))).toMatchObject({ city: 'Lagos', country: 'NG' })
    expect(where(resume('Rahul Verma', 'Pune', 'rahul@example.com'))).toMatchObject({ city: 'Pune', state: 'MH', country: 'IN' })
  })
})

describe('contact lines', () => {
  it('finds the place among the items of a header line, whatever separates them', () => {
    for (const separator of [' — ', ' – ', ' | ', ' • ', ' · ']) {
      const line = ['Data Scientist', 'New York, NY 10001', 'name@example.com', '212-555-0187'].join(separator)
      expect(where(resume('Emily Carter', line)), separator).toMatchObject({ city: 'New York City', state: 'NY', zip: '10001' })
    }
  })

  it('reads an Indian job-board header: "City, State - Email me on Indeed"', () => {
    const text = resume('Ravi Kumar', 'Software Engineer - Infosys Limited', 'Anuppur, Madhya Pradesh - Email me on Indeed: indeed.com/r/Ravi-Kumar/0a1b2c3d')
    const address = addressOf(text)!
    expect(address.City.normalize('NFD').replace(/\p{M}/gu, '')).toBe('Anuppur')
    expect([address.State, address.Country]).toEqual(['Madhya Pradesh', 'India'])
    expect(Number(address.Latitude)).toBeCloseTo(23.1, 0)
  })

  it('takes the place after a location label, even when its name is an ordinary word', () => {
    expect(where(resume('Oliver Smith', 'Location: Reading', 'oliver@example.com', 'Interests: reading, chess'))).toMatchObject({ city: 'Reading', country: 'GB' })
  })

  it('does not take the place the candidate would move to for the one they live in', () => {
    const data = parseResume(resume('Ravi Kumar', 'Willing to relocate to: Pune, Maharashtra - Mumbai, Maharashtra', 'ravi@example.com'), { now }).ResumeParserData
    expect(data.Address).toEqual([])
    expect(data.PreferredLocation.map((p) => [p.City, p.State])).toEqual([['Pune', 'Maharashtra'], ['Mumbai', 'Maharashtra']])
  })
})

describe('places that are not the candidate’s', () => {
  it('leaves a job’s city to the job', () => {
    expect(addressOf(resume('Anna Smith', 'anna@example.com'))).toBeUndefined()
    const noHeader = ['Experience', 'Software Engineer, Acme Inc., Boston, MA', '2019 - 2023', 'Built billing services'].join('\n')
    expect(addressOf(noHeader)).toBeUndefined()
    const summary = resume('Anna Smith', 'anna@example.com', 'Currently working as an analyst at Infosys in Bangalore.')
    expect(addressOf(summary)).toBeUndefined()
  })

  it('does not read a person’s name as a place', () => {
    // Jordan is a country; here it is the candidate, as the email address says.
    expect(addressOf(resume('Jordan', 'Senior Accountant', 'jordan@example.com'))).toBeUndefined()
    expect(where(resume('Jordan Lee', 'Amman, Jordan', 'jordan@example.com'))).toMatchObject({ city: 'Amman', country: 'JO' })
  })

  it('does not read an ordinary word as a place without a region, country or postal code next to it', () => {
    expect(addressOf(resume('Oliver Smith', 'Reading', 'oliver@example.com', 'Interests: reading, chess'))).toBeUndefined()
    expect(where(resume('Oliver Smith', 'Reading RG1 1AA', 'oliver@example.com', 'Interests: reading, chess'))).toMatchObject({ city: 'Reading', country: 'GB', zip: 'RG1 1AA' })
  })

  it('does not read a street as a town', () => {
    // Street is a town in Somerset; Court one in Switzerland.
    expect(where(resume('Pablo Reichert', '2260 Arbor Court', 'Wheatland, WY 82201', 'pablo@example.com'))).toMatchObject({ street: '', city: 'Wheatland', state: 'WY', zip: '82201' })
    expect(addressOf(resume('Lionel White', '3748 Bee Street', 'lionel@example.com'))).toBeUndefined()
  })

  it('does not read a post office box as a town', () => {
    // Box is a village in Wiltshire.
    expect(where(resume('Amani Otieno', 'Address: P.O. Box 30197, Nairobi, Kenya', 'amani@example.com'))).toMatchObject({ city: 'Nairobi', country: 'KE' })
    // The box's number and the postal code read as a phone number, which is taken out of the line.
    expect(where(resume('Amani Otieno', 'Address:  P.O. Box 30197 00100, Moi Avenue, Nairobi', 'amani@example.com'))).toMatchObject({ city: 'Nairobi', country: 'KE' })
  })
})

describe('same-named cities', () => {
  it('follows the country code of the phone number', () => {
    expect(where(resume('Ali Khan', 'Hyderabad', '+92 300 1234567', 'ali@example.com'))?.country).toBe('PK')
    expect(where(resume('Ravi Rao', 'Hyderabad', '+91 98450 12345', 'ravi@example.com'))?.country).toBe('IN')
  })

  it('follows the state or country written next to the city', () => {
    expect(where(resume('Emily Carter', 'Springfield, IL', 'emily@example.com'))).toMatchObject({ city: 'Springfield', state: 'IL' })
    expect(where(resume('Emily Carter', 'Springfield, MA', 'emily@example.com'))).toMatchObject({ city: 'Springfield', state: 'MA' })
    expect(where(resume('Emily Carter', 'Atlanta, Georgia', 'emily@example.com'))).toMatchObject({ city: 'Atlanta', state: 'GA', country: 'US' })
    expect(where(resume('Nino Beridze', 'Tbilisi, Georgia', 'nino@example.com'))).toMatchObject({ city: 'Tbilisi', country: 'GE' })
  })
})
