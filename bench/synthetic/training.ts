import { readdirSync } from 'node:fs'
import type { EntityType } from '../../src/parser/model/entities.js'
import type { LabelledDocument } from '../../src/parser/model/projection.js'
import { list, readTsv, vocabFolder } from '../../src/parser/vocab/tsv.js'
import { seeded } from '../search/random.js'
import { templates } from './generate.js'
import type { LanguageTemplate } from './template.js'

/**
 * Resumes the parser's model is trained on, generated from the project's own vocabularies (titles,
 * skills, degrees, institution words, names) in the six languages, in many layouts: lines, one line
 * (line breaks lost), two columns flattened side by side, job headers before and after their dates,
 * headlines and places above the name. Entity values are drawn from the vocabularies, not from the
 * bench corpus's short lists, so the model learns where entities stand rather than which they are.
 */

type Language = LanguageTemplate['code']

interface Pools {
  titles: string[]
  skills: string[]
  degrees: string[]
  names: Map<Language, { given: string[]; surnames: string[] }>
}

let pools: Pools | undefined

function loadPools(): Pools {
  if (pools) return pools
  const rows = (folder: string) => readdirSync(new URL(`${folder}/`, vocabFolder)).filter((f) => f.endsWith('.tsv')).sort().flatMap((f) => readTsv(`${folder}/${f}`))
  const names = new Map<Language, { given: string[]; surnames: string[] }>()
  for (const row of readTsv('names.tsv')) {
    const entry = names.get(row.lang as Language) ?? { given: [], surnames: [] }
    ;(row.kind === 'given' ? entry.given : entry.surnames).push(...list(row.names))
    names.set(row.lang as Language, entry)
  }
  pools = {
    titles: rows('titles').flatMap((r) => [r.canonical!, ...list(r.aliases)]).filter((t) => t.length > 3),
    skills: rows('skills').flatMap((r) => [r.canonical!, ...list(r.aliases)]).filter((s) => s.length > 1),
    degrees: readTsv('degrees.tsv').flatMap((r) => [r.canonical!, ...list(r.aliases)]).filter((d) => d.length > 1),
    names,
  }
  return pools
}

/** Words that make up employers' and schools' names per language: organisation nouns, legal forms, school patterns. */
const organisations: Record<Language, { nouns: string[]; forms: string[]; schools: string[] }> = {
  en: { nouns: ['Analytics', 'Logistics', 'Software', 'Systems', 'Health', 'Foods', 'Partners', 'Consulting', 'Motors', 'Bank', 'Insurance', 'Media', 'Pharma', 'Energy', 'Retail', 'Technologies', 'Solutions', 'Group', 'Infotech', 'Services'], forms: ['Inc.', 'LLC', 'Ltd', 'Pvt Ltd', 'Limited', 'Corporation', 'Corp.', 'PLC', ''], schools: ['University of {city}', '{city} Institute of Technology', '{surname} College', '{city} State University', '{city} Community College', '{surname} School of Business'] },
  de: { nouns: ['Logistik', 'Software', 'Systeme', 'Maschinenbau', 'Versicherung', 'Bau', 'Technik', 'Handel', 'Medien', 'Energie', 'Consulting', 'Automotive', 'Pharma', 'Elektro'], forms: ['GmbH', 'AG', 'KG', 'GmbH & Co. KG', 'SE', ''], schools: ['Universität {city}', 'Technische Universität {city}', 'Hochschule {city}', 'Fachhochschule {city}', 'IHK {city}', 'Berufsschule {city}'] },
  es: { nouns: ['Logística', 'Sistemas', 'Consultores', 'Construcciones', 'Seguros', 'Alimentación', 'Tecnología', 'Energía', 'Comercial', 'Servicios'], forms: ['S.A.', 'S.L.', 'SL', 'SA', ''], schools: ['Universidad de {city}', 'Universidad Politécnica de {city}', 'Instituto de Educación Secundaria {surname}', 'Universidad Autónoma de {city}', 'Escuela de Negocios {surname}'] },
  fr: { nouns: ['Logistique', 'Systèmes', 'Conseil', 'Industrie', 'Assurances', 'Informatique', 'Distribution', 'Énergie', 'Services', 'Technologies'], forms: ['SAS', 'SA', 'SARL', ''], schools: ['Université de {city}', 'École nationale supérieure de {city}', 'Lycée {surname}', 'Institut universitaire de technologie de {city}', 'École de commerce de {city}'] },
  pl: { nouns: ['Logistyka', 'Systemy', 'Budownictwo', 'Handel', 'Technologie', 'Energetyka', 'Usługi', 'Software', 'Transport'], forms: ['Sp. z o.o.', 'S.A.', 'sp. z o.o.', ''], schools: ['Uniwersytet {city}', 'Politechnika {city}', 'Akademia Ekonomiczna w {city}', 'Technikum nr 3 w {city}', 'Wyższa Szkoła Bankowa w {city}'] },
  it: { nouns: ['Logistica', 'Sistemi', 'Costruzioni', 'Assicurazioni', 'Informatica', 'Alimentari', 'Energia', 'Servizi', 'Tecnologie', 'Meccanica'], forms: ['S.p.A.', 'S.r.l.', 'Srl', 'SpA', ''], schools: ['Università degli Studi di {city}', 'Politecnico di {city}', 'Università di {city}', 'Istituto Tecnico {surname}', 'Liceo Scientifico {surname}'] },
}

