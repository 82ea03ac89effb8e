import { describe, expect, it } from 'vitest'
import { pairedFigures, pairedReport, type PairedDraw } from '../../bench/search/paired-figures.js'

/** bench:paired's figures (bench/search/paired.ts): the same draws timed through two statement builders. */
describe('paired timings', () => {
  // Twenty draws: the change is faster on 15, slower on 4, equal on 1; two answers differ.
  const draws: PairedDraw[] = Array.from({ length: 20 }, (_, i) => ({
    base: 10 + i,
    change: i < 15 ? 8 + i : i < 19 ? 12 + i : 10 + i,
    same: i !== 3 && i !== 7,
  }))

  it('counts the draws the change was faster on, a tie not among them, and the answers that differ', () => {
    const f = pairedFigures(draws)
    expect(f.draws).toBe(20)
    expect(f.faster).toBe(15)
    expect(f.differ).toBe(2)
  })

  it('gives each side its nearest-rank p50 and p95 and its mean', () => {
    const f = pairedFigures(draws)
    expect(f.base).toEqual({ p50: 19, p95: 28, mean: 19.5 })
    // The change's times: 8..22 for the first fifteen (225 in all), then 27, 28, 29, 30 and 29.
    expect(f.change).toEqual({ p50: 17, p95: 29, mean: (225 + 27 + 28 + 29 + 30 + 29) / 20 })
  })

  it('reports the mean change in per cent and the counts, one row per shape', () => {
    const report = pairedReport('abc1234', [{ shape: 'match JD -> Resume', figures: pairedFigures(draws) }])
    const row = report.split('\n').find((line) => line.startsWith('match JD -> Resume'))!
    expect(row).toContain('19.0 / 28.0 / 19.5')
    // 18.4 against 19.5 ms.
    expect(row).toContain('-6%')
    expect(row).toContain('15 of 20')
    expect(row.trim().endsWith('2')).toBe(true)
    expect(report).toContain('abc1234 p50 / p95 / mean ms')
  })
})
