import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LabelledDocument } from '../../src/parser/model/projection.js'

interface SkillSpanSentence {
  idx: number
  tokens: string[]
  tags_skill: string[]
  tags_knowledge: string[]
  source: string
}

/** The BIO spans of one layer of a sentence, as text (tokens joined by spaces, as the document writes them). */
function spansOf(tokens: readonly string[], tags: readonly string[]): string[] {
  const spans: string[] = []
  let open: string[] | undefined
  tokens.forEach((token, i) => {
    const tag = tags[i] ?? 'O'
    if (tag === 'B' || (tag === 'I' && !open)) {
      if (open) spans.push(open.join(' '))
      open = [token]
    } else if (tag === 'I') open!.push(token)
    else if (open) {
      spans.push(open.join(' '))
      open = undefined
    }
  })
  if (open) spans.push(open.join(' '))
  return spans
}

/**
 * SkillSpan's job postings (Zhang et al., NAACL 2022, CC BY 4.0; ../shared/eval-dev/skillspan) as
 * documents the skill tagger learns from: one per posting, a sentence per line, every span of both
 * layers (SKILL: "work in a team"; KNOWLEDGE: "Python", "cloud infrastructure") a skill. Their skills are
 * labelled completely, where dotin's are not; nothing else is labelled, so the other taggers learn
 * nothing from them (`only`). Empty when the set is not there (a clone without ../shared), which it
 * says on stderr: a model trained so, and any figure measured with one, differs from the shipped one's.
 */
export function skillspanDocuments(dir: string, splits: readonly string[] = ['train', 'dev', 'test']): LabelledDocument[] {
  if (!splits.some((split) => existsSync(join(dir, `${split}.json`)))) {
    console.warn(`SkillSpan's postings are not in ${dir}: the skill tagger trains without them`)
    return []
  }
  const postings = new Map<string, { lines: string[]; skills: string[] }>()
  for (const split of splits) {
    const file = join(dir, `${split}.json`)
    if (!existsSync(file)) continue
    for (const row of readFileSync(file, 'utf8').split('\n')) {
      if (!row.trim()) continue
      const sentence = JSON.parse(row) as SkillSpanSentence
      const key = `${split}:${sentence.source}:${sentence.idx}`
      const posting = postings.get(key) ?? { lines: [], skills: [] }
      posting.lines.push(sentence.tokens.join(' '))
      posting.skills.push(...spansOf(sentence.tokens, sentence.tags_skill), ...spansOf(sentence.tokens, sentence.tags_knowledge))
      postings.set(key, posting)
    }
  }
  return [...postings].map(([name, { lines, skills }]) => ({ name: `skillspan:${name}`, text: lines.join('\n'), values: { skill: [...new Set(skills)] }, only: ['skill'] }))
}
