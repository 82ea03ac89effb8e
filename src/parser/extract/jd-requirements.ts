import type { JdQualification, JdSkill } from '../jd-output.js'
import type { Block, Line } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { linkPattern } from './contact.js'
import { skillMatches } from './skills.js'

type Words = Pick<Vocabulary, 'skills' | 'degrees' | 'jdTerms' | 'inflections'>
export type Need = 'required' | 'preferred'

/**
 * Whether a line of a JD asks for something or would like it: the section decides first ("Nice to
 * have", "Mile widziane", "Gradito" are preferred), then the line's own words ("von Vorteil",
 * "se valorará", "un plus", "is a plus" make a line preferred; "must", "zwingend" keep it required).
 * Lines about the company or the benefits ask for nothing.
 */
export function needOf(block: Block, line: Line, words: Pick<Vocabulary, 'jdTerms'>): Need | undefined {
  if (block.section === 'benefits' || block.section === 'company') return undefined
  const terms = words.jdTerms.find(line.text).map((m) => m.entry.meaning)
  if (terms.includes('required')) return 'required'
  if (terms.includes('preferred') || block.section === 'preferred') return 'preferred'
  return 'required'
}

export interface JdRequirements {
  skills: { Required: JdSkill[]; Preferred: JdSkill[] }
  qualifications: { Required: JdQualification[]; Preferred: JdQualification[] }
  certifications: { Required: string[]; Preferred: string[] }
}

const certificationWords = /\b(?:certifi\w*|certificate|zertifi\w*|certificaci\w*|certificat\w*|certyfik\w*|certificazion\w*|licen[cs]e)\b/i

/**
 * Skills, degrees and certifications a JD asks for, each either required or preferred. A skill named
 * in both kinds of line is required. Certifications are skills named on a line about certificates.
 */
export function findRequirements(blocks: Block[], words: Words, language: string, labelEnds: Map<number, number> = new Map()): JdRequirements {
  const inflections = words.inflections.get(language) ?? []
  const skills = new Map<string, { skill: JdSkill; need: Need }>()
  const degrees = new Map<string, { degree: JdQualification; need: Need }>()
  const certifications = new Map<string, Need>()
  for (const block of blocks) {
    for (const line of block.lines) {
      const need = needOf(block, line, words)
      if (!need) continue
      // On a labelled line ("Lokalizacja: Warszawa") only the value can name a skill.
      const text = line.text.slice(labelEnds.get(line.number) ?? 0).replace(linkPattern, (m) => ' '.repeat(m.length))
      for (const match of skillMatches(text, words, inflections)) {
        const key = match.entry.canonical
        const skill: JdSkill = {
          Skill: match.surface,
          FormattedName: key,
          Type: match.entry.type === 'soft' ? 'BehaviorSkill' : 'OperationalSkill',
          Alias: match.alias !== key ? match.alias : '',
        }
        const known = skills.get(key)
        if (!known || (known.need === 'preferred' && need === 'required')) skills.set(key, { skill, need })
        if (certificationWords.test(text)) certifications.set(key, need === 'required' || certifications.get(key) === 'required' ? 'required' : 'preferred')
      }
      for (const match of words.degrees.find(text)) {
        const key = match.entry.name
        const known = degrees.get(key)
        if (!known || (known.need === 'preferred' && need === 'required')) {
          degrees.set(key, { degree: { Degree: match.surface, NormalizeDegree: key, Level: match.entry.level }, need })
        }
      }
    }
  }
  const split = <T>(items: Array<{ need: Need; value: T }>) => ({
    Required: items.filter((i) => i.need === 'required').map((i) => i.value),
    Preferred: items.filter((i) => i.need === 'preferred').map((i) => i.value),
  })
  return {
    skills: split([...skills.values()].map(({ skill, need }) => ({ need, value: skill }))),
    qualifications: split([...degrees.values()].map(({ degree, need }) => ({ need, value: degree }))),
    certifications: split([...certifications.entries()].map(([name, need]) => ({ need, value: name }))),
  }
}
