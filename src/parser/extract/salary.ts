import type { Salary } from '../resume-output.js'
import type { Vocabulary } from '../vocab/vocabulary.js'

/** Currency signs and codes of our markets, to ISO 4217. */
const currencies: Array<[RegExp, string]> = [
  [/€|\bEUR\b|\beuros?\b/i, 'EUR'], [/\$|\bUSD\b|\bdollars?\b/i, 'USD'], [/£|\bGBP\b/i, 'GBP'],
  [/\bzł\b|\bzl\b|\bPLN\b|złotych/i, 'PLN'], [/\bCHF\b|\bFr\.\s/i, 'CHF'],
]

/** "55.000 €", "€55,000", "15 000 zł", "60k", "45.5K" as a number. */
export function readAmount(text: string): number | undefined {
  const match = /(\d{1,3}(?:[ .,'’]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*([kK])?\b/.exec(text)
  if (!match) return undefined
  const whole = Number(match[1]!.replace(/[ .,'’]/g, ''))
  const value = whole + (match[2] ? Number(`0.${match[2]}`) : 0)
  return match[3] ? value * 1000 : value
}

export function readCurrency(text: string): string {
  return currencies.find(([pattern]) => pattern.test(text))?.[1] ?? ''
}

/** The pay unit words of vocab/jd-terms.tsv (unit:Yearly, unit:Monthly, ...). */
export function readUnit(text: string, words: Pick<Vocabulary, 'jdTerms'>): string {
  return words.jdTerms.find(text).find((m) => m.entry.meaning.startsWith('unit:'))?.entry.meaning.slice(5) ?? ''
}

/** A salary as a resume states it after a label ("Gehaltsvorstellung: 65.000 € brutto/Jahr"). */
export function parseSalary(text: string | undefined, words: Pick<Vocabulary, 'jdTerms'>): Salary {
  const amount = text ? readAmount(text) : undefined
  if (!text || amount === undefined) return { Amount: '', Currency: '', Unit: '' }
  return { Amount: String(amount), Currency: readCurrency(text), Unit: readUnit(text, words) }
}
