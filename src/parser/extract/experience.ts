import type { Location } from '../geo/gazetteer.js'
import type { Experience } from '../resume-output.js'
import { isDottedAbbreviation } from '../text/abbreviation.js'
import { foldKey } from '../text/fold.js'
import type { Line } from '../sections.js'
import type { TitleEntry } from '../vocab/titles.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { endMonth, findDateRanges, formatDate, monthsIn, startIndex, withoutOpenEnd, type DateRange } from './dates.js'
import { findOrganisation, hasLegalForm, headerSegments, isOnlyTerm, resolvePlace, standsAsState } from './header-parts.js'
import { isWrittenTitle, withoutListMarker } from './written-title.js'

/** One job as read from the experience section, with what later steps need (lines, period). */
export interface Job {
  output: Experience
  title?: TitleEntry
  range?: DateRange
  /** Line numbers of the job's header and description, for skills' evidence. */
  lines: Set<number>
  /** Line numbers of the header alone: the employer's name there is not a skill ("Logistik GmbH"). */
  headerLines: Set<number>
}

type Words = Pick<Vocabulary, 'titles' | 'titleHeads' | 'months' | 'dateWords' | 'gazetteer' | 'jdTerms' | 'jdLabels'>

const maxHeaderWords = 16
const isBullet = (text: string) => /^(?:•|-\s|–\s|\d+[.)]\s)/.test(text)
/** A header line may end with a legal form's or a dotted abbreviation's period ("Acme Ltd.", "Comarch S.A."), not a sentence's. */
function endsSentence(text: string): boolean {
  const last = text.slice(text.lastIndexOf(' ') + 1)
  return /[.!?]$/.test(text) && !hasLegalForm(last) && !isDottedAbbreviation(last.slice(0, -1))
}
const isShort = (text: string) => text.split(/\s+/).length <= maxHeaderWords && !endsSentence(text) && !isBullet(text)

/**
 * Jobs of the experience section. A job hangs on its period ("03/2019 – heute"); its header is the
 * period's line and the short, non-bullet lines right around it (title, employer, place in any order
 * and layout), and its description runs until the next job's header.
 */
export function findJobs(lines: Line[], words: Words, now: Date, countryHint?: string): Job[] {
  const dated = lines.flatMap((line, i) => {
    const range = findDateRanges(line.text, words)[0]
    return range ? [{ i, range }] : []
  })
  if (dated.length === 0) return undatedJobs(lines, words)

  const headers = dated.map(({ i }, k) => {
    const floor = k === 0 ? 0 : dated[k - 1]!.i + 1
    const header = [i]
    // Upwards: title or employer lines written above the period.
    for (let j = i - 1; j >= floor && j >= i - 2; j--) {
      if (!isShort(lines[j]!.text) || !isHeaderLike(lines[j]!.text, words)) break
      header.unshift(j)
    }
    return header
  })
  // Downwards: up to two short lines after the period that read like a title, employer or place.
  headers.forEach((header, k) => {
    const ceiling = k + 1 < headers.length ? headers[k + 1]![0]! : lines.length
    for (let j = dated[k]!.i + 1; j < ceiling && j <= dated[k]!.i + 2; j++) {
      if (!isShort(lines[j]!.text) || !isHeaderLike(lines[j]!.text, words)) break
      header.push(j)
    }
  })

  return dated.map(({ i, range }, k) => {
    const header = headers[k]!
    const end = k + 1 < headers.length ? headers[k + 1]![0]! : lines.length
    const description = lines.slice(header[header.length - 1]! + 1, end)
    const headerLines = new Set(header.map((n) => lines[n]!.number))
    const lineNumbers = new Set([...headerLines, ...description.map((l) => l.number)])
    const headerText = header
      .map((n) => (n === i ? withoutPeriodLabel(lines[n]!.text.slice(0, range.from), words) + ' | ' + lines[n]!.text.slice(range.to) : lines[n]!.text))
      .join(' | ')
    return buildJob(headerText, description.map((l) => l.text).join('\n'), range, lineNumbers, headerLines, words, now, countryHint)
  })
}

/**
 * Whether lines read as a list of jobs: two periods or more, each with a job title on its line or the
 * line right before or after it. A certificate's or an award's year is no period.
 */
