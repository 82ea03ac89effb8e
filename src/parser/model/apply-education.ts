import type { Schooling } from '../extract/education.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { sameValue } from './apply-jobs.js'
import type { FoundEntity } from './found.js'

type Words = Pick<Vocabulary, 'degrees'>

/** Lines between a degree and its school in an entry ("B.E. in ENC" above "North Maharashtra University"). */
const entryReach = 2

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
 * The education entries of the rules with what the model found in the education section: its schools
 * and degrees fill entries that lack one, in order, and the rest make entries of their own, a degree
 * with the school written within two lines of it.
 */
export function withModelEducation(schooling: readonly Schooling[], found: readonly FoundEntity[], educationLines: ReadonlySet<number>, words: Words): Schooling[] {
  const inSection = found.filter((f) => educationLines.has(f.line))
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
