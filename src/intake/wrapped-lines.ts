/**
 * Sentences that a page's width broke over two lines, joined again. Text laid out on a page (PDF, OCR)
 * has them where the same document in DOCX, ODT, RTF or text has one line, and the parser reads the two
 * halves as two lines: its model decided differently for the words at their edges ("... retail and
 * finance, focused on forecasting and" + "reporting.": "finance" became a skill in the PDF alone).
 *
 * A line joins the one before it when it starts with a small letter and holds no digit, and the one
 * before is long (a wrapped line reaches near the page's width; a heading does not) and ends in a letter
 * or a comma. Lines with a digit stay: a date line in a language whose months take small letters
 * ("enero 2020 – actualidad").
 *
 * @example
 *   joinWrappedLines('Analyst with a background in retail, focused on forecasting and\nreporting.')
 *   // 'Analyst with a background in retail, focused on forecasting and reporting.'
 */
export function joinWrappedLines(text: string): string {
  const lines = text.split('\n')
  const out: string[] = []
  for (const line of lines) {
    const previous = out[out.length - 1]
    if (previous !== undefined && previous.length >= minWrappedLength && /[\p{L},]$/u.test(previous) && /^\p{Ll}/u.test(line) && !/\d/.test(line)) {
      out[out.length - 1] = `${previous} ${line}`
      continue
    }
    out.push(line)
  }
  return out.join('\n')
}

/** Characters a line must have to be taken for one the page's width broke (a page holds 80-100 a line). */
const minWrappedLength = 50
