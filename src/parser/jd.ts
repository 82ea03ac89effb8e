import { findExperienceRequired } from './extract/jd-experience.js'
import { findRequirements } from './extract/jd-requirements.js'
import { findSalaryOffered } from './extract/jd-salary.js'
import { headerSegments, findOrganisation, isOnlyTerm } from './extract/header-parts.js'
import { isWrittenTitle, withoutListMarker } from './extract/written-title.js'
import type { Location } from './geo/gazetteer.js'
import type { JdOutput } from './jd-output.js'
import { detectLanguage, languages } from './language.js'
import type { ParseOptions } from './resume.js'
import { segment, type Line } from './sections.js'
import { cleanText } from './text/clean.js'
import { literalPattern } from './text/literal-pattern.js'
import { restoreLines } from './text/restore-lines.js'
import type { TitleEntry } from './vocab/titles.js'
import { vocabulary, type Vocabulary } from './vocab/vocabulary.js'
import { loadHeaderWords } from './vocab/word-lists.js'

/** A language's usual country: "Valencia" in a Spanish JD is in Spain. */
const languageCountry: Record<string, string | undefined> = { de: 'DE', es: 'ES', fr: 'FR', pl: 'PL', it: 'IT' }

/** "(m/w/d)", "(w/m/d)", "(f/m/x)", "(H/F)", "(K/M)": gender markers of job titles in our markets. */
const genderMarker = /\s*[([]\s*(?:[mwfdhkx]\s*[/|,]\s*){1,3}[mwfdhkx]\s*[)\]]\s*|\s*\b(?:m\/w\/d|w\/m\/d|m\/f\/d|h\/f|f\/h|k\/m|m\/k)\b\s*/gi

/**
 * Parses job description text into output version 3. Pure: text in, structured data out, no I/O.
 *
 * @example
 *   parseJd('Java-Entwickler (m/w/d)\nStandort: München\nMindestens 3 Jahre Berufserfahrung mit Java')
 *     .JDParsedData.ExperienceRequired.MinimumYearsExperience // '3'
 */
export function parseJd(text: string, options: ParseOptions = {}): JdOutput {
  const words = vocabulary()
  const now = options.now ?? new Date()
  const clean = restoreLines(cleanText(text), words)
  const language = detectLanguage(clean)
  const blocks = segment(clean, words, 'jd')
  const all = blocks.flatMap((b) => b.lines)
  const { labels, labelEnds, labelLines } = jdLabels(all, words)
  const countryHint = languageCountry[language]

  const title = findTitle(all, labels.get('title'), words)
  const location = findLocation(all, labels.get('location'), title?.line, words, countryHint)
  const agency = all.some((l) => words.jdLabels.find(l.text).some((m) => m.entry.field === 'agency'))
  const organization = labels.get('company') ?? findOrganisationName(all, title?.line, words) ?? ''
  const requirements = findRequirements(blocks, words, language, labelEnds)
  const experience = findExperienceRequired(all.map((l) => l.text))
  const terms = words.jdTerms.find(clean).map((m) => m.entry.meaning)
  const termOf = (prefix: string) => terms.find((t) => t.startsWith(prefix))?.slice(prefix.length) ?? ''
  // Duties, requirements and benefits mention industries in passing ("health insurance"); the
  // company's own description and the top lines say which one it is in.
  const aboutCompany = blocks.filter((b) => b.section === 'header' || b.section === 'company' || b.section === 'summary')
  const industries = [...new Set(aboutCompany.flatMap((b) => b.lines).flatMap((l) => words.industries.find(l.text)).map((m) => m.entry.name))]
  const entry = title?.entry

  return {
    JDParsedData: {
      OutputVersion: '3',
      JDFileName: options.fileName ?? '',
      ParsingDate: now.toISOString(),
      JDLanguage: { Language: languages[language], LanguageCode: language },
      JobProfile: {
        Title: title?.text ?? '',
        FormattedName: entry?.canonical ?? '',
        Alias: title && title.alias !== entry?.canonical ? title.alias : '',
        RelatedSkills: entry?.skills ?? [],
      },
      Organization: agency ? '' : organization,
      StaffingAgency: agency ? organization : '',
      JobLocation: jobLocation(location, labels.get('location')),
      JobCode: labels.get('jobCode') ?? '',
      JobType: labels.has('jobType') ? jobTypeOf(labels.get('jobType')!, words) || termOf('jobType:') : termOf('jobType:'),
      JobShift: termOf('shift:'),
      WorkMode: termOf('remote:'),
      IndustryType: industries[0] ?? '',
      ContractDuration: labels.get('contractDuration') ?? '',
      Interview: { Type: '', Date: '', Time: '', Location: '' },
      PreferredDemographic: { Nationality: '', AgeLimit: '' },
      ExperienceRequired: {
        MinimumYearsExperience: experience.min === undefined ? '' : String(experience.min),
        MaximumYearsExperience: experience.max === undefined ? '' : String(experience.max),
      },
      SalaryOffered: findSalaryOffered(all.map((l) => l.text), labelLines.get('salary')?.text, words),
      Languages: requiredLanguages(blocks.flatMap((b) => (b.section === 'company' || b.section === 'benefits' ? [] : b.lines)), words),
      Domains: industries,
      Qualifications: requirements.qualifications,
      Certifications: requirements.certifications,
      Skills: requirements.skills,
      Category: entry?.category ?? '',
      SubCategory: entry?.subcategory ?? '',
      JobDescription: clean,
    },
  }
}

