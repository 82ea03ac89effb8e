import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { skillspanDocuments } from '../../eval/convert/skillspan.js'

/** Sentences in SkillSpan's JSON lines format (made up here; the set itself is never copied). */
const sentence = (idx: number, tokens: string[], skill: string[], knowledge: string[]) => JSON.stringify({ idx, tokens, tags_skill: skill, tags_knowledge: knowledge, source: 'tech' })

describe('SkillSpan postings as training documents', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillspan-'))
  writeFileSync(join(dir, 'train.json'), [
    sentence(1, ['Backend', 'Engineer'], ['O', 'O'], ['O', 'O']),
    sentence(1, ['You', 'build', 'services', 'in', 'Go', 'and', 'Postgres'], ['O', 'B', 'I', 'O', 'O', 'O', 'O'], ['O', 'O', 'O', 'O', 'B', 'O', 'B']),
    sentence(2, ['Know', 'cloud', 'infrastructure', 'well'], ['O', 'O', 'O', 'O'], ['O', 'I', 'I', 'O']),
  ].join('\n'))
  const documents = skillspanDocuments(dir)

  it('makes one document per posting, a sentence per line', () => {
    expect(documents.map((d) => d.text)).toEqual(['Backend Engineer\nYou build services in Go and Postgres', 'Know cloud infrastructure well'])
  })

  it('takes the spans of both layers as skills, and labels nothing else', () => {
    expect(documents.map((d) => d.values)).toEqual([{ skill: ['build services', 'Go', 'Postgres'] }, { skill: ['cloud infrastructure'] }])
    expect(documents.every((d) => d.only?.join() === 'skill')).toBe(true)
  })

  it('is empty where the set is not there, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(skillspanDocuments(join(dir, 'missing'))).toEqual([])
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('trains without them'))
    } finally {
      warn.mockRestore()
    }
  })
})