export function readsAsJobs(lines: readonly Line[], words: Pick<Words, 'titles' | 'titleHeads' | 'months' | 'dateWords'>): boolean {
  const titled = (text: string | undefined) => text !== undefined && (words.titles.index.find(text).length > 0 || headerSegments(text).some((s) => isWrittenTitle(s, words.titleHeads)))
  const jobs = lines.filter((line, i) => findDateRanges(line.text, words).length > 0 && [lines[i - 1]?.text, line.text, lines[i + 1]?.text].some(titled))
  return jobs.length >= 2
}

/**
 * The text before a period without the label that names it ("Duration:", "Period:", "Zeitraum:"): a
 * word or three right before the period, ending with a colon, is neither a title nor an employer,
 * unless they name a title ("Java Developer: 2018 – 2020").
 */
function withoutPeriodLabel(before: string, words: Words): string {
  const label = /(?:^|(?<=[|•,;(]\s*))(\p{L}+(?:\s\p{L}+){0,2})\s*:\s*$/u.exec(before)
  if (!label || words.titles.index.find(label[1]!).length > 0 || isWrittenTitle(label[1]!, words.titleHeads)) return before
  return before.slice(0, label.index)
}

/** Without any period, each short line naming a job title starts a job. */
function undatedJobs(lines: Line[], words: Words): Job[] {
  const starts = lines.flatMap((line, i) => (isShort(line.text) && words.titles.index.find(line.text).length > 0 ? [i] : []))
  return starts.map((i, k) => {
    const end = starts[k + 1] ?? lines.length
    const description = lines.slice(i + 1, end)
    return buildJob(lines[i]!.text, description.map((l) => l.text).join('\n'), undefined,
      new Set([lines[i]!.number, ...description.map((l) => l.number)]), new Set([lines[i]!.number]), words, new Date(), undefined)
  })
}

function isHeaderLike(text: string, words: Words): boolean {
  if (words.titles.index.find(text).length > 0) return true
  const segments = headerSegments(text)
  return findOrganisation(segments) !== undefined || segments.some((s) => isWrittenTitle(s, words.titleHeads) || resolvePlace(s, words.gazetteer) !== undefined)
}

function buildJob(headerText: string, description: string, range: DateRange | undefined, lines: Set<number>, headerLines: Set<number>, words: Words, now: Date, countryHint?: string): Job {
  // "Company: Acme", "Position: Analyst": a label before a value is not part of it, nor "Present:".
  const segments = headerSegments(headerText).map((segment) => withoutListMarker(withoutOpenEnd(withoutLabel(segment, words), words))).filter(Boolean)
  // "Cohen & Foster, PA", "Pittsburgh, PA": a state or a legal form, not a physician assistant ("Mercy Hospital, RN" is a nurse).
  const asState = (m: { from: number; to: number; surface: string }) => standsAsState(headerText, m) && words.gazetteer.places.regions(m.surface).length > 0
  const titleMatch = words.titles.index.find(headerText).filter((m) => !asState(m)).sort((a, b) => b.surface.length - a.surface.length)[0]
  // A title the vocabulary does not know is kept as written (JobProfile.Title, no FormattedName), so
  // that it is searchable and matched as written rather than read as the employer.
  const written = titleMatch
    ? segments.find((s) => s.includes(titleMatch.surface)) ?? titleMatch.surface
    : segments.find((s) => isWrittenTitle(s, words.titleHeads) && resolvePlace(s, words.gazetteer, countryHint) === undefined) ?? ''
  // A sentence around the title ("Worked as Software Engineer with ...") is not the title.
  const titleSegment = titleMatch && written.split(/\s+/).length > titleMatch.surface.split(/\s+/).length + 3 ? titleMatch.surface : written
  const rest = segments.filter((s) => s !== titleSegment && !isOnlyTerm(s, words.jdTerms))
  // "Programistka Java Comarch S.A.": what stands beside the title in its segment may be the employer,
  // when it carries a legal form (never a seniority word like "Senior").
  const besideTitle = titleMatch ? titleSegment.replace(titleMatch.surface, '|').split('|').map((p) => p.trim()).filter(Boolean) : []
  const employerBeside = findOrganisation(besideTitle)
  if (employerBeside) rest.unshift(employerBeside)

  const organisation = findOrganisation(rest)
  // Several segments may name places ("Carrefour, Paris": Carrefour is also a city in Haiti). The one
  // in the resume's country wins, else the last: headers write the employer before the city.
  const places = rest.filter((s) => s !== organisation).flatMap((segment) => resolvePlace(segment, words.gazetteer, countryHint) ?? [])
  const location = townInRegion(rest, words.gazetteer) ?? places.find((p) => p.place.countryCode === countryHint) ?? places.at(-1)
  const employer = organisation ?? rest.find((s) => s !== location?.segment && /\p{Lu}/u.test(s) && s.split(/\s+/).length <= 8) ?? ''

  const current = range?.end === 'present'
  return {
    title: titleMatch?.entry,
    range,
    lines,
    headerLines,
    output: {
      Employer: { EmployerName: employer },
      JobProfile: {
        Title: titleSegment,
        FormattedName: titleMatch?.entry.canonical ?? '',
        Alias: titleMatch && titleMatch.alias !== titleMatch.entry.canonical ? titleMatch.alias : '',
      },
      Location: { City: location?.place.city ?? '', State: location?.place.state ?? '', Country: location?.place.country ?? '' },
      StartDate: range ? formatDate(range.start) : '',
      EndDate: range ? formatDate(endMonth(range, now), range.end === 'present' ? now.getDate() : undefined) : '',
      ExperienceInMonths: range ? String(monthsIn(range, now)) : '',
      IsCurrentEmployer: current ? 'true' : 'false',
      JobDescription: description,
    },
  }
}

/**
 * A town followed by its region or state names one place ("Tampa, Florida", "Austin, TX"): read alone,
 * the region may be a town of its own elsewhere (Florida, Cuba). The town's segment stands for both.
 */
function townInRegion(segments: readonly string[], gazetteer: Words['gazetteer']): { segment: string; place: Location } | undefined {
  for (let k = 1; k < segments.length; k++) {
    const [town, region] = [segments[k - 1]!, segments[k]!]
    const regions = gazetteer.places.regions(region)
    if (regions.length === 0 || gazetteer.cities.lookup(town).length === 0) continue
    const place = gazetteer.resolve(`${town}, ${region}`, { minPopulation: 1000 })
    // The town must lie in that region ("Carrefour, Paris" is an employer and a city, not Carrefour in Haiti).
    const inRegion = place && regions.some((r) => r.countryCode === place.countryCode && (r.code === place.stateCode || foldKey(r.name) === foldKey(place.state)))
    if (place && inRegion && foldKey(place.city) === foldKey(town)) return { segment: town, place }
  }
  return undefined
}

/** "Company: Acme" -> "Acme": a label of vocab/jd-labels.tsv before a value is no part of it (an agency's label is kept). */
export function withoutLabel(segment: string, words: Pick<Vocabulary, 'jdLabels'>): string {
  const label = words.jdLabels.find(segment)[0]
  if (!label || label.from > 0 || label.entry.field === 'agency') return segment
  const rest = segment.slice(label.to)
  return /^\s*[:：]/.test(rest) ? rest.replace(/^\s*[:：]\s*/, '').trim() : segment
}

/** Months worked, counting overlapping jobs once. */
export function totalMonths(jobs: Job[], now: Date): number {
  const spans = jobs
    .filter((job) => job.range)
    .map((job) => {
      const start = startIndex(job.range!.start)
      return [start, start + monthsIn(job.range!, now) - 1] as [number, number]
    })
    .sort((a, b) => a[0] - b[0])
  let total = 0
  let current: [number, number] | undefined
  for (const span of spans) {
    if (current && span[0] <= current[1] + 1) current[1] = Math.max(current[1], span[1])
    else {
      if (current) total += current[1] - current[0] + 1
      current = [...span]
    }
  }
  if (current) total += current[1] - current[0] + 1
  return total
}

/** The bucket for facets and sorting. */
export function experienceRange(months: number): string {
  const years = months / 12
  if (years < 1) return 'Less than 1 year'
  if (years < 3) return '1 to 3 years'
  if (years < 5) return '3 to 5 years'
  if (years < 10) return '5 to 10 years'
  if (years < 15) return '10 to 15 years'
  return 'More than 15 years'
}

/** The current job: one that runs to the present (the latest started), else the one that ended last. */
export function currentJob(jobs: Job[], now: Date): Job | undefined {
  const dated = jobs.filter((job) => job.range)
  const running = dated.filter((job) => job.range!.end === 'present')
  const pool = running.length > 0 ? running : dated
  return pool.sort((a, b) => {
    const ea = endMonth(a.range!, now)
    const eb = endMonth(b.range!, now)
    return eb.year - ea.year || eb.month - ea.month || b.range!.start.year - a.range!.start.year
  })[0] ?? jobs[0]
}
