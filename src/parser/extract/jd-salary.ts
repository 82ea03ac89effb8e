import type { Vocabulary } from '../vocab/vocabulary.js'
import { readAmount, readCurrency, readUnit } from './salary.js'

export interface SalaryOffered {
  MinAmount: string
  MaxAmount: string
  Currency: string
  Units: string
}

const amountPattern = /(\d{1,3}(?:[ .,'’]\d{3})+|\d+(?:[.,]\d{1,2})?)\s*([kK])?(?![\d.,])/g
const joiner = /^\s*(?:[-–~]|to|bis|a|à|au|do|al|fino a|hasta|jusqu'à)\s*(?:[€$£]|EUR|USD|PLN|GBP|CHF|zł)?\s*$/i

/**
 * The pay a JD offers: the first line (labelled lines first) with a currency and an amount, as a range
 * ("50.000 – 65.000 € brutto/Jahr", "PLN 15 000 - 20 000 netto", "$40/hour", "60k-70k EUR").
 */
export function findSalaryOffered(lines: string[], labelled: string | undefined, words: Pick<Vocabulary, 'jdTerms'>): SalaryOffered {
  for (const line of labelled ? [labelled, ...lines] : lines) {
    const currency = readCurrency(line)
    if (!currency) continue
    const amounts = [...line.matchAll(amountPattern)]
      .filter((m) => !/^(?:19|20)\d{2}$/.test(m[1]!))
      .map((m) => ({ value: readAmount(m[0])!, from: m.index, to: m.index + m[0].length }))
      .filter((a) => a.value > 0)
    if (amounts.length === 0) continue
    const [first, second] = amounts
    const isRange = second !== undefined && joiner.test(line.slice(first!.to, second.from).replace(/\s*(?:[€$£]|EUR|USD|PLN|GBP|CHF|zł)\s*/gi, ' '))
    return {
      MinAmount: String(first!.value),
      MaxAmount: isRange ? String(second.value) : '',
      Currency: currency,
      Units: readUnit(line, words),
    }
  }
  return { MinAmount: '', MaxAmount: '', Currency: '', Units: '' }
}
