import { describe, expect, it } from 'vitest'
import { dotinGold, readDotinXml, unescapeBytes } from '../../eval/convert/dotin.js'

// A made-up CV in the dotin layout.
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<cv>
<label type="Name">Priya Raman</label>
<label type="Designation">QA Engineer</label> - Email me on Indeed: <label type="Email Address">priya.r@example.com</label>
<label type="Designation">QA
Engineer</label>
<label type="Companies worked at">Acme &amp; Sons</label> - Pune
<label type="Years of Experience">June 2016 to Present</label>
<label type="Degree">B.E.</label> in <label type="College Name">Pune Institute of Technology</label>
SKILLS <label type="Tech Tools">Selenium</label>, <label type="Job Specific Skills">regression testing</label>, <label type="Soft Skills">teamwork</label>
</cv>
`

describe('dotin converter', () => {
  it('strips the tags and keeps the text', () => {
    const { text, spans } = readDotinXml(xml)
    expect(text.startsWith('Priya Raman\nQA Engineer - Email me on Indeed: priya.r@example.com')).toBe(true)
    expect(text).toContain('Acme & Sons - Pune')
    expect(text).not.toContain('<')
    expect(spans).toHaveLength(11)
  })

  it('drops one pair of quotes around a collapsed CV', () => {
    expect(readDotinXml('<cv>"<label type="Name">Priya Raman</label>  Pune"</cv>').text).toBe('Priya Raman  Pune')
  })

  it('reads the bytes escapes of its texts back as the characters they were', () => {
    const { text, spans } = readDotinXml(
      String.raw`<cv>"Sales \xe2\x80\xa2 <label type="College Name">Universit\xc3\xa0 Bocconi</label>\tMilan \'18 C:\\x"</cv>`,
    )
    expect(text).toBe("Sales \u2022 Universit\u00e0 Bocconi\tMilan '18 C:\\x")
    expect(spans[0]).toMatchObject({ text: 'Universit\u00e0 Bocconi', start: 8 })
    expect(text.slice(8, 8 + 'Università Bocconi'.length)).toBe('Università Bocconi')
    expect(unescapeBytes(String.raw`\xff ok`)).toBe('\ufffd ok')
    expect(unescapeBytes('Łódź \u2022 no escapes')).toBe('Łódź \u2022 no escapes')
  })

  it('maps labels to gold fields, without totals or current job unless asked', () => {
    const { spans } = readDotinXml(xml)
    expect(dotinGold(spans, { assumeCurrent: false })).toEqual({
      language: 'en',
      name: 'Priya Raman',
      emails: ['priya.r@example.com'],
      titles: ['QA Engineer'],
      employers: ['Acme & Sons'],
      institutes: ['Pune Institute of Technology'],
      degrees: ['B.E.'],
      skills: ['Selenium', 'regression testing', 'teamwork'],
    })
    expect(dotinGold(spans, { assumeCurrent: true })).toMatchObject({ currentTitle: 'QA Engineer', currentEmployer: 'Acme & Sons' })
  })

  it('leaves out fields without labels', () => {
    const gold = dotinGold(readDotinXml('<cv>Resume <label type="Tech Tools">Excel</label></cv>').spans, { assumeCurrent: false })
    expect(JSON.parse(JSON.stringify(gold))).toEqual({ language: 'en', skills: ['Excel'] })
  })
})
