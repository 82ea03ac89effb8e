import type { Line } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { findDates, formatDate } from './dates.js'

export interface PersonalDetails {
  /** Values of labelled lines by field: name, dateOfBirth, nationality, address, salary, ... */
  labels: Map<string, string>
  dateOfBirth: string
  gender: string
  maritalStatus: string
  nationality: string
  nationalityCode: string
}

type Words = Pick<Vocabulary, 'personal' | 'nationalities' | 'months' | 'dateWords' | 'gazetteer'>

/**
 * Personal details read from labelled lines ("Geburtsdatum: 12.03.1990", "Estado civil: casado",
 * "Narodowość: polska"). Gender and marital status words count only after their label or on short
 * lines of the personal block: "single" in "single-page application" is not a marital status.
 */
export function findPersonalDetails(lines: Line[], personalBlock: Set<number>, words: Words): PersonalDetails {
  const labels = new Map<string, string>()
  for (const line of lines) {
    const label = words.personal.find(line.text).find((m) => m.entry.field === 'label')
    if (!label || !/^[\s•\-*]*$/.test(line.text.slice(0, label.from))) continue
    const rest = line.text.slice(label.to)
    const value = /^\s*[:：\-–]\s*(.+)$/.exec(rest)?.[1] ?? (/^\s{2,}(.+)$/.exec(rest)?.[1])
    if (value && !labels.has(label.entry.value)) labels.set(label.entry.value, value.trim())
  }

  const details: PersonalDetails = { labels, dateOfBirth: '', gender: '', maritalStatus: '', nationality: '', nationalityCode: '' }
  const born = labels.get('dateOfBirth')
  const date = born ? findDates(born, words)[0] : undefined
  if (date) details.dateOfBirth = formatDate(date.value, date.day)

  const valueOf = (field: 'gender' | 'maritalStatus') => {
    const labelled = labels.get(field)
    const inLabel = labelled ? words.personal.find(labelled).find((m) => m.entry.field === field) : undefined
    if (inLabel) return inLabel.entry.value
    for (const line of lines) {
      if (!personalBlock.has(line.number) || line.text.split(/\s+/).length > 6) continue
      // Single letters (M/F) only mean a gender right after the label.
      const found = words.personal.find(line.text).find((m) => m.entry.field === field && m.surface.length > 1)
      if (found) return found.entry.value
    }
    return ''
  }
  details.gender = valueOf('gender')
  details.maritalStatus = valueOf('maritalStatus')

  const nationality = labels.get('nationality')
  if (nationality) {
    const demonym = words.nationalities.find(nationality)[0]?.entry
    const country = demonym ? undefined : words.gazetteer.places.country(nationality.split(/[,;/(]/)[0]!.trim())
    if (demonym) {
      details.nationality = demonym.name
      details.nationalityCode = demonym.countryCode
    } else if (country) {
      details.nationality = country.name
      details.nationalityCode = country.code
    }
  }
  return details
}
