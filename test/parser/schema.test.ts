import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { JdOutputSchema } from '../../src/parser/jd-output.js'
import { parseJd } from '../../src/parser/jd.js'
import { renderSchemas } from '../../scripts/render-schemas.js'
import { ResumeOutputSchema } from '../../src/parser/resume-output.js'
import { parseResume } from '../../src/parser/resume.js'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url), 'utf8')

describe('parser output schemas', () => {
  it.each(['en', 'de', 'es', 'fr', 'pl', 'it'])('resume and JD outputs (%s) conform to versions 8 and 3', (language) => {
    const resume = v.safeParse(ResumeOutputSchema, parseResume(fixture(`resume-${language}`)))
    expect(resume.issues?.map((i) => i.path?.map((p: { key: unknown }) => p.key).join('.'))).toBeUndefined()
    const jd = v.safeParse(JdOutputSchema, parseJd(fixture(`jd-${language}`)))
    expect(jd.issues?.map((i) => i.path?.map((p: { key: unknown }) => p.key).join('.'))).toBeUndefined()
  })

  it('refuses output that is not a parser output', () => {
    expect(v.safeParse(ResumeOutputSchema, { ResumeParserData: { Name: 'x' } }).success).toBe(false)
    expect(v.safeParse(JdOutputSchema, parseResume(fixture('resume-en'))).success).toBe(false)
  })

  it('is documented in docs/ as JSON Schema exactly as the code has it (npm run docs:schemas)', () => {
    for (const [name, text] of Object.entries(renderSchemas())) {
      expect(readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8'), name).toBe(text)
    }
  })
})
