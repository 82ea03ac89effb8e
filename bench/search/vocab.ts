import { foldKey } from '../../src/parser/text/fold.js'
import { readTsv } from '../../src/parser/vocab/tsv.js'
import type { TitleEntry } from '../../src/parser/vocab/titles.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'
import type { Location } from '../../src/parser/geo/gazetteer.js'
import { templates } from '../synthetic/generate.js'
import type { LanguageTemplate } from '../synthetic/template.js'
import { citiesByLanguage } from './cities.js'
import { seeded, shuffled, Zipf } from './random.js'

/** Titles and skills most resumes carry in real life; they lead the Zipf ranks, the rest follow in seeded order. */
const commonTitles = [
  'Software Developer', 'Sales Representative', 'Registered Nurse', 'Accountant', 'Project Manager', 'Customer Service Representative',
  'Administrative Assistant', 'Warehouse Worker', 'Teacher', 'Truck Driver', 'Electrician', 'Marketing Manager', 'Data Analyst',
  'Mechanical Engineer', 'Cashier', 'Java Developer', 'Backend Developer', 'Frontend Developer', 'HR Manager', 'Financial Analyst', 'Store Manager',
]
const commonSkills = [
  'Communication', 'Microsoft Office', 'Teamwork', 'Customer Service', 'Project Management', 'SQL', 'Sales', 'Leadership', 'Problem Solving',
  'Java', 'Python', 'JavaScript', 'Microsoft Excel', 'Time Management', 'Git', 'Accounting', 'Patient Care', 'Docker', 'React', 'Spring Boot',
]

/** Resume languages in the proportions a European + US job board might see. */
const languageShares: Array<[LanguageTemplate['code'], number]> = [['en', 0.35], ['de', 0.2], ['es', 0.15], ['fr', 0.12], ['it', 0.1], ['pl', 0.08]]
const languageNames = { en: 'English', de: 'German', es: 'Spanish', fr: 'French', pl: 'Polish', it: 'Italian' } as const

export interface Degree { name: string; level: string }

export interface Market {
  template: LanguageTemplate
  language: { name: string; code: string }
  share: number
  cities: Zipf<Location>
}

/** Everything the corpus and the queries draw from: the project's vocabularies, ranked for Zipf draws. */
export interface CorpusVocabulary {
  titles: Zipf<TitleEntry>
  skills: Zipf<string>
  degrees: Degree[]
  markets: Market[]
  /** Synthetic employer names: a few big employers, a long tail of small ones. */
  employers: Zipf<string>
}

const ranked = (head: string[], all: string[], seed: number) => {
  const known = new Set(all)
  const first = head.filter((name) => known.has(name))
  const rest = shuffled(seeded(seed), all.filter((name) => !first.includes(name)))
  return [...first, ...rest]
}

export function corpusVocabulary(seed: number): CorpusVocabulary {
  const words = vocabulary()
  const titleNames = ranked(commonTitles, [...new Set([...words.titles.byName.values()].map((t) => t.canonical))], seed)
  const skillNames = ranked(commonSkills, [...new Set([...words.skills.byName.values()].map((s) => s.canonical))], seed + 1)
  const markets = languageShares.map(([code, share]) => ({
    template: templates.find((t) => t.code === code)!,
    language: { name: languageNames[code], code },
    share,
    cities: new Zipf(citiesByLanguage[code].map((name) => {
      const place = words.gazetteer.resolve(name)
      if (!place?.city || place.latitude === null) throw new Error(`the gazetteer does not know ${name}`)
      return place
    })),
  }))
  // 5,000 employers per run: the templates' real-looking names first, then "<last name> <sector> <form>".
  const random = seeded(seed + 2)
  const sectors = ['Logistics', 'Software', 'Consulting', 'Health', 'Retail', 'Energy', 'Foods', 'Bank', 'Engineering', 'Media', 'Systems', 'Services']
  const forms = ['GmbH', 'S.A.', 'SAS', 'S.p.A.', 'Sp. z o.o.', 'Inc.', 'Ltd', 'S.L.', 'AG', 'LLC']
  const employers = new Set(templates.flatMap((t) => t.employers))
  while (employers.size < 5000) {
    const t = templates[Math.floor(random() * templates.length)]!
    employers.add(`${t.lastNames[Math.floor(random() * t.lastNames.length)]} ${sectors[Math.floor(random() * sectors.length)]} ${forms[Math.floor(random() * forms.length)]}`)
  }
  return {
    titles: new Zipf(titleNames.map((name) => words.titles.byName.get(foldKey(name))!), 0.9),
    skills: new Zipf(skillNames, 1),
    degrees: readTsv('degrees.tsv').map((row) => ({ name: row.canonical!, level: row.level! })),
    markets,
    employers: new Zipf(shuffled(random, [...employers]), 1),
  }
}

/** A market drawn by its share. */
export function drawMarket(v: CorpusVocabulary, u: number): Market {
  let sum = 0
  for (const market of v.markets) if (u < (sum += market.share)) return market
  return v.markets.at(-1)!
}
