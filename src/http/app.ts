import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeRoute, resolver } from 'hono-openapi'
import { isDatabaseUp } from '../db/database.js'
import { ApiError } from '../errors/api-error.js'
import { ErrorBodySchema } from '../schemas/envelope.js'
import { segmentBacklog } from '../search/segment/segment-backlog.js'
import { adminRoutes } from './admin-routes.js'
import type { AppEnv } from './context.js'
import type { ServiceDeps } from './deps.js'
import { docsRoutes } from './docs-routes.js'
import { indexEnvelope, pluginAuth, type EnvelopeDeps } from './envelope.js'
import { errorResponse } from './error-response.js'
import { jsonBody } from './json-body.js'
import { createMetrics } from './metrics.js'
import { operations, type Operation } from './operations.js'
import { RateLimiter } from './rate-limit.js'
import { requestLog } from './request-log.js'

/**
 * The whole HTTP service. Tests call `createApp(deps).request(...)` in process; `src/main.ts` serves it.
 *
 * @example
 *   const app = createApp({ config, db, logger, adminAccess })
 *   const res = await app.request('/health')
 */
export function createApp(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const metrics = createMetrics(() => segmentBacklog(deps.db))
  const envelopeDeps: EnvelopeDeps = { db: deps.db, rateLimiter: new RateLimiter(deps.config.rateLimitPerMinute) }
  const maxSize = deps.config.bodyLimitBytes

  app.use('*', requestLog(deps.logger, metrics))
  app.use('*', bodyLimit({ maxSize, onError: (c) => errorResponse(c, new ApiError(1003, maxSize)) }))

  app.get('/health', describeRoute({ tags: ['Service'], summary: 'Liveness and database readiness' }), async (c) => {
    const up = await isDatabaseUp(deps.db)
    return c.json({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' }, up ? 200 : 503)
  })
  app.get('/metrics', describeRoute({ tags: ['Service'], summary: 'Prometheus metrics' }), async (c) =>
    c.text(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }),
  )
  app.route('/admin', adminRoutes(deps))
  for (const operation of operations) registerOperation(app, operation, deps, envelopeDeps)
  app.route('/', docsRoutes(app))

  app.notFound((c) => errorResponse(c, new ApiError(1001, c.req.path)))
  app.onError((error, c) => errorResponse(c, error))
  return app
}

/** POST runs the common pipeline, then the operation; every other method is a 405. */
function registerOperation(app: Hono<AppEnv>, operation: Operation, deps: ServiceDeps, envelopeDeps: EnvelopeDeps): void {
  const base = operation.base === 'search' ? deps.config.searchBasePath : deps.config.pluginBasePath
  const path = `${base}/${operation.name}`
  app.post(
    path,
    describeRoute({
      operationId: operation.name,
      summary: operation.summary,
      tags: [operation.base === 'search' ? 'Search engine' : 'Plugins'],
      requestBody: { required: true, content: { 'application/json': { schema: resolver(operation.request) } } },
      responses: {
        200: operation.response
          ? { description: 'Success', content: { 'application/json': { schema: resolver(operation.response) } } }
          : { description: 'Success' },
        default: { description: 'A numbered error', content: { 'application/json': { schema: resolver(ErrorBodySchema) } } },
      },
    }),
    async (c, next) => {
      c.set('operation', operation.name)
      await next()
    },
    jsonBody,
    operation.base === 'search' ? indexEnvelope(envelopeDeps, operation) : pluginAuth(envelopeDeps),
    // The operation logs with this request's logger, so its lines carry the request id.
    async (c) => c.json(await operation.handle({ ...deps, logger: c.get('logger') }, c.get('account')!, c.get('body') ?? {}, c.get('envelope') ?? {})),
  )
  app.all(path, describeRoute({ hide: true }), (c) => {
    c.set('operation', operation.name)
    throw new ApiError(1002, c.req.method)
  })
}
