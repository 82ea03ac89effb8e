import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

/** Prometheus metrics of one app instance (its own registry, so tests do not share counters). */
export interface Metrics {
  registry: Registry
  observe(operation: string, status: number, seconds: number): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
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
