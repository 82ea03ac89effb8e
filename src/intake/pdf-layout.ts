/** A run of text on a PDF page, in PDF units with y growing upwards. */
export interface TextRun {
  text: string
  x: number
  y: number
  width: number
  height: number
}

interface Line {
  /** The baseline of the line's longest run, and that run's length in characters. */
  y: number
  chars: number
  runs: TextRun[]
  /** Where the line has text, from left to right: runs a word space apart or less are one span. */
  spans: Array<{ from: number; to: number }>
}

/**
 * The text of one page in reading order: runs grouped into lines by baseline, each line read left to
 * right; where the page has two columns (a gutter no line's text crosses, with text on both sides), each
 * stretch of two-column lines is read left column first, while full-width lines (a name, a heading)
 * stay where they are.
 *
 * @example
 *   pageText(runs, 595) // 'Anna Nowak\nExperience ...\nSkills ...'
 */
export function pageText(runs: TextRun[], pageWidth: number): string {
  const lines = groupLines(runs.filter((run) => run.text.trim() !== ''))
  const gutter = findGutter(lines, pageWidth)
  if (gutter === undefined) return lines.map((line) => lineText(line.runs)).join('\n')

  const out: string[] = []
  let left: string[] = []
  let right: string[] = []
  const flush = () => {
    out.push(...left, ...right)
    left = []
    right = []
  }
  // A gap of several lines (before a footer, say) ends the columns as a full-width line does.
  const spacing = median(lines.slice(1).map((line, i) => lines[i]!.y - line.y))
  const columnStart = rightColumnStart(lines, gutter)
  let previous: Line | undefined
  for (const line of lines) {
    const farBelow = previous !== undefined && previous.y - line.y > spacing * 3
    previous = line
    if (farBelow) flush()
    if (crosses(line, gutter) || isTableRow(line, gutter, columnStart)) {
      flush()
      out.push(lineText(line.runs))
      continue
    }
    const l = line.runs.filter((run) => run.x < gutter)
    const r = line.runs.filter((run) => run.x >= gutter)
    if (l.length) left.push(lineText(l))
    if (r.length) right.push(lineText(r))
  }
  flush()
  return out.join('\n')
}

/** Where the right column's lines start: the x most right-hand parts share (to 3 points). */
function rightColumnStart(lines: Line[], gutter: number): number | undefined {
  const counts = new Map<number, number>()
  for (const line of lines) {
    const first = line.runs.find((run) => run.x >= gutter)
    if (first) counts.set(Math.round(first.x / 3), (counts.get(Math.round(first.x / 3)) ?? 0) + 1)
  }
  const [bucket] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? []
  return bucket === undefined ? undefined : bucket * 3
}

/**
 * A line with text on both sides of the gutter whose right part starts left of the right column's edge
 * is a table row (or a label and its value), read across: a column's own lines start at its edge or,
 * indented, right of it.
 */
function isTableRow(line: Line, gutter: number, columnStart: number | undefined): boolean {
  if (columnStart === undefined) return false
  const left = line.runs.some((run) => run.x + run.width <= gutter)
  const right = line.runs.find((run) => run.x >= gutter)
  return left && right !== undefined && right.x < columnStart - 6
}

function median(values: number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 12
}

function groupLines(runs: TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x)
  const lines: Line[] = []
  for (const run of sorted) {
    const line = lines.at(-1)
    // A run within 0.4 of its size of the line's baseline is on the line: a superscript, or a glyph
    // from a fallback font a little off; the next line is a line height away. The baseline is the
    // longest run's, so a raised dash or bullet read first does not shift it for the rest.
    if (line && Math.abs(line.y - run.y) <= Math.max(2, run.height * 0.4)) {
      line.runs.push(run)
      if (run.text.length > line.chars) {
        line.y = run.y
        line.chars = run.text.length
      }
    } else lines.push({ y: run.y, chars: run.text.length, runs: [run], spans: [] })
  }
  for (const line of lines) {
    line.runs.sort((a, b) => a.x - b.x)
    line.spans = spansOf(line.runs)
  }
  return lines
}

/**
 * Runs joined where the gap between them is at most the text's size (an em): a word space, or a run
 * of another font (a bold title, an em dash from a fallback font), is no gutter between columns.
 */
function spansOf(runs: TextRun[]): Line['spans'] {
  const spans: Line['spans'] = []
  let size = 0
  for (const run of runs) {
    const span = spans.at(-1)
    if (span && run.x - span.to <= Math.max(size, run.height)) span.to = Math.max(span.to, run.x + run.width)
    else spans.push({ from: run.x, to: run.x + run.width })
    size = run.height
  }
  return spans
}

/** Whether text of the line runs across x. */
function crosses(line: Line, x: number): boolean {
  return line.spans.some((span) => span.from < x && span.to > x)
}

function lineText(runs: TextRun[]): string {
  let text = ''
  let end = -Infinity
  for (const run of runs) {
    // A gap wider than a space between runs is a word (or cell) boundary the PDF did not write.
    const gap = run.x - end
    if (text && gap > run.height * 0.15 && !/\s$/.test(text) && !/^\s/.test(run.text)) text += gap > run.height * 2 ? '\t' : ' '
    text += run.text
    end = run.x + run.width
  }
  return text
}

/**
 * The x of a vertical gap in the middle half of the page with two columns of text beside it. Lines that
 * cross it (name, headings, a full-width profile) may be many; of the lines that do not, a quarter of
 * the lines and characters must be on each side, and a third must have text on one side only, which
 * tells columns (that break lines independently) from a table (whose rows have both cells) and from a
 * column of right-aligned dates.
 */
function findGutter(lines: Line[], pageWidth: number): number | undefined {
  if (lines.length < 6 || pageWidth <= 0) return undefined
  const chars = (runs: TextRun[]) => runs.reduce((sum, run) => sum + run.text.length, 0)
  let best: { xs: number[]; score: number } | undefined
  for (let x = pageWidth * 0.25; x <= pageWidth * 0.75; x += pageWidth / 100) {
    let free = 0
    let leftLines = 0
    let rightLines = 0
    let oneSided = 0
    let leftChars = 0
    let rightChars = 0
    for (const line of lines) {
      if (crosses(line, x)) continue
      const left = line.runs.filter((run) => run.x + run.width <= x)
      const right = line.runs.filter((run) => run.x >= x)
      free++
      if (left.length) leftLines++
      if (right.length) rightLines++
      if (!left.length || !right.length) oneSided++
      leftChars += chars(left)
      rightChars += chars(right)
    }
    const freeChars = leftChars + rightChars
    const columns =
      free >= 6 && free >= lines.length * 0.4 &&
      Math.min(leftLines, rightLines) >= free * 0.25 &&
      Math.min(leftChars, rightChars) >= freeChars * 0.2 &&
      oneSided >= free * 0.3
    if (!columns) continue
    if (!best || free > best.score) best = { xs: [x], score: free }
    else if (free === best.score) best.xs.push(x)
  }
  return best ? best.xs[Math.floor(best.xs.length / 2)] : undefined
}

/** Words split at a line end ("Soft-\nware") joined again; ligature characters spelled out. */
export function dehyphenate(text: string): string {
  return text
    .replace(/(\p{Ll})[-\u00ad]\n(\p{Ll})/gu, '$1$2')
    .replace(/\u00ad/g, '')
    .replace(/[\ufb00-\ufb06]/g, (ligature) => ligature.normalize('NFKC'))
}
