import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { SegmentBacklog } from '../search/segment/segment-backlog.js'

/** Prometheus metrics of one app instance (its own registry, so tests do not share counters). */
export interface Metrics {
  registry: Registry
  observe(operation: string, status: number, seconds: number): void
}

/**
 * `backlog`: read at each scrape, the search segment's merge backlog (three gauges); a scrape while the
 * database is down keeps their last values rather than failing.
 */
export function createMetrics(backlog?: () => Promise<SegmentBacklog>): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  if (backlog) {
    // The three gauges' collects run together: one query per scrape.
    let pending: Promise<SegmentBacklog | undefined> | undefined
    const read = () => {
      pending ??= backlog().catch(() => undefined).finally(() => { pending = undefined })
      return pending
    }
    const gauge = (name: string, help: string, value: (b: SegmentBacklog) => number) =>
      new Gauge({
        name, help, registers: [registry],
        async collect() {
          const b = await read()
          if (b) this.set(value(b))
        },
      })
    gauge('search_segment_waiting', 'Writes and deletions not merged into the search segment yet, in all indexes', (b) => b.waiting)
    gauge('search_segment_waiting_max', 'Writes and deletions not merged yet in the index with the most', (b) => b.largest)
    gauge('search_segment_indexes_waiting', 'Indexes with writes or deletions not merged yet', (b) => b.indexes)
  }
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by operation and status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by operation',
    labelNames: ['operation'] as const,
    // Search targets are tens of milliseconds; conversions and OCR take seconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  return {
    registry,
    observe(operation, status, seconds) {
      requests.inc({ operation, status: String(status) })
      duration.observe({ operation }, seconds)
    },
  }
}