const seniority = ['Senior ', 'Junior ', 'Lead ', 'Assistant ', 'Head ', '', '', '', '', '']
const syllables = ['ka', 'ro', 'mi', 'lan', 'de', 'vi', 'tor', 'sa', 'nel', 'bo', 'ra', 'an', 'li', 'mar', 'go', 'shi', 'ven', 'el']

interface Draw {
  t: LanguageTemplate
  pick: <T>(items: readonly T[]) => T
  chance: (p: number) => boolean
  between: (low: number, high: number) => number
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const invented = (d: Draw) => capitalised(Array.from({ length: d.between(2, 3) }, () => d.pick(syllables)).join(''))

function personName(d: Draw, p: Pools): string {
  const names = p.names.get(d.t.code)!
  const given = d.chance(0.75) ? d.pick(names.given) : invented(d)
  const surname = d.chance(0.75) ? d.pick(names.surnames) : invented(d)
  const name = d.chance(0.15) ? `${given} ${d.pick(names.given)} ${surname}` : `${given} ${surname}`
  return d.chance(0.12) ? name.toUpperCase() : name
}

function title(d: Draw, p: Pools): string {
  const written = d.pick(seniority) + d.pick(p.titles)
  return d.chance(0.12) ? written.toUpperCase() : written
}

function employer(d: Draw, p: Pools): string {
  const words = organisations[d.t.code]
  const base = d.pick([
    () => `${invented(d)} ${d.pick(words.nouns)}`,
    () => `${d.pick(p.names.get(d.t.code)!.surnames)} ${d.pick(words.nouns)}`,
    () => `${d.pick(d.t.cities).split(',')[0]} ${d.pick(words.nouns)}`,
    () => invented(d),
    () => `${invented(d)} ${invented(d)}`,
  ])()
  const written = `${base} ${d.pick(words.forms)}`.trim()
  return d.chance(0.1) ? written.toUpperCase() : written
}

function institute(d: Draw, p: Pools): string {
  const city = d.pick(d.t.cities).split(',')[0]!
  return d.pick(organisations[d.t.code].schools).replace('{city}', city).replace('{surname}', d.pick(p.names.get(d.t.code)!.surnames))
}

const pad = (n: number) => String(n).padStart(2, '0')

function dateWriter(d: Draw): (year: number, month: number) => string {
  return d.pick([
    (y: number, m: number) => `${pad(m)}/${y}`,
    (y: number, m: number) => `${d.t.months[m - 1]} ${y}`,
    (y: number, m: number) => `${capitalised(d.t.months[m - 1]!.slice(0, 3))} ${y}`,
    (y: number, m: number) => `${pad(m)}.${y}`,
    (y: number) => `${y}`,
  ])
}

interface Written {
  lines: string[]
  values: Record<EntityType, string[]>
}

/** One job header in one of several layouts; returns its lines. */
function jobHeader(d: Draw, job: { title: string; employer: string; city: string; range: string }): string[] {
  const { title: t, employer: e, city: c, range: r } = job
  return d.pick([
    () => [`${r}  ${t}, ${e}, ${c}`],
    () => [t, `${e}, ${c}`, r],
    () => [`${e} | ${t} | ${r}`],
    () => [r, t, e],
    () => [r, `${e} – ${c}`, t],
    () => [`${t} at ${e} (${r})`],
    () => [t, `${e} - ${c} -`, r],
    () => [`${e}, ${c}`, t, r],
    () => [`${t} - ${e}`, r],
    () => [`${r}: ${t} – ${e}`],
  ])()
}

function resume(d: Draw, p: Pools): Written {
  const { t } = d
  const values: Written['values'] = { name: [], title: [], employer: [], institute: [], degree: [], skill: [] }
  const skill = () => {
    const s = d.pick(p.skills)
    values.skill.push(s)
    return s
  }
  const date = dateWriter(d)
  const name = personName(d, p)
  values.name.push(name)
  const headline = title(d, p)
  const city = d.pick(t.cities)
  const email = `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').trim().split(/\s+/).join('.')}@${t.emailDomain}`

  const top = d.pick([
    () => [name, headline, `${t.labels.email}: ${email}`, city],
    () => [name, `${city} | ${email}`],
    () => [headline, name, email],
    () => [city, name, email],
    () => [`${name} - ${headline}`, email, city],
    () => ['Curriculum Vitae', name, `${t.labels.address}: ${city}`, email],
  ])()
  if (top.some((line) => line.includes(headline))) values.title.push(headline)

  const jobs: string[] = [t.headings.experience]
  let year = 2025 - d.between(0, 3)
  for (let n = d.between(1, 5); n > 0; n--) {
    const job = { title: n === 1 && d.chance(0.5) ? headline : title(d, p), employer: employer(d, p), city: d.pick(t.cities) }
    const start = year - d.between(1, 6)
    const range = `${date(start, d.between(1, 12))} – ${year >= 2025 ? d.pick(t.present) : date(year, d.between(1, 12))}`
    values.title.push(job.title)
    values.employer.push(job.employer)
    jobs.push(...jobHeader(d, { ...job, range }))
    for (let b = d.between(0, 4); b > 0; b--) jobs.push(`• ${d.pick(t.bullets).replace(/\{skill\}/g, skill)}`)
    year = start - d.between(0, 2)
  }

  const schooling: string[] = [t.headings.education]
  for (let n = d.between(1, 2); n > 0; n--) {
    const degree = d.pick(p.degrees) + (d.chance(0.3) ? ` ${d.pick(['in', 'of'])} ${d.pick(p.skills)}` : '')
    const school = institute(d, p)
    values.degree.push(degree)
    values.institute.push(school)
    const end = year - d.between(0, 3)
    schooling.push(...d.pick([
      () => [degree, school, String(end)],
      () => [`${degree}, ${school}, ${end}`],
      () => [`${end - d.between(2, 5)} – ${end}  ${degree}`, school],
      () => [school, `${degree} (${end})`],
    ])())
    year = end - d.between(2, 5)
  }

  const summary = [t.headings.summary, t.summaries.slice(0, d.between(1, 2)).map((s) => s.replace('{title}', headline).replace('{years}', String(d.between(2, 15))).replace(/\{skill\}/g, skill)).join(' ')]
  if (summary[1]!.includes(headline)) values.title.push(headline)
  const skills = [t.headings.skills, ...d.pick([
    () => [Array.from({ length: d.between(4, 12) }, skill).join(', ')],
    () => Array.from({ length: d.between(3, 8) }, () => `• ${skill()}`),
    () => [Array.from({ length: d.between(3, 8) }, () => `${skill()} (${d.between(1, 9)} years)`).join(', ')],
  ])()]
  const languages = [t.headings.languages, ...t.spokenLanguages.slice(0, d.between(1, 3))]

  const order = d.chance(0.7) ? [summary, jobs, schooling, skills, languages] : [summary, schooling, jobs, languages, skills]
  return { lines: [...top, '', ...order.flatMap((part) => [...part, ''])], values }
}

/** The whole text in one line, as many extracted texts are: sections run on with one or two spaces. */
const oneLine = (d: Draw, lines: string[]) => lines.filter(Boolean).join(d.pick([' ', '  ', ' ', ' • ']))

/** Two columns read across: each line of the left column runs on into the line of the right one. */
function twoColumns(left: string[], right: string[]): string[] {
  return Array.from({ length: Math.max(left.length, right.length) }, (_, i) => [left[i] ?? '', right[i] ?? ''].filter(Boolean).join('    '))
}

/**
 * `count` labelled resumes, the six languages in turn, the same for the same seed: 60% in lines, 25% in
 * one line, 15% in two columns flattened (contact, skills and languages on the left).
 */
export function trainingResumes(count: number, seed: number): LabelledDocument[] {
  const p = loadPools()
  const next = seeded(seed)
  const d0 = { pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!, chance: (q: number) => next() < q, between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)) }
  return Array.from({ length: count }, (_, i) => {
    const d: Draw = { ...d0, t: templates[i % templates.length]! }
    const { lines, values } = resume(d, p)
    const layout = next()
    let text: string
    if (layout < 0.25) text = oneLine(d, lines)
    else if (layout < 0.4) {
      const split = lines.indexOf(d.t.headings.experience)
      const skillsAt = lines.indexOf(d.t.headings.skills)
      const left = [...lines.slice(0, Math.max(split, 0)), ...lines.slice(skillsAt)]
      const right = lines.slice(Math.max(split, 0), skillsAt)
      text = twoColumns(left, right).join('\n')
    } else text = lines.join('\n')
    return { name: `synthetic-${d.t.code}-${i}`, text, values }
  })
}
