import type { Gazetteer } from '../geo/gazetteer.js'
import { foldKey } from '../text/fold.js'
import { startsLowerCase } from '../text/name-case.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { findDates } from './dates.js'
import { withoutLabel, type Job } from './experience.js'
import { hasLegalForm, isOnlyLegalForm, resolvePlace } from './header-parts.js'

type Words = Pick<Vocabulary, 'gazetteer' | 'skills' | 'dateWords' | 'months' | 'jdLabels' | 'headings'>

/** Words that join a title to its employer, left at the front of an employer cut from its header. */
const joiningWord = /^(?:at|@|bei|chez|presso)\s+/i

/**
 * An employer as a job should carry it: a label ("Company: Acme") and a joining word ("at McGraw
 * Hill") taken off its front; empty when what is left is not an employer at all: a place ("Kolkata,
 * West Bengal", "Chicago, IL"), a street ("Pearl St."), a section's heading or a field's label alone
 * ("Responsibilities", "Duration"), a date or date word ("July 2019 to Present", "Ongoing"), nothing
 * but skills ("SAP ABAP"; but "Oracle" in a job placed in a city), the candidate's own name, or a
 * sentence. Whoever read it, the rules or the model, the text beside a title is often one of these.
 */
export function checkedEmployer(text: string, words: Words, context: { candidateName?: string; jobCity?: string } = {}): string {
  let employer = withoutLabel(text.trim(), words).replace(joiningWord, '').trim()
  employer = employer.replace(/^[\s,;:|•\-–]+|[\s,;:|•\-–]+$/g, '')
  if (!/\p{L}/u.test(employer)) return ''
  // A legal form alone ("Pvt. Ltd", "Inc.") names no company: its name stood before it, out of reach.
  if (isOnlyLegalForm(employer)) return ''
  if (isLabel(employer, words)) return ''
  if (isPlace(employer, words.gazetteer, context.jobCity)) return ''
  if (isStreet(employer, words.gazetteer)) return ''
  if (findDates(employer, words).length > 0 || words.dateWords.lookup(employer)) return ''
  // A product's maker writes its name alone in a job's header placed in a city ("Rapid7, Austin, Texas",
  // "LEXISNEXIS, New York, NY"): one word beside a place is the employer, not a skill.
  if (onlySkills(employer, words) && !(context.jobCity && /^\p{Lu}\S*$/u.test(employer))) return ''
  if (isCandidate(employer, context.candidateName ?? '')) return ''
  if (isProse(employer)) return ''
  // Lower-case words running into capitalised ones are a sentence's end with the name in it ("was
  // trained and worked for EMEA"); a name written all in lower case stays ("infotech pvt ltd").
  if (startsLowerCase(employer) && /\s\S*\p{Lu}/u.test(employer)) return ''
  return employer
}

/** Whether a phrase is nothing but a section heading or a field label ("PERSONAL", "Duration"). */
function isLabel(text: string, words: Words): boolean {
  if (words.headings.lookup(text) !== undefined) return true
  const label = words.jdLabels.find(text)[0]
  return label !== undefined && label.from === 0 && label.to >= text.length
}

/**
 * Whether a phrase reads as a sentence rather than a name: three words or more of four letters or more
 * in lower case ("Coordinated with professor on conduction of exams"). Names write their words
 * capitalised and few short ones in lower case ("Ministry of Health and Long Term Care", "Banca popolare
 * di Milano"); "eHealth" is written as a name.
 */
function isProse(text: string): boolean {
  return text.split(/\s+/).filter((word) => /^\p{Ll}[\p{Ll}'’-]{3,}[.,;:]?$/u.test(word)).length >= 3
}

/**
 * A stricter test for an employer found alone, with no job header around it (model/apply-jobs.ts): it
 * ends with a full stop and writes a longer word in lower case ("Payment services in Java.").
 */
export function endsAsSentence(text: string): boolean {
  return /[.!?]\s*$/.test(text) && text.split(/\s+/).some((word) => word.length >= 4 && /^\p{Ll}/u.test(word))
}

/**
 * Whether an employer is only a place: a place with its region or state ("Bengaluru, Karnataka",
 * "Austin, TX"), a region or country ("West Bengal"), or a city alone unless the job is placed in
 * another city (Carrefour, a city too, is the employer of "Caissière, Carrefour, Paris").
 */
export function isPlace(text: string, gazetteer: Gazetteer, jobCity = ''): boolean {
  // A legal form makes a company of any name ("AMD, Inc.", whose words the gazetteer also knows as places).
  if (hasLegalForm(text)) return false
  const parts = text.split(/\s*,\s*/).map((p) => p.replace(/\.$/, '').trim()).filter(Boolean)
  if (parts.length === 0 || parts.length > 3) return false
  if (!parts.every((part, i) => (i > 0 && /^[A-Z]{2}$/.test(part)) || resolvePlace(part, gazetteer) !== undefined)) return false
  if (parts.length > 1) return true
  const regionOrCountry = gazetteer.places.country(text) !== undefined || gazetteer.places.regions(text).length > 0
  return regionOrCountry || !jobCity || foldKey(jobCity) === foldKey(text)
}

/**
 * Whether an employer is the street of an address written beside the job ("Pearl St.", "4 Architecture
 * Drive", "Hauptstraße 5"): the whole phrase is a street as vocab/street-words.tsv reads it, with a
 * house number or its type abbreviated. Without either it may be a name ("The Growing Place", a
 * nursery), and a company named after its street writes more ("Wall Street Journal").
 */
function isStreet(text: string, gazetteer: Gazetteer): boolean {
  if (hasLegalForm(text)) return false
  const words = text.split(/\s+/).filter(Boolean)
  const numberOrAbbreviation = words.some((word) => /\d/.test(word) || /^\p{L}{1,4}\.$/u.test(word))
  return words.length >= 2 && numberOrAbbreviation && gazetteer.places.streetLength(words) === words.length
}

/** Skills and short joining words only ("C# e .NET", "Java, SQL"): what a job used, not who employed ("SAP AG" did). */
export function onlySkills(text: string, words: Pick<Words, 'skills'>): boolean {
  if (hasLegalForm(text)) return false
  let rest = text
  for (const match of words.skills.index.find(text)) rest = rest.replace(match.surface, ' ')
  return rest !== text && rest.split(/[\s,;/&+]+/).every((word) => word.length <= 2)
}

/** The candidate's own name of two words or more, which a header beside the name can hand to the employer. */
function isCandidate(employer: string, candidateName: string): boolean {
  const name = foldKey(candidateName).split(/\s+/).filter(Boolean)
  if (name.length < 2) return false
  const employerWords = foldKey(employer).split(/\s+/).filter(Boolean)
  return employerWords.length > 0 && employerWords.every((w) => name.includes(w))
}

/**
 * Every job's employer checked (`checkedEmployer`); a job left with no title, no employer and no
 * period said nothing and is dropped.
 */
export function withCheckedEmployers(jobs: readonly Job[], words: Words, candidateName: string): Job[] {
  return jobs.flatMap((job) => {
    const written = job.output.Employer.EmployerName
    const employer = written ? checkedEmployer(written, words, { candidateName, jobCity: job.output.Location.City }) : ''
    if (employer === written) return [job]
    if (!employer && !job.output.JobProfile.Title && !job.range) return []
    return [{ ...job, output: { ...job.output, Employer: { ...job.output.Employer, EmployerName: employer } } }]
  })
}
