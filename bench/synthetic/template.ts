/** What the generator varies for one language: words a resume in that language is written with. */
export interface LanguageTemplate {
  code: 'en' | 'de' | 'es' | 'fr' | 'pl' | 'it'
  headings: { summary: string; experience: string; education: string; skills: string; languages: string }
  labels: { phone: string; email: string; address: string }
  /** January to December. */
  months: string[]
  /** Words for an open-ended job ("present"). */
  present: string[]
  firstNames: string[]
  lastNames: string[]
  cities: string[]
  /** Country calling code, a mobile prefix, and how many digits follow it. */
  phone: { isd: string; prefixes: string[]; digits: number }
  emailDomain: string
  titles: string[]
  employers: string[]
  degrees: string[]
  institutes: string[]
  skills: string[]
  spokenLanguages: string[]
  /** Sentences with {title}, {years} and {skill} holes. */
  summaries: string[]
  bullets: string[]
}
