import { ApiError } from '../errors/api-error.js'

/**
 * Requests per key and minute, in a fixed one-minute window per process. Deliberately simple: it
 * protects one instance from a runaway client; a fleet behind a load balancer limits at the balancer.
 */
export class RateLimiter {
  #windows = new Map<number, { start: number; count: number }>()

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for the account, or throws 1004 when its window is full. */
  take(accountId: number): void {
    if (this.perMinute <= 0) return
    const now = this.now()
    let window = this.#windows.get(accountId)
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 }
      this.#windows.set(accountId, window)
    }
    window.count += 1
    if (window.count > this.perMinute) {
      throw new ApiError(1004, Math.ceil((window.start + 60_000 - now) / 1000))
    }
  }
}
