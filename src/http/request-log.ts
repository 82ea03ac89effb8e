import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from './context.js'
import type { Metrics } from './metrics.js'

/**
 * One structured log line and one metrics sample per request: request id, account name (never the
 * key), operation, method, path, status, duration. The request id is the caller's `X-Request-Id` when
 * it sends one, and is echoed back so a client can quote it.
 */
export function requestLog(logger: Logger, metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const requestId = c.req.header('x-request-id')?.slice(0, 128) || randomUUID()
    c.set('requestId', requestId)
    c.set('logger', logger.child({ reqId: requestId }))
    await next()
    c.header('X-Request-Id', requestId)

    const durationMs = Math.round((performance.now() - started) * 10) / 10
    const operation = c.get('operation') ?? 'other'
    metrics.observe(operation, c.res.status, durationMs / 1000)
    logger.info(
      {
        reqId: requestId,
        account: c.get('account')?.name,
        operation,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs,
      },
      'request',
    )
  }
}
