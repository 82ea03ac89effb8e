/**
 * A fixed number of numbered slots that work waits for, first come first served: a bound on how many
 * external programs (soffice, tesseract) run at once, whatever the number of requests.
 *
 * @example
 *   const slots = new Slots(2)
 *   const result = await slots.run((slot) => convertIn(slot))
 */
export class Slots {
  private readonly idle: number[] = []
  private readonly waiting: Array<(slot: number) => void> = []

  constructor(count: number) {
    for (let i = count - 1; i >= 0; i--) this.idle.push(i)
  }

  async run<T>(work: (slot: number) => Promise<T>): Promise<T> {
    const slot = await this.acquire()
    try {
      return await work(slot)
    } finally {
      this.release(slot)
    }
  }

  private acquire(): Promise<number> {
    const slot = this.idle.pop()
    if (slot !== undefined) return Promise.resolve(slot)
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  private release(slot: number): void {
    const next = this.waiting.shift()
    if (next) next(slot)
    else this.idle.push(slot)
  }
}
