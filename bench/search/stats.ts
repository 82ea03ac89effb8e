import type { SearchQuery } from '../../src/search/query.js'
import { percentile } from '../stats.js'

/** One query shape's timings: every run's milliseconds, and the result counts it saw. */
export interface ShapeResult {
  name: string
  times: number[]
  counts: number[]
  /** The query of each timed run, so the one at p95 can be explained. */
  queries: SearchQuery[]
}

export interface Figures {
  runs: number
  p50: number
  p95: number
  max: number
  /** Queries per second for one client running them back to back. */
  qps: number
  /** Median matched documents (count), to show how much each query had to score. */
  medianCount: number
}

export function figures(result: ShapeResult): Figures {
  const sorted = [...result.times].sort((a, b) => a - b)
  const total = sorted.reduce((sum, t) => sum + t, 0)
  const counts = [...result.counts].sort((a, b) => a - b)
  return { runs: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN, qps: (1000 * sorted.length) / total, medianCount: percentile(counts, 0.5) }
}

/** A fixed-width text table: header, rule, rows; numbers right-aligned. */
/** The query whose time is the shape's p95: a typical slow one, not the single worst outlier. */
export function queryAtP95(result: ShapeResult): SearchQuery {
  const p95 = figures(result).p95
  return result.queries[result.times.indexOf(p95)]!
}

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(cell < 100 ? 1 : 0) : cell)))
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)))
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}
