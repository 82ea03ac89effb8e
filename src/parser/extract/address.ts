import type { Location, Reading } from '../geo/gazetteer.js'
import type { Address, Place } from '../resume-output.js'
import type { Block, Line } from '../sections.js'
import { foldKey } from '../text/fold.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { linkPattern, phoneCountries } from './contact.js'
import { findDateRanges } from './dates.js'

type Words = Pick<Vocabulary, 'gazetteer' | 'personal' | 'headings' | 'titles' | 'languages' | 'nationalities' | 'months' | 'dateWords'>

export interface AddressContext {
  /** The resume's whole text: a place name it also writes in lower case is an ordinary word ("reading"). */
  text?: string
  /** The usual country of the resume's language, for same-named cities after the phone's country. */
  languageCountry?: string
}

/** Sections of jobs, schools and other people: a place there is theirs, not the candidate's. */
const entrySections = new Set<Block['section']>(['experience', 'education', 'projects', 'volunteering', 'references', 'certifications', 'awards', 'publications', 'responsibilities', 'requirements'])
/** Sections that hold the candidate's own details wherever they stand. */
const ownSections = new Set<Block['section']>(['header', 'personal', 'contact'])

/** Separators of a contact line's items: "Data Scientist — New York, NY 10001 — name@example.com | 212-555-0187". */
const itemSeparator = /\s*(?:[|•·;—–▪■►◆●]|[\p{So}\p{Sm}\p{Co}]+|(?:\\x[0-9a-f]{2})+|\s-\s|\s{2,}|\t)\s*/u
/** A phone number: ten digits or more, or seven after a "+" or an opening bracket; never a postal code. */
const phoneNumber = /(?:[+(]\d|\d)[\d\s().\/-]{5,}\d/g
const isPhone = (run: string) => run.replace(/\D/g, '').length >= (/^[+(]/.test(run) ? 7 : 10)
/** A label inside an item starts another item: "Rosharon, TX 77583 Home: (123) 345-7890". */
const innerLabel = /\s+(?=\p{Lu}[\p{L}.#-]*\s?:(?:\s|$))/u
/** A city written alone, with nothing next to it that agrees with it, must be at least this big. */
const loneCityPopulation = 15_000
/**
 * ... and this big when the name is only one of its other names: GeoNames lists "Bangalore" for
 * Bengaluru, and also surnames such as "Gutierrez" for Tuxtla Gutiérrez.
 */
const loneAlternateNamePopulation = 1_000_000
/** An item longer than this with no region, country or postal code is a sentence ("Currently working in Bangalore"). */
const maxItemWords = 10

/** How much an item says it is the candidate's place: labelled or written with its region, country or postal code (3), a city alone (2), a region or country alone (1). */
type Strength = 0 | 1 | 2 | 3

/**
 * The candidate's address, from the contact lines: the "Address:" label's value, else the first item
 * of the top lines (and of personal or contact sections) that reads as a place written with its
 * region, country or postal code ("Anuppur, Madhya Pradesh", "12 rue de Rivoli, 75004 Paris", "New
 * York, NY 10001"), else the first city written alone, else a region or country alone. Places inside
 * jobs and schools are theirs; a name that is also an ordinary word, a person's name or a job title
 * counts only with a label, region, country or postal code next to it.
 */
export function findAddress(blocks: Block[], labelled: string | undefined, words: Words, context: AddressContext = {}): Address | undefined {
  const lines = contactLines(blocks, words)
  const hint = { countryCode: phoneCountries(lines.map((l) => l.text).join('\n'))[0] ?? context.languageCountry }
  const ordinary = ordinaryWords(context.text ?? lines.map((l) => l.text).join('\n'))
  const items = labelled ? [{ text: labelled, labelled: true }, ...lineItems(lines, words)] : lineItems(lines, words)
  let best: { reading: Reading; strength: Strength } | undefined
  for (const item of items) {
    const reading = words.gazetteer.read(item.text, hint)
    if (!reading) continue
    const strength = item.labelled ? 3 : strengthOf(item.text, reading, words, ordinary)
    if (strength > (best?.strength ?? 0)) best = { reading, strength }
    if (strength === 3) break
  }
  return best ? toAddress(best.reading, words) : undefined
}

/**
 * The lines where the candidate's own place is written: the header, personal and contact sections,
 * and whatever precedes the first section of jobs or schools, up to its first dated entry.
 */
function contactLines(blocks: Block[], words: Words): Line[] {
  const lines: Line[] = []
  let entries = false
  for (const block of blocks) {
    entries ||= entrySections.has(block.section)
    // "Address: Edinburgh" can read as a heading with its value: the value keeps its label.
    if (isAddressLabel(block.heading, words) && block.lines[0]) lines.push({ ...block.lines[0], text: `${block.heading}: ${block.lines[0].text}` }, ...block.lines.slice(1))
    else if (ownSections.has(block.section) && block.section !== 'header') lines.push(...block.lines)
    else if (!entries) {
      // A line with a period ("2019 - 2021") is a job or a school, and so is what follows it.
      const dated = block.lines.findIndex((line) => findDateRanges(line.text, words).length > 0)
      lines.push(...(dated === -1 ? block.lines : block.lines.slice(0, dated)))
      if (dated !== -1) entries = true
    }
  }
  return lines
}

/**
 * A piece cut before each capitalised label it holds, as text whose line breaks were lost runs on:
 * "Harrisburg, Pennsylvania Phone, 717- 980-3461" -> "Harrisburg, Pennsylvania", "Phone, 717- 980-3461".
 */
function splitAtLabels(piece: string, words: Words): string[] {
  const cuts = words.personal
    .find(piece)
    .filter((m) => m.entry.field === 'label' && m.from > 0 && /^\p{Lu}/u.test(m.surface))
    .map((m) => m.from)
  return [0, ...cuts].map((from, i) => piece.slice(from, cuts[i] ?? piece.length))
}

function isAddressLabel(heading: string, words: Words): boolean {
  if (heading === '') return false
  const label = words.personal.find(heading).find((m) => m.entry.field === 'label')
  return (label?.entry.value === 'address' && label.surface.length === heading.length) || words.gazetteer.places.afterLocationLabel(`${heading}:`) === ''
}

/**
 * The items of contact lines that may be a place, labels taken off: what an "Address:" or "Location:"
 * label introduces is labelled; emails, links, phone numbers and other labelled values (date of birth,
 * "Willing to relocate to: ...") are left out. A line ending in a comma goes on on the next line
 * ("Kodungaiyur,\nChennai - 600121"), and a postal code alone joins the item before it.
 */
function lineItems(lines: Line[], words: Words): Array<{ text: string; labelled: boolean }> {
  const items: Array<{ text: string; labelled: boolean }> = []
  const texts = lines.map((l) => l.text).join('\n').replace(/,\s*\n(?!\s*\p{L}[\p{L}.#-]*\s?:)/gu, ', ').split('\n')
  for (const text of texts) {
    const pieces = text
      .replace(linkPattern, '  ')
      .replace(phoneNumber, (run) => (isPhone(run) ? '  ' : run))
      .split(itemSeparator)
      .flatMap((piece) => piece.split(innerLabel))
      .flatMap((piece) => splitAtLabels(piece, words))
    for (const raw of pieces) {
      let item = raw.replace(/^[\s,.:;*-]+|[\s,;:*-]+$/g, '')
      if (item === '' || item.includes('@')) continue
      const label = words.personal.find(item).find((m) => m.entry.field === 'label' && m.from === 0)
      if (label && label.entry.value === 'preferredLocation') break
      if (label && label.entry.value !== 'address') continue
      const afterLabel = label ? item.slice(label.to).replace(/^\s*[:：\-–]?\s*/, '') : words.gazetteer.places.afterLocationLabel(item)
      if (afterLabel !== undefined) item = afterLabel
      if (item === '') continue
      const codes = words.gazetteer.postcodes.find(item)
      const previous = items.at(-1)
      const onlyCodes = codes.length > 0 && !/\p{L}{2}/u.test(codes.reduce((rest, code) => rest.replace(code.code, ' '), item))
      if (onlyCodes && previous) previous.text += ` ${item}`
      else items.push({ text: item, labelled: afterLabel !== undefined })
    }
  }
  return items
}

/**
 * How strongly an item reads as the candidate's place. Supported readings are strong; a city or a
 * region alone must be capitalised, be the whole item (after a street), and not be a word the
 * resume also writes in lower case, a person's name from an email address, a job title, a heading,
 * a personal word ("Male") or a language or nationality.
 */
function strengthOf(item: string, reading: Reading, words: Words, ordinary: Set<string>): Strength {
  if (reading.support.length > 0 && reading.cityText !== '') return 3
  if (item.split(/\s+/).length > maxItemWords) return 0
  if (reading.cityText === '') {
    // A region or a country alone, or both: "Tamil Nadu", "Germany", "Tamil Nadu, India".
    const parts = item.split(/\s*,\s*/)
    const { places } = words.gazetteer
    const named = (part: string) => places.country(part) !== undefined || places.regions(part).length > 0
    return parts.length <= 2 && parts.every((part) => named(part) && /^\p{Lu}/u.test(part) && !ordinary.has(foldKey(part)) && !isOtherWord(part, words)) ? 1 : 0
  }
  const name = reading.cityText
  // The city ends the item, after nothing but a street with its number: "Hauptstraße 5 Berlin", not "Emily Oakley".
  const last = lastPart(item)
  const rest = last.slice(0, Math.max(0, last.length - name.length))
  const whole = foldKey(last).endsWith(foldKey(name)) && (rest.trim() === '' || /\d/.test(rest))
  if (!whole || !/^\p{Lu}/u.test(name) || ordinary.has(foldKey(name)) || isOtherWord(name, words)) return 0
  const ownName = foldKey(reading.location.city) === foldKey(name)
  return reading.population >= (ownName ? loneCityPopulation : loneAlternateNamePopulation) ? 2 : 0
}

function lastPart(item: string): string {
  return item.split(/\s*,\s*/).at(-1)!.trim()
}

function isOtherWord(name: string, words: Words): boolean {
  const covers = (found: Array<{ surface: string }>) => found.some((m) => m.surface.length >= name.length - 1)
  return (
    words.headings.lookup(name) !== undefined ||
    covers(words.titles.index.find(name)) ||
    covers(words.personal.find(name)) ||
    covers(words.languages.find(name)) ||
    covers(words.nationalities.find(name))
  )
}

/**
 * Words a place's name must not be: those the text writes in lower case ("reading", "mobile"), and the
 * parts of email addresses, which are people's names ("jordan.lee@...").
 */
function ordinaryWords(text: string): Set<string> {
  const words = new Set<string>()
  for (const [email] of text.matchAll(/[\w.+-]+@/g)) for (const part of email.split(/[._+\-@\d]+/)) if (part.length > 1) words.add(foldKey(part))
  const prose = text.replace(linkPattern, ' ')
  for (const [word] of prose.matchAll(/(?<![\p{L}\p{N}@.])\p{Ll}[\p{Ll}'-]+(?![\p{L}\p{N}@])/gu)) words.add(foldKey(word))
  return words
}

/** Places a resume names after a "Preferred location" label: "Pune, Maharashtra - Kolkata, West Bengal", "Berlin, München oder Hamburg". */
export function findPreferredLocations(labelled: string | undefined, gazetteer: Words['gazetteer'], countryHint?: string): Place[] {
  if (!labelled) return []
  const hint = countryHint ? { countryCode: countryHint } : {}
  const places: Location[] = []
  for (const chunk of labelled.split(/\s*[;/|]\s*|\s+[-–—]\s+|\s+(?:or|oder|o|ou|lub|and|und|y|et|i|e)\s+/)) {
    // "Pune, Maharashtra" is one place; "Berlin, München" two.
    const whole = gazetteer.read(chunk, hint)
    const found = whole && whole.support.length > 0 ? [whole.location] : chunk.split(/\s*,\s*/).map((part) => gazetteer.resolve(part, hint))
    for (const place of found) if (place && !places.some((p) => p.city === place.city && p.state === place.state && p.countryCode === place.countryCode)) places.push(place)
  }
  return places.map((place) => ({ City: place.city, State: place.state, Country: place.country }))
}

/**
 * The street among what an address writes before its city: from its first part with a number
 * ("Jeff Smith, 19217 Kennemer Drive" -> "19217 Kennemer Drive"), and within that part from the number
 * unless a street word precedes it ("Musterstraße 12", "Calle Mayor 5"; "The Big Peg 120 Vyse Street"
 * -> "120 Vyse Street").
 */
function streetOf(before: string, words: Words): string {
  const parts = before.split(', ')
  const first = parts.findIndex((part) => /\d/.test(part) && /\p{L}{3,}/u.test(parts.slice(parts.indexOf(part)).join(' ')))
  if (first === -1) return ''
  const partWords = parts[first]!.split(' ')
  const number = partWords.findIndex((word) => /\d/.test(word))
  const named = number > 0 && words.gazetteer.places.streetLength(partWords.slice(0, number + 1)) > 0
  return [partWords.slice(named ? 0 : number).join(' '), ...parts.slice(first + 1)].join(', ')
}

function toAddress({ location: place, before }: Reading, words: Words): Address {
  const street = streetOf(before, words)
  return {
    Type: 'Current',
    Street: street,
    City: place.city,
    State: place.state,
    StateIsoCode: place.stateCode,
    Country: place.country,
    CountryCode: place.countryCode,
    ZipCode: place.zipCode,
    Latitude: place.latitude === null ? '' : String(place.latitude),
    Longitude: place.longitude === null ? '' : String(place.longitude),
  }
}
