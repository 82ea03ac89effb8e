import { de } from './de.js'
import { en } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'
import { it } from './it.js'
import { pl } from './pl.js'
import type { Gold } from '../../eval/gold-format.js'
import type { LanguageTemplate } from './template.js'
import { seeded } from '../search/random.js'

export const templates: LanguageTemplate[] = [en, de, es, fr, pl, it]

/** A synthetic resume and the language it was written in. */
export interface SyntheticResume {
  language: LanguageTemplate['code']
  text: string
  /** What the text says, in the harness's gold format. */
  gold: Gold
}

type Pick = <T>(items: readonly T[]) => T

const ascii = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/ı/g, 'i').toLowerCase().replace(/[^a-z]+/g, '')

/** Months since year 0, to do date arithmetic on whole months. */
type Month = number
const pad = (n: number) => String(n).padStart(2, '0')

function dateFormat(t: LanguageTemplate, pick: Pick): (m: Month) => string {
  return pick([
    (m: Month) => `${pad((m % 12) + 1)}/${Math.floor(m / 12)}`,
    (m: Month) => `${t.months[m % 12]} ${Math.floor(m / 12)}`,
    (m: Month) => `${pad((m % 12) + 1)}.${Math.floor(m / 12)}`,
    (m: Month) => `${Math.floor(m / 12)}`,
  ])
}

/** Fills {holes}; a value given as a function is drawn only when its hole is there. */
function fill(sentence: string, values: Record<string, string | (() => string)>): string {
  return sentence.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key] ?? ''
    return typeof value === 'function' ? value() : value
  })
}

/** The random choices of one resume, shared by the functions that write its parts. */
interface Draw {
  t: LanguageTemplate
  pick: Pick
  between: (low: number, high: number) => number
  date: (m: Month) => string
  /** Every skill written into the text, for the gold labels. */
  skills: Set<string>
  skill: () => string
}

function draw(t: LanguageTemplate, next: () => number): Draw {
  const pick: Pick = (items) => items[Math.floor(next() * items.length)]!
  const skills = new Set<string>()
  const skill = () => {
    const chosen = pick(t.skills)
    skills.add(chosen)
    return chosen
  }
  return { t, pick, between: (low, high) => low + Math.floor(next() * (high - low + 1)), date: dateFormat(t, pick), skills, skill }
}

/** 2–7 jobs, newest first, in one of three layouts, with 3–8 bullets; the first may be open-ended. */
function experience(d: Draw, headline: string, today: Month, gold: Gold): string[] {
  const { t, pick, between, date } = d
  const bullet = pick(['• ', '- ', '▪ '])
  const lines = [t.headings.experience]
  let end: Month | undefined = between(1, 10) <= 7 ? undefined : today - between(1, 12)
  let months = 0
  for (let i = between(2, 7); i > 0; i--) {
    const start = (end ?? today) - between(6, 60)
    const title = lines.length === 1 ? headline : pick(t.titles)
    const employer = pick(t.employers)
    const range = `${date(start)} – ${end === undefined ? pick(t.present) : date(end)}`
    const layout = between(0, 2)
    if (layout === 0) lines.push(`${range}  ${title}, ${employer}, ${pick(t.cities)}`)
    else if (layout === 1) lines.push(title, `${employer}, ${pick(t.cities)}`, range)
    else lines.push(`${employer} | ${title} | ${range}`)
    for (let b = between(3, 8); b > 0; b--) lines.push(bullet + fill(pick(t.bullets), { skill: d.skill }))
    lines.push('')
    if (end === undefined) Object.assign(gold, { currentTitle: title, currentEmployer: employer })
    gold.titles!.push(title)
    gold.employers!.push(employer)
    months += (end ?? today) - start
    end = start - between(0, 4)
  }
  gold.totalExperienceMonths = months
  return lines
}

/** 1–2 degrees, each with its institute on the next line, ending before the first job. */
function education(d: Draw, before: Month, gold: Gold): string[] {
  const lines = [d.t.headings.education]
  let graduated = before - d.between(0, 6)
  for (let n = d.between(1, 2); n > 0; n--) {
    const degree = d.pick(d.t.degrees)
    const institute = d.pick(d.t.institutes)
    lines.push(`${d.date(graduated - d.between(24, 60))} – ${d.date(graduated)}  ${degree}`, institute, '')
    gold.degrees!.push(degree)
    gold.institutes!.push(institute)
    graduated -= d.between(36, 72)
  }
  return lines
}

/**
 * A resume in one language with its gold labels: contact block, summary, 2–7 jobs, 1–2 degrees,
 * skills and languages, in one of several layouts and date formats. The total experience is the sum
 * of the jobs' months as generated (jobs never overlap), "present" being `today`.
 */
export function syntheticResume(t: LanguageTemplate, next: () => number, today: Month): { text: string; gold: Gold } {
  const d = draw(t, next)
  const first = d.pick(t.firstNames)
  const last = d.pick(t.lastNames)
  const headline = d.pick(t.titles)
  const email = `${ascii(first)}.${ascii(last)}@${t.emailDomain}`
  // The subscriber part starts with 2-9: numbers starting 0 or 1 are invalid in some plans (NANP).
  const digits = Array.from({ length: t.phone.digits }, (_, i) => d.between(i === 0 ? 2 : 0, 9)).join('')
  const phone = `${t.phone.isd} ${d.pick(t.phone.prefixes)} ${digits.slice(0, 3)} ${digits.slice(3)}`
  const gold: Gold = { language: t.code, name: `${first} ${last}`, emails: [email], phones: [phone], titles: [], employers: [], institutes: [], degrees: [] }

  const jobs = experience(d, headline, today, gold)
  const firstJob = today - (gold.totalExperienceMonths ?? 0)
  const years = String(Math.max(1, Math.round((gold.totalExperienceMonths ?? 0) / 12)))
  const summary = t.summaries.slice(0, d.between(1, 3)).map((s) => fill(s, { title: headline, years, skill: d.skill }))
  const skills = [...new Set(Array.from({ length: d.between(5, 14) }, d.skill))]
  const lines = [
    `${first} ${last}`, headline, `${t.labels.phone}: ${phone}`, `${t.labels.email}: ${email}`, `${t.labels.address}: ${d.pick(t.cities)}`, '',
    t.headings.summary, summary.join(' '), '',
    ...jobs,
    ...education(d, firstJob, gold),
    t.headings.skills, skills.join(', '), '',
    t.headings.languages, ...t.spokenLanguages.slice(0, d.between(2, 4)),
  ]
  return { text: lines.join('\n'), gold: { ...gold, skills: [...d.skills] } }
}

/** `count` resumes, the six languages in turn, the same for the same seed. */
export function syntheticCorpus(count: number, seed: number, today: Date): SyntheticResume[] {
  const next = seeded(seed)
  const month = today.getUTCFullYear() * 12 + today.getUTCMonth()
  return Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length]!
    return { language: template.code, ...syntheticResume(template, next, month) }
  })
}