/**
 * Values of labelled lines ("Standort: München", "Ref.: 4711") by field, the lines themselves, and
 * where a labelled line's value starts (only a title's value can name skills; "CDI" is a contract).
 */
function jdLabels(lines: Line[], words: Vocabulary) {
  const labels = new Map<string, string>()
  const labelLines = new Map<string, Line>()
  const labelEnds = new Map<number, number>()
  lines.forEach((line, i) => {
    const label = words.jdLabels.find(line.text)[0]
    if (!label || label.entry.field === 'agency' || !/^[\s•\-*#]*$/.test(line.text.slice(0, label.from))) return
    const value = /^\s*[:：]\s*(.+)$/.exec(line.text.slice(label.to))?.[1]?.trim()
    // A title label alone on its line ("## Job title", "Stellenbezeichnung:") heads the line below, when
    // that is short. Only the title's: a "Company" heading is followed by a sentence about the company.
    const below = lines[i + 1]
    const headsBelow = label.entry.field === 'title' && /^[\s:：#*]*$/.test(line.text.slice(label.to)) && below !== undefined && isShortValue(below.text)
    const valueLine = value ? line : headsBelow ? below : undefined
    if (!valueLine) return
    labelEnds.set(valueLine.number, label.entry.field !== 'title' ? valueLine.text.length : value ? label.to : 0)
    if (!labels.has(label.entry.field)) {
      labels.set(label.entry.field, value ?? valueLine.text)
      labelLines.set(label.entry.field, valueLine)
    }
  })
  return { labels, labelEnds, labelLines }
}

/** A field's value on the line below its label: a few words, not a sentence. */
const isShortValue = (text: string) => text.split(/\s+/).length <= 10 && !/[.!?]$/.test(text)

interface FoundTitle {
  text: string
  /** Absent for a title the vocabulary does not know, kept as written. */
  entry?: TitleEntry
  alias: string
  line?: Line
}

/**
 * The title: its label's value, else the first top line that is mostly a known title or reads as a
 * title the vocabulary does not know, else a known title further down. A labelled or top-line title
 * the vocabulary does not know is kept as written, so it is matched as written (a top line only when it
 * has a title's head word, vocab/title-heads.tsv; a label's value unless it names the contract).
 */
function findTitle(lines: Line[], labelled: string | undefined, words: Vocabulary): FoundTitle | undefined {
  const bareOf = (text: string) => withoutListMarker(text.replace(genderMarker, ' ').replace(/\s+/g, ' ').trim())
  const read = (text: string, line?: Line): FoundTitle | undefined => {
    const bare = bareOf(text)
    const match = words.titles.index.find(bare).sort((a, b) => b.surface.length - a.surface.length)[0]
    if (!match) return undefined
    const segment = headerSegments(bare).find((s) => s.includes(match.surface)) ?? match.surface
    return { text: segment, entry: match.entry, alias: match.alias, ...(line ? { line } : {}) }
  }
  const asWritten = (text: string, line?: Line): FoundTitle => ({ text: bareOf(text), alias: '', ...(line ? { line } : {}) })
  // A labelled value the vocabulary does not know is the title as written, unless it is a contract,
  // schedule or work-mode term ("Position: Full-time", "Role: Remote").
  const fromLabel = labelled ? read(labelled) ?? (isOnlyTerm(bareOf(labelled), words.jdTerms) ? undefined : asWritten(labelled)) : undefined
  if (fromLabel) return fromLabel
  for (const line of lines.slice(0, 6)) {
    if (line.text.split(/\s+/).length > 14) continue
    const found = read(line.text, line)
    if (found && found.text.length >= line.text.replace(genderMarker, '').trim().length * 0.4) return found
    if (!found && isWrittenTitle(bareOf(line.text), words.titleHeads) && !/[.!?]$/.test(line.text)) return asWritten(line.text, line)
  }
  for (const line of lines.slice(0, 15)) {
    const found = read(line.text, line)
    if (found) return found
  }
  return undefined
}

let companyWords: { atOrganisation: RegExp; hiring: RegExp } | undefined

/** The title line's "at Acme" and the opening's "Acme is looking for", from vocab/header-words.tsv. */
function companyPatterns() {
  const words = (use: 'jd-joiner' | 'hiring') => loadHeaderWords(use).map(literalPattern).join('|')
  return (companyWords ??= {
    atOrganisation: new RegExp(`\\s(?:${words('jd-joiner')})\\s+(.+)$`, 'i'),
    hiring: new RegExp(`^(?:at\\s+|bei\\s+)?((?:\\p{Lu}[\\p{L}&.\\-]*\\s?){1,4})\\s(?:${words('hiring')})\\b`, 'u'),
  })
}

/** "Java Developer at Acme", a top line with a legal form, or "Acme is looking for / sucht / busca". */
function findOrganisationName(lines: Line[], titleLine: Line | undefined, words: Vocabulary): string | undefined {
  const titleText = titleLine?.text.replace(genderMarker, ' ') ?? ''
  const atOrg = companyPatterns().atOrganisation.exec(titleText)?.[1]
  if (atOrg && !words.gazetteer.resolve(atOrg, { minPopulation: 1000 })) return atOrg.split(/\s*[,|–-]\s/)[0]!.trim()
  for (const line of lines.slice(0, 12)) {
    const organisation = findOrganisation(headerSegments(line.text))
    if (organisation && organisation.split(/\s+/).length <= 6) return organisation
  }
  for (const line of lines.slice(0, 20)) {
    const found = companyPatterns().hiring.exec(line.text)?.[1]?.trim()
    if (found) return found
  }
  return undefined
}

/** The place of work: its label, else a place on the title line, else the first place near the top. */
function findLocation(lines: Line[], labelled: string | undefined, titleLine: Line | undefined, words: Vocabulary, countryHint?: string): Location | undefined {
  const hint = countryHint ? { countryCode: countryHint } : {}
  if (labelled) {
    const place = words.gazetteer.resolve(labelled, hint)
    if (place) return place
  }
  const candidates = [...(titleLine ? [titleLine] : []), ...lines.slice(0, 10)]
  for (const line of candidates) {
    for (const part of headerSegments(line.text.replace(genderMarker, ' '))) {
      if (part.split(/\s+/).length > 4) continue
      const place = words.gazetteer.resolve(part, { minPopulation: 20_000, ...hint })
      if (place?.city) return place
    }
  }
  return undefined
}

function jobLocation(place: Location | undefined, written: string | undefined): JdOutput['JDParsedData']['JobLocation'] {
  return {
    Location: written ?? (place ? [place.city, place.state, place.country].filter(Boolean).join(', ') : ''),
    City: place?.city ?? '',
    State: place?.state ?? '',
    Country: place?.country ?? '',
    IsoCountryCode: place?.countryCode ?? '',
    ZipCode: place?.zipCode ?? '',
    Latitude: place?.latitude === null || place === undefined ? '' : String(place.latitude),
    Longitude: place?.longitude === null || place === undefined ? '' : String(place.longitude),
  }
}

function jobTypeOf(text: string, words: Vocabulary): string {
  return words.jdTerms.find(text).find((m) => m.entry.meaning.startsWith('jobType:'))?.entry.meaning.slice(8) ?? ''
}

/** Languages a JD asks for: named on a line with a level or a word about languages. */
function requiredLanguages(lines: Line[], words: Vocabulary): JdOutput['JDParsedData']['Languages'] {
  const found = new Map<string, { Language: string; LanguageCode: string; Level: string }>()
  const aboutLanguages = /sprach|language|idioma|langue|język|jezyk|lingu|fluent|fließend|fluido|courant|biegł|native|muttersprach|nativo|madrelingua/i
  for (const line of lines) {
    const matches = words.languages.find(line.text)
    if (matches.length === 0) continue
    const level = words.languageLevels.find(line.text)[0]?.entry.level ?? ''
    if (!level && !aboutLanguages.test(line.text)) continue
    for (const match of matches) {
      if (!found.has(match.entry.code)) found.set(match.entry.code, { Language: match.entry.name, LanguageCode: match.entry.code, Level: matches.length === 1 ? level : '' })
    }
  }
  return [...found.values()]
}
