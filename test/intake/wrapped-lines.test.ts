import { describe, expect, it } from 'vitest'
import { joinWrappedLines } from '../../src/intake/wrapped-lines.js'

describe('lines a page broke inside a sentence', () => {
  it('are joined again when the next starts with a small letter', () => {
    expect(joinWrappedLines('Data analyst with a background in retail and finance, focused on forecasting and\nreporting.\nWORK EXPERIENCE'))
      .toBe('Data analyst with a background in retail and finance, focused on forecasting and reporting.\nWORK EXPERIENCE')
  })

  it('stay apart after a short line (a heading), a sentence end or a separator, and before a line with a digit', () => {
    const text = [
      'Skills',
      'python, sql and statistics',
      'Led the migration of the reporting platform to the cloud for the whole group.',
      'then the next one',
      'Chicago, IL | (312) 555-0142 | emily.carter@example.com | linkedin.com/in/emily |',
      'linkedin.com/in/emilycarter',
      'Responsable de la migración de la plataforma de informes de toda la empresa,',
      'enero 2020 – actualidad',
    ].join('\n')
    expect(joinWrappedLines(text)).toBe(text)
  })
})
