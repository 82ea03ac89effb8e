import { summary } from '../stats.js'
import { table } from './stats.js'

/** One draw timed through both statement builders: each one's best time in ms, and whether their answers agreed. */
export interface PairedDraw {
  base: number
  change: number
  /** Same count, same page (ids and scores in order). */
  same: boolean
}

export interface PairedFigures {
  draws: number
  base: { p50: number; p95: number; mean: number }
  change: { p50: number; p95: number; mean: number }
  /** Draws on which the change was faster than the base. */
  faster: number
  /** Draws whose answers differ. */
  differ: number
}

export function pairedFigures(draws: readonly PairedDraw[]): PairedFigures {
  const of = (times: number[]) => {
    const { median, p95, mean } = summary(times)
    return { p50: median, p95, mean }
  }
  return {
    draws: draws.length,
    base: of(draws.map((d) => d.base)),
    change: of(draws.map((d) => d.change)),
    faster: draws.filter((d) => d.change < d.base).length,
    differ: draws.filter((d) => !d.same).length,
  }
}

/** One row per shape: both builders' p50 / p95 / mean, the mean's change, on how many draws the change was faster, and how many answers differ. */
export function pairedReport(baseName: string, rows: ReadonlyArray<{ shape: string; figures: PairedFigures }>): string {
  const triple = (t: PairedFigures['base']) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} / ${t.mean.toFixed(1)}`
  return table(
    ['shape', 'draws', `${baseName} p50 / p95 / mean ms`, 'this tree p50 / p95 / mean ms', 'mean', 'faster on', 'answers differ'],
    rows.map(({ shape, figures: f }) => [
      shape,
      String(f.draws),
      triple(f.base),
      triple(f.change),
      `${f.change.mean >= f.base.mean ? '+' : ''}${((100 * (f.change.mean - f.base.mean)) / f.base.mean).toFixed(0)}%`,
      `${f.faster} of ${f.draws}`,
      String(f.differ),
    ]),
  )
}
