import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jobresqaExamples } from '../../eval/convert/jobresqa.js'
import { goldFromSpans, spansAt } from '../../eval/convert/labels.js'
import { labelStudioExamples } from '../../eval/convert/label-studio.js'
import { spacyExamples } from '../../eval/convert/spacy.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-convert-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('spans to gold', () => {
  it('takes the first name, distinct list values in order, and leaves unlabelled fields out', () => {
    const spans = [
      { type: 'who', text: 'Rosa  Lindqvist' },
      { type: 'who', text: 'R. Lindqvist' },
      { type: 'tool', text: 'Excel' },
      { type: 'tool', text: 'SAP\nFI' },
      { type: 'tool', text: 'Excel' },
    ]
    const gold = goldFromSpans(spans, { name: ['who'], lists: { skills: ['tool'], titles: ['role'] } }, { language: 'en' })
    expect(gold).toEqual({ language: 'en', name: 'Rosa Lindqvist', skills: ['Excel', 'SAP FI'] })
  })

  it('cuts spans at end-exclusive offsets, in text order', () => {
    const text = 'Lead Engineer at Fjordline'
    expect(spansAt(text, [{ start: 17, end: 26, type: 'org' }, { start: 0, end: 13, type: 'title' }])).toEqual([
      { type: 'title', text: 'Lead Engineer' },
      { type: 'org', text: 'Fjordline' },
    ])
  })
})

describe('Label Studio export', () => {
  it('uses the first usable annotation per task and skips unannotated and repeated texts', () => {
    const text = 'Tomas Brandt  Mechanical Engineer  Halvorsen Pumps  B.Tech  Delta Institute of Technology  AutoCAD'
    const at = (span: string, label: string) => ({ type: 'labels', value: { start: text.indexOf(span), end: text.indexOf(span) + span.length, labels: [label] } })
    const tasks = [
      {
        id: 7,
        data: { text },
        annotations: [
          { was_cancelled: true, result: [at('Tomas', 'designation')] },
          {
            result: [
              at('Mechanical Engineer', 'designation'), at('Halvorsen Pumps', 'company_name'), at('B.Tech', 'higher_education'),
              at('Delta Institute of Technology', 'place_higher_education'), at('AutoCAD', 'technical_skills'), at('Tomas Brandt', 'analyzing'),
            ],
          },
        ],
      },
      { id: 8, data: { text: 'nobody labelled this' }, annotations: [] },
      { id: 9, data: { text }, annotations: [{ result: [at('AutoCAD', 'technical_skills')] }] },
    ]
    writeFileSync(join(dir, 'share_export.json'), JSON.stringify(tasks))
    expect(labelStudioExamples(dir)).toEqual([
      {
        name: 'ls-7',
        text,
        gold: { titles: ['Mechanical Engineer'], employers: ['Halvorsen Pumps'], institutes: ['Delta Institute of Technology'], degrees: ['B.Tech'], skills: ['AutoCAD'] },
      },
    ])
  })
})

describe('spaCy NER files', () => {
  it('makes one example per text chunk with name and skills', () => {
    const chunk = 'Mai Linh Tran  Skills: React, Node.js'
    writeFileSync(
      join(dir, '12.json'),
      JSON.stringify({ classes: ['PERSON_NAME', 'SKILL'], annotations: [[chunk, { entities: [[0, 13, 'PERSON_NAME'], [23, 28, 'SKILL'], [30, 37, 'SKILL']] }], ['no labels', { entities: [] }]] }),
    )
    expect(spacyExamples(dir)).toEqual([
      { name: '12-0', text: chunk, gold: { name: 'Mai Linh Tran', skills: ['React', 'Node.js'] } },
      { name: '12-1', text: 'no labels', gold: {} },
    ])
  })
})

describe('JobResQA resumes', () => {
  it('makes one English example per resume with its labelled title as the current one, "Unknown" left out', () => {
    const header = 'example_id\tresume_id\tresume\tjd_id\tjd\tquestion\tresume_job_title'
    const rows = [
      '1\t007\t"[NAME]\nHead Florist, Petal & Stem"\t42\tFlorist wanted\tWhich is the current job?\tHead Florist',
      '2\t007\t"[NAME]\nHead Florist, Petal & Stem"\t42\tFlorist wanted\tHow many positions?\tHead Florist',
      '3\t008\tBeekeeper\t43\tApiarist wanted\tAny job?\tUnknown',
    ]
    writeFileSync(join(dir, 'jobresqa.en.tsv'), [header, ...rows].join('\n'))
    expect(jobresqaExamples(dir)).toEqual([
      { name: 'r-007', text: '[NAME]\nHead Florist, Petal & Stem', gold: { language: 'en', currentTitle: 'Head Florist' } },
      { name: 'r-008', text: 'Beekeeper', gold: { language: 'en' } },
    ])
  })
})
