import { describe, expect, it } from 'vitest'
import { dehyphenate, pageText, type TextRun } from '../../src/intake/pdf-layout.js'

/** Runs as pdf.js reports them: y grows upwards, so the first line has the largest y. */
const run = (text: string, x: number, line: number, width = text.length * 5): TextRun => ({ text, x, y: 800 - line * 14, width, height: 10 })

describe('pageText: reading order', () => {
  it('reads two columns left first, keeping a full-width name and heading in place', () => {
    const runs = [
      run('Anna Nowak, Senior Engineer, anna.nowak@example.pl, Warszawa', 50, 0, 400),
      run('Experience', 50, 1),
      run('Skills', 320, 1),
      run('Acme, 2019-2024', 50, 2),
      run('Python, SQL', 320, 2),
      run('Built billing systems', 50, 3),
      run('Kubernetes', 320, 3),
      run('Beta, 2015-2019', 50, 4),
      run('Languages', 320, 5),
      run('Ran the data team', 50, 6),
      run('Polish, English', 320, 6),
      run('Education and Certificates, a line across the page', 50, 8, 450),
    ]
    // The runs arrive in any order; lines are rebuilt from positions.
    expect(pageText(runs.reverse(), 595)).toBe(
      [
        'Anna Nowak, Senior Engineer, anna.nowak@example.pl, Warszawa',
        'Experience', 'Acme, 2019-2024', 'Built billing systems', 'Beta, 2015-2019', 'Ran the data team',
        'Skills', 'Python, SQL', 'Kubernetes', 'Languages', 'Polish, English',
        'Education and Certificates, a line across the page',
      ].join('\n'),
    )
  })

  it('keeps a table\'s rows and a column of right-aligned dates on their lines', () => {
    const table = Array.from({ length: 8 }, (_, i) => [run(`Skill number ${i}`, 50, i), run(`level ${i}`, 330, i)]).flat()
    expect(pageText(table, 595).split('\n')[3]).toBe('Skill number 3\tlevel 3')
    const dated = Array.from({ length: 8 }, (_, i) => [run(`Engineer at company number ${i}, Kraków`, 50, i), run('2019', 500, i)]).flat()
    expect(pageText(dated, 595).split('\n')[5]).toBe('Engineer at company number 5, Kraków\t2019')
  })

  it('reads a table below the columns row by row: its cells do not start at the right column\'s edge', () => {
    const left = Array.from({ length: 6 }, (_, i) => run(`left line ${i}`, 50, i))
    const right = Array.from({ length: 3 }, (_, i) => run(`right line ${i}`, 320, i))
    const table = [run('Degree', 50, 7), run('University', 300, 7), run('MSc', 50, 8), run('Bristol', 300, 8)]
    const lines = pageText([...left, ...right, ...table], 595).split('\n')
    expect(lines.slice(5, 7)).toEqual(['left line 5', 'right line 0']) // columns, left first
    expect(lines.slice(-2)).toEqual(['Degree\tUniversity', 'MSc\tBristol'])
  })

  it('keeps a job header\'s fragments on their line when the same title ends at the same x on every header', () => {
    // "Java Developer —" in bold is one run, "Employer, City" another, a word space to its right.
    const header = (employer: string, line: number) => [run('Java Developer —', 50, line, 102), run(employer, 156, line)]
    const runs = [
      run('Martin Keller', 50, 0), run('Berlin, Germany', 50, 1), run('Experience', 50, 2),
      ...header('Acme Corp, Berlin', 3), run('03/2016 – 05/2019', 50, 4), run('Payment services.', 50, 5),
      ...header('Globex GmbH, Hamburg', 6), run('06/2013 – 02/2016', 50, 7), run('Order system.', 50, 8),
      ...header('Initech AG, Munich', 9), run('09/2010 – 05/2013', 50, 10), run('Skills', 50, 11),
    ]
    const lines = pageText(runs, 595).split('\n')
    expect(lines.slice(3, 5)).toEqual(['Java Developer — Acme Corp, Berlin', '03/2016 – 05/2019'])
    expect(lines.slice(9, 11)).toEqual(['Java Developer — Initech AG, Munich', '09/2010 – 05/2013'])
  })

  it('measures a line from its text\'s baseline: a dash set 2 points high and a bullet 2.5 low stay in it', () => {
    const glyph = (text: string, x: number, rise: number): TextRun => ({ text, x, y: 800 + rise, width: 8, height: 10 })
    const runs = [glyph('•', 40, -2.5), run('Senior Java Developer', 50, 0, 105), glyph('—', 158, 2), run('Acme Corp, Berlin', 169, 0), run('03/2016 – 05/2019', 50, 1)]
    expect(pageText(runs, 595)).toBe('• Senior Java Developer — Acme Corp, Berlin\n03/2016 – 05/2019')
  })

  it('puts a space where the PDF left a gap between runs instead of writing one', () => {
    expect(pageText([run('Anna', 50, 0, 20), run('Nowak', 74, 0, 25)], 595)).toBe('Anna Nowak')
  })
})

describe('dehyphenate', () => {
  it('joins a word split at a line end and spells out ligatures', () => {
    expect(dehyphenate('Soft-\nware engineer, Entwick-\nlung')).toBe('Software engineer, Entwicklung')
    expect(dehyphenate('o\ufb03cial pro\ufb01le, \ufb02ow')).toBe('official profile, flow')
  })

  it('keeps a hyphen before a capital (Jean-Pierre) and soft hyphens go', () => {
    expect(dehyphenate('Jean-\nPierre')).toBe('Jean-\nPierre')
    expect(dehyphenate('Kommuni\u00adkation')).toBe('Kommunikation')
  })
})
