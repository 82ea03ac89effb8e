import type { Skill } from '../resume-output.js'
import type { Line } from '../sections.js'
import type { SkillEntry } from '../vocab/skills.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { linkPattern } from './contact.js'
import { foldKey } from '../text/fold.js'
import { endIndex, endMonth, formatDate, startIndex } from './dates.js'
import type { Job } from './experience.js'

export interface FoundSkill {
  output: Skill
  entry: SkillEntry
}

/**
 * Skills named anywhere in the resume, one per canonical skill. A skill named inside a job (its header
 * or description) is SkillHaveExp, with the months of those jobs (overlaps counted once) and the end of
 * the latest as LastUsed; elsewhere it is SkillWithoutExp.
 */
export function findSkills(
  lines: Line[],
  jobs: Job[],
  words: Pick<Vocabulary, 'skills' | 'inflections' | 'languages'>,
  now: Date,
  language: string,
  /** Skills the model found (line and text as written): the vocabulary names them when it knows them, else they are kept as written. */
  extra: ReadonlyArray<{ line: number; text: string }> = [],
): FoundSkill[] {
  const inflections = words.inflections.get(language) ?? []
  const found = new Map<string, { entry: SkillEntry; surface: string; alias: string; jobs: Set<Job> }>()
  // Each line as the vocabulary read it, for the model's skills on it.
  const read = new Map<number, { text: string; matches: SkillMatch[] }>()
  for (const line of lines) {
    // In a job's header the employer's name is not a skill: "Rheinland Logistik GmbH", "Pixel SAS".
    // Links and addresses are not skills ("https", "github").
    let text = line.text.replace(linkPattern, (m) => ' '.repeat(m.length))
    for (const job of jobs) {
      const employer = job.output.Employer.EmployerName
      if (employer && job.headerLines.has(line.number)) text = text.replace(employer, ' '.repeat(employer.length))
    }
    const matches = words.skills.index.find(text, undefined, inflections)
    read.set(line.number, { text, matches })
    for (const match of listedOnly(text, matches)) {
      const key = match.entry.canonical
      const known = found.get(key) ?? { entry: match.entry, surface: match.surface, alias: match.alias, jobs: new Set<Job>() }
      for (const job of jobs) if (job.lines.has(line.number)) known.jobs.add(job)
      found.set(key, known)
    }
  }
  for (const skill of extra) {
    // A language is what LanguageKnown holds ("Spanish (B2)"), not a skill the model read as written.
    if (words.languages.find(skill.text).some((m) => m.surface.length >= skill.text.trim().length - 1)) continue
    if (isLetter(skill.text.trim())) {
      const { text, matches } = read.get(skill.line) ?? { text: '', matches: [] }
      if (![...text.matchAll(/\p{L}/gu)].some((m) => m[0] === skill.text.trim() && listedLetter(text, m.index, matches))) continue
    }
    const entry = words.skills.index.lookup(skill.text) ?? { canonical: skill.text, type: 'hard' as const, domain: '' }
    const known = found.get(entry.canonical) ?? [...found.values()].find((f) => foldKey(f.entry.canonical) === foldKey(entry.canonical))
    const into = known ?? { entry, surface: skill.text, alias: skill.text, jobs: new Set<Job>() }
    for (const job of jobs) if (job.lines.has(skill.line)) into.jobs.add(job)
    if (!known) found.set(entry.canonical, into)
  }
  return [...found.values()].map(({ entry, surface, alias, jobs: usedIn }) => {
    const dated = [...usedIn].filter((job) => job.range)
    const lastUsed = dated.map((job) => endMonth(job.range!, now)).sort((a, b) => b.year - a.year || b.month - a.month)[0]
    const months = mergedMonths(dated, now)
    return {
      entry,
      output: {
        Skill: surface,
        FormattedName: entry.canonical,
        Type: entry.type === 'soft' ? 'BehaviorSkill' : 'OperationalSkill',
        Alias: alias !== entry.canonical ? alias : '',
        Evidence: usedIn.size > 0 ? 'SkillHaveExp' : 'SkillWithoutExp',
        ExperienceInMonths: months > 0 ? String(months) : '',
        LastUsed: lastUsed ? formatDate(lastUsed) : '',
      },
    }
  })
}

/** The vocabulary's skills named in a line of text, but a letter that stands in no list (listedLetter). */
export function skillMatches(text: string, words: Pick<Vocabulary, 'skills'>, inflections: ReadonlyArray<readonly [string, string]>): SkillMatch[] {
  return listedOnly(text, words.skills.index.find(text, undefined, inflections))
}

type SkillMatch = ReturnType<Vocabulary['skills']['index']['find']>[number]

const listedOnly = (text: string, matches: SkillMatch[]) =>
  matches.filter((match) => (!isLetter(match.surface) || listedLetter(text, match.from, matches)) && !wordInParenthesis(text, match))

/**
 * A skill whose name is also a word, matched as written, that opens a parenthesis before a lower-case
 * word is the word: a job board's export writes "(Less than 1 year)" after each skill, and that is no
 * stylesheet language.
 */
function wordInParenthesis(text: string, match: SkillMatch): boolean {
  return match.entry.caseSensitive === true && /^\p{Lu}\p{Ll}+$/u.test(match.surface) &&
    /\(\s*$/.test(text.slice(0, match.from)) && /^\s+\p{Ll}/u.test(text.slice(match.to))
}

const isLetter = (text: string) => /^\p{L}$/u.test(text)
const listSeparator = /[,;|•:/]/

/**
 * A skill named by one letter (C, R, D) is one only as an item of a list of skills: "C, C++, Java",
 * "Languages: C", "C and C++". A letter elsewhere is a grade ("Maths (C)"), an initial, a postcode
 * ("D-30457"), a district ("Kadapa(D)"), part of a name ("CONTROL-D", "Computers R Us", "PB&D") or a
 * heading spaced out ("E D U C A T I O N"): nothing may be joined to it, a list separator or another
 * skill must stand next to it (a programming one may be a space away), and the line must name another skill.
 */
function listedLetter(text: string, from: number, matches: readonly SkillMatch[]): boolean {
  if (/[\p{L}\p{N}\-(&.'’]$/u.test(text.slice(0, from)) || /^[\p{L}\p{N}\-)&'’]/u.test(text.slice(from + 1))) return false
  const before = text.slice(0, from).trimEnd()
  const after = text.slice(from + 1).trimStart()
  // "C and C++", columns two spaces apart, or one space before another programming skill ("C C++ Java");
  // one space before any other skill is a phrase ("Class D driving licence").
  const besideSkill = (gap: string, skill: SkillEntry) => /^\s*(?:and|&)\s*$|^\s{2,}$/iu.test(gap) || (/^\s+$/.test(gap) && skill.domain === 'it')
  const listed =
    before === '' || listSeparator.test(before.at(-1)!) || after === '' || listSeparator.test(after[0]!) ||
    matches.some((m) => (m.to < from && besideSkill(text.slice(m.to, from), m.entry)) || (m.from > from && besideSkill(text.slice(from + 1, m.from), m.entry)))
  return listed && matches.some((m) => m.surface.length > 1)
}

function mergedMonths(jobs: Job[], now: Date): number {
  const months = new Set<number>()
  for (const job of jobs) {
    for (let m = startIndex(job.range!.start); m <= endIndex(job.range!, now); m++) months.add(m)
  }
  return months.size
}
