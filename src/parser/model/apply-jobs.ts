import type { Job } from '../extract/experience.js'
import { checkedEmployer, endsAsSentence } from '../extract/employer.js'
import { foldKey } from '../text/fold.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import type { FoundEntity } from './found.js'

type Words = Pick<Vocabulary, 'titles' | 'skills' | 'gazetteer' | 'dateWords' | 'months' | 'jdLabels' | 'headings'>

/** Lines between a title and the employer written with it ("Analyst" above "Acme Ltd - Pune"). */
const employerReach = 2

const words = (text: string) => new Set(foldKey(text).split(/[^\p{L}\p{N}+#]+/u).filter(Boolean))
/** Whether two values name the same thing: one's words hold the other's. */
export function sameValue(a: string, b: string): boolean {
  const x = words(a)
  const y = words(b)
  if (x.size === 0 || y.size === 0) return false
  const shared = [...x].filter((w) => y.has(w)).length
  return shared === x.size || shared === y.size
}

/** A title as the model found it, with the vocabulary's canonical name when the vocabulary knows it. */
function titleOf(text: string, vocabulary: Words): Pick<Job, 'title'> & { profile: Job['output']['JobProfile'] } {
  const match = vocabulary.titles.index.find(text).sort((a, b) => b.surface.length - a.surface.length)[0]
  // The vocabulary names the title only when its match is most of what the model found ("Senior Java
  // Developer" is a Java Developer; "Java" alone in "Java Team Lead" is not).
  const known = match && match.surface.split(/\s+/).length * 2 >= text.split(/\s+/).length ? match : undefined
  return {
    ...(known ? { title: known.entry } : {}),
    profile: { Title: text, FormattedName: known?.entry.canonical ?? '', Alias: known && known.alias !== known.entry.canonical ? known.alias : '' },
  }
}

/**
 * The jobs of the rules with what the model found in their headers: its title where the rules found
 * none, or one the model's does not contain; its employer where the rules found none. Titles and
 * employers the model found elsewhere on `lines` (jobs written without dates or without an experience
 * heading, a second role at one employer, the headline and summary that name the jobs held) become
 * jobs of their own, without a period, unless a job already has them (on `lines.allowed`; `bullets`
 * are the lines that start with a bullet).
 */
export function withModelJobs(jobs: readonly Job[], entities: readonly FoundEntity[], lines: { allowed: ReadonlySet<number>; bullets: ReadonlySet<number> }, vocabulary: Words): Job[] {
  // A place ("West Bengal", "San Jose") or a date word ("Present") is never an employer, whatever the
  // tagger says, and a label or "at" before one is not part of it.
  const found = entities.flatMap((f) => {
    if (f.type !== 'employer') return [f]
    const text = checkedEmployer(f.text, vocabulary)
    return text ? [{ ...f, text }] : []
  })
  const used = new Set<FoundEntity>()
  const result = jobs.map((job) => {
    const inHeader = found.filter((f) => job.headerLines.has(f.line))
    const title = inHeader.find((f) => f.type === 'title')
    // What the rules or the model read as the title is not the employer, whichever tagger claimed it.
    const titles = [title?.text, job.output.JobProfile.Title].filter((t): t is string => Boolean(t))
    const employer = inHeader.find((f) => f.type === 'employer' && !titles.some((t) => sameValue(f.text, t)))
    for (const f of [title, employer]) if (f) used.add(f)
    let output = job.output
    let entry = job.title
    if (title && !(output.JobProfile.Title && sameValue(output.JobProfile.Title, title.text))) {
      const read = titleOf(title.text, vocabulary)
      output = { ...output, JobProfile: read.profile }
      entry = read.title
    }
    if (employer && !(output.Employer.EmployerName && sameValue(output.Employer.EmployerName, employer.text))) output = { ...output, Employer: { EmployerName: employer.text } }
    return { ...job, output, ...(entry ? { title: entry } : { title: undefined }) } as Job
  })

  // A dated job whose header the rules could not read takes the model's title and employer written
  // next to it: within two lines of its header, nearest first, not in another job's header.
  const headers = new Set(result.flatMap((job) => [...job.headerLines]))
  const nearby = (job: Job, type: FoundEntity['type']) => {
    const distance = (f: FoundEntity) => Math.min(...[...job.headerLines].map((line) => Math.abs(line - f.line)))
    return found
      .filter((f) => f.type === type && !used.has(f) && lines.allowed.has(f.line) && !headers.has(f.line) && distance(f) <= employerReach)
      .sort((a, b) => distance(a) - distance(b) || a.line - b.line)[0]
  }
  for (const [i, job] of result.entries()) {
    if (!job.range) continue
    let output = job.output
    let entry = job.title
    const title = output.JobProfile.Title ? undefined : nearby(job, 'title')
    if (title) {
      used.add(title)
      const read = titleOf(title.text, vocabulary)
      output = { ...output, JobProfile: read.profile }
      entry = read.title
    }
    const employer = output.Employer.EmployerName ? undefined : nearby(job, 'employer')
    if (employer && !sameValue(employer.text, output.JobProfile.Title)) {
      used.add(employer)
      output = { ...output, Employer: { EmployerName: employer.text } }
    }
    if (output !== job.output) result[i] = { ...job, output, ...(entry ? { title: entry } : {}) } as Job
  }

  const rest = found.filter((f) => !used.has(f) && lines.allowed.has(f.line) && (f.type === 'title' || f.type === 'employer'))
  for (const title of rest.filter((f) => f.type === 'title')) {
    if (result.some((job) => sameValue(job.output.JobProfile.Title, title.text))) continue
    const employer = rest.find((f) => f.type === 'employer' && !used.has(f) && Math.abs(f.line - title.line) <= employerReach)
    if (employer) used.add(employer)
    used.add(title)
    // Written with the employer of a dated job that has no title, it is that job's title.
    const host = employer && result.findIndex((job) => job.range && !job.output.JobProfile.Title && sameValue(job.output.Employer.EmployerName, employer.text))
    if (typeof host === 'number' && host >= 0) {
      const read = titleOf(title.text, vocabulary)
      result[host] = { ...result[host]!, output: { ...result[host]!.output, JobProfile: read.profile }, ...(read.title ? { title: read.title } : {}) } as Job
      continue
    }
    result.push(undatedJob(titleOf(title.text, vocabulary), employer?.text ?? '', [title.line, ...(employer ? [employer.line] : [])]))
  }
  // An employer alone makes a job (the employer filter, span-filter.ts, kept only spans that read as one
  // where they stand), except in a bullet or written as a sentence: "• Intégration HTML, CSS" and
  // "Payment services in Java." describe a job.
  for (const employer of rest.filter((f) => f.type === 'employer' && !used.has(f) && !lines.bullets.has(f.line) && !endsAsSentence(f.text))) {
    if (result.some((job) => sameValue(job.output.Employer.EmployerName, employer.text) || sameValue(job.output.JobProfile.Title, employer.text))) continue
    used.add(employer)
    result.push(undatedJob({ profile: { Title: '', FormattedName: '', Alias: '' } }, employer.text, [employer.line]))
  }
  return result
}

function undatedJob(title: ReturnType<typeof titleOf>, employer: string, lines: number[]): Job {
  return {
    ...(title.title ? { title: title.title } : {}),
    lines: new Set(lines),
    headerLines: new Set(lines),
    output: {
      Employer: { EmployerName: employer },
      JobProfile: title.profile,
      Location: { City: '', State: '', Country: '' },
      StartDate: '',
      EndDate: '',
      ExperienceInMonths: '',
      IsCurrentEmployer: 'false',
      JobDescription: '',
    },
  }
}
