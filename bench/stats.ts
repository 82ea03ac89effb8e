/** Nearest-rank percentile of ascending-sorted values (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}

/** Median, p95, max and mean of per-document times in ms. */
export function summary(times: readonly number[]): { median: number; p95: number; max: number; mean: number } {
  const sorted = [...times].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, t) => sum + t, 0) / Math.max(1, sorted.length)
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN, mean }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
