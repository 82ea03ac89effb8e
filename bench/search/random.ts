/** A seeded generator and the samplers the corpus and the queries draw from. */
export type Random = () => number

/** mulberry32: small, fast and seeded, so every run builds the same corpus and asks the same queries. */
export function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1))

/** Standard normal by Box-Muller. */
export function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/**
 * Zipf over ranked items: the item of rank r is drawn with weight 1 / r^s. With s = 1 over a thousand
 * skills the commonest is ~13% of draws and the top ten ~40%, the shape job-board skill counts have.
 */
export class Zipf<T> {
  readonly #cumulative: Float64Array

  constructor(readonly items: readonly T[], exponent = 1) {
    this.#cumulative = new Float64Array(items.length)
    let sum = 0
    for (let r = 0; r < items.length; r++) this.#cumulative[r] = sum += 1 / (r + 1) ** exponent
    for (let r = 0; r < items.length; r++) this.#cumulative[r]! /= sum
  }

  sample(random: Random): T {
    const u = random()
    let low = 0
    let high = this.items.length - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if (this.#cumulative[mid]! < u) low = mid + 1
      else high = mid
    }
    return this.items[low]!
  }
}

/** A copy in an order fixed by the seed: which titles and skills are the common ones. */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}
