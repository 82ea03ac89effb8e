import { maxDegreeWords } from '../extract/degree-field.js'
import { aboutSchool, namesBody, namesPost, onlySchoolWords, type Schooling } from '../extract/education.js'
import { startsLowerCase } from '../text/name-case.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { sameValue } from './apply-jobs.js'
import type { FoundEntity } from './found.js'

type Words = Pick<Vocabulary, 'degrees' | 'institutionWords' | 'schoolBodies' | 'gazetteer' | 'skills' | 'titleHeads' | 'joiningWords'>

/** Lines between a degree and its school in an entry ("B.E. in ENC" above "North Maharashtra University"). */
const entryReach = 2

/**
 * The model's degrees a resume may name before only those the vocabulary knows are kept: 97% of dotin's
 * CVs name at most six, while a page of publications or course notes read as education gives dozens.
 */
const mostDegrees = 8

/** What may follow a degree written in lower case: nothing, its field in parentheses, or a preposition of the six languages. */
const fieldFollows = /^(?:$|\s*\(|\s+(?:in|of|en|de|di|del|della|der|des|du|im|z|ze|w)\s|\s+d['’])/

/**
 * What the model reads as a degree and no degree is: a link, a place alone ("India", "Kokomo, In"), a
 * phrase whose only degrees are inside skills ("MS SQL", "MS Excel": Microsoft, not a Master of
 * Science), or a list of skills with no degree ("HTML, Java Server pages"). A field of study alone
 * ("Physical Education", "PGDM in Marketing") is kept: it reads as skills too. The employer's checks
 * (extract/employer.ts isPlace, onlySkills) are stricter than a degree can bear: a town alone there is
 * a field here ("Commerce"), and a field of study is all skills to them.
 */
function notDegreeText(text: string, words: Words): boolean {
  if (/\bwww\.|https?:|@|\.com\b/i.test(text)) return true
  const skills = words.skills.index.find(text)
  const found = words.degrees.find(text)
  // In lower case, a degree the vocabulary knows must open the phrase, alone or before its field
  // ("b.tech in computer science", "master en informatique", "magister inżynier z informatyki").
  if (startsLowerCase(text) && !found.some((d) => d.from === 0 && fieldFollows.test(text.slice(d.to)))) return true
  const degrees = found.filter((d) => !skills.some((s) => s.from <= d.from && d.to <= s.to))
  if (degrees.length > 0) return false
  if (found.length > 0) return true
  const name = text.replace(/[.,;:]+$/, '').trim()
  if (words.gazetteer.places.country(name) || (/^[^,]+,\s*\p{L}{2}$/u.test(name) && words.gazetteer.cities.lookup(name.split(',')[0]!.trim()).length > 0)) return true
  const letters = (t: string) => t.replace(/[^\p{L}\p{N}+#]/gu, '').length
  return skills.length > 1 && /[,;|]/.test(text) && skills.reduce((sum, s) => sum + letters(text.slice(s.from, s.to)), 0) * 2 >= letters(text)
}

/**
 * Whether a school the model read names one: with a school word and a name ("Anna University", "Lycée
 * Henri-IV") or a short acronym ("IIT Bombay", "MIT"). Without either, the taggers' schools are mostly
 * places ("Los Angeles", "Karnataka State") or fields of study ("Commerce") (docs/accuracy.md).
 */
function namesSchool(text: string, words: Words): boolean {
  const schools = words.institutionWords.find(text)
  if (schools.length > 0) return !onlySchoolWords(text, schools, words.joiningWords)
  // In capitals every word looks like an acronym: then only a word alone is one.
  if (text === text.toUpperCase()) return /^\p{Lu}{2,6}$/u.test(text.trim())
  return /(?<![\p{L}\p{N}])\p{Lu}{2,6}(?![\p{L}\p{N}])/u.test(text)
}

/**
 * Whether a "degree" is the school: one with a school word and no degree the vocabulary knows
 * ("Hochschule für Technik"), or whose only degree is a school word after the school's name ("Juno
 * High School", "Convent Girls' High School": "High School" is also a degree).
 */
function namesSchoolOnly(text: string, words: Words): boolean {
  const schools = words.institutionWords.find(text)
  if (schools.length === 0) return false
  const degrees = words.degrees.find(text)
  if (degrees.length === 0) return true
  const inSchool = degrees.every((d) => schools.some((s) => s.from <= d.from && d.to <= s.to))
  return inSchool && /\p{Lu}/u.test(text.slice(0, schools[0]!.from))
}

function degreeOf(text: string, words: Words): Schooling['output']['Degree'] & { entry?: Schooling['degree'] } {
  const known = words.degrees.find(text)[0]?.entry
  return { DegreeName: text, NormalizeDegree: known?.name ?? '', Level: known?.level ?? '', ...(known ? { entry: known } : {}) }
}

function entry(degree: FoundEntity | undefined, institute: FoundEntity | undefined, words: Words): Schooling {
  const { entry: known, ...Degree } = degree ? degreeOf(degree.text, words) : { DegreeName: '', NormalizeDegree: '', Level: '' }
  return {
    ...(known ? { degree: known } : {}),
    output: { Institution: { Name: institute?.text ?? '', Location: { City: '', State: '', Country: '' } }, Degree, StartDate: '', EndDate: '' },
  }
}

/**
 * The education entries of the rules with what the model found: its schools and degrees fill entries
 * that lack one, in order, and the rest make entries of their own, a degree with the school written
 * within two lines of it. In the education section every school and degree the model found counts;
 * on `other` lines (texts whose education heading was not found) only those the vocabularies back, a
 * degree they know or a school word: elsewhere the model's guesses are mostly summary phrases. Among
 * the jobs (`experience`), where schools are employers too, only a degree the vocabulary knows and a
 * school on its line.
 */
export function withModelEducation(schooling: readonly Schooling[], found: readonly FoundEntity[], lines: { education: ReadonlySet<number>; other: ReadonlySet<number>; experience?: ReadonlySet<number> }, words: Words): Schooling[] {
  const backed = (f: FoundEntity) => (f.type === 'degree' ? words.degrees.find(f.text).length > 0 : words.institutionWords.find(f.text).length > 0)
  const read = found.map((f) => (f.type === 'degree' && namesSchoolOnly(f.text, words) ? { ...f, type: 'institute' as const } : f))
  // Nor is a year ("April 1990"), a place ("Boston, MA", "MD 21222": MA and MD are also degrees) or a
  // sentence ("Dissertation: An Analysis of ...") a degree.
  const notDegree = (f: FoundEntity) =>
    f.type === 'degree' && (f.text.split(/\s+/).length > maxDegreeWords || /\b(?:19|20)\d\d\b/.test(f.text) || /^[A-Z]{2}\s+\d{4,5}$/.test(f.text) || words.gazetteer.places.regions(f.text).length > 0 || notDegreeText(f.text, words))
  const notInstitute = (f: FoundEntity) => f.type === 'institute' && (startsLowerCase(f.text) || !namesSchool(f.text, words) || aboutSchool(f.text, words.institutionWords.find(f.text)) || namesPost(f.text, words) || namesBody(f.text, words))
  const kept = read.filter((f) => !notDegree(f) && !notInstitute(f))
  // An education entry under a heading the parser did not know stands in the job section before it
  // ("Qualifications:", a two-column heading row read across): there a degree the vocabulary knows
  // counts, and a school written on its line.
  const entryLines = new Set(kept.filter((f) => f.type === 'degree' && lines.experience?.has(f.line) && backed(f)).map((f) => f.line))
  const placed = kept.filter((f) => lines.education.has(f.line) || (lines.other.has(f.line) && backed(f)) || (entryLines.has(f.line) && (f.type === 'institute' || backed(f))))
  const inSection = placed.filter((f) => f.type === 'degree').length > mostDegrees ? placed.filter((f) => f.type !== 'degree' || backed(f)) : placed
  const known = (f: FoundEntity) =>
    schooling.some((s) => sameValue(f.type === 'institute' ? s.output.Institution.Name : s.output.Degree.DegreeName, f.text))
  const institutes = inSection.filter((f) => f.type === 'institute' && !known(f))
  const degrees = inSection.filter((f) => f.type === 'degree' && !known(f))
  const result = schooling.map((s) => {
    let output = s.output
    let degree = s.degree
    if (!output.Institution.Name && institutes.length > 0) output = { ...output, Institution: { ...output.Institution, Name: institutes.shift()!.text } }
    if (!output.Degree.DegreeName && degrees.length > 0) {
      const { entry: read, ...Degree } = degreeOf(degrees.shift()!.text, words)
      output = { ...output, Degree }
      degree = read
    }
    return { output, ...(degree ? { degree } : {}) }
  })
  for (const degree of degrees) {
    const at = institutes.findIndex((i) => Math.abs(i.line - degree.line) <= entryReach)
    result.push(entry(degree, at >= 0 ? institutes.splice(at, 1)[0] : undefined, words))
  }
  for (const institute of institutes) result.push(entry(undefined, institute, words))
  return result
}
