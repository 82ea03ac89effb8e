import { Hono, type MiddlewareHandler } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { keyMatches } from '../accounts/key.js'
import {
  createKey,
  CreateKeyInput,
  listKeys,
  parseKeyInput,
  revokeKey,
  updateKey,
  UpdateKeyInput,
} from '../accounts/key-service.js'
import { ApiError } from '../errors/api-error.js'
import { ErrorBodySchema } from '../schemas/envelope.js'
import type { AppEnv } from './context.js'
import type { ServiceDeps } from './deps.js'
import { jsonBody } from './json-body.js'

/**
 * The admin API: client keys, behind `Authorization: Bearer <ADMIN_KEY>`.
 * `POST /admin/keys`, `GET /admin/keys`, `PATCH /admin/keys/{name}`, `DELETE /admin/keys/{name}`.
 */
export function adminRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const admin = new Hono<AppEnv>()
  admin.use('*', async (c, next) => {
    c.set('operation', 'admin')
    await next()
  })
  admin.use('*', masterKey(deps))

  admin.post('/keys', describe('Create a client key; the response is the only time the key is shown', CreateKeyInput), jsonBody, async (c) =>
    c.json(await createKey(deps.db, parseKeyInput(CreateKeyInput, c.get('body'))), 201),
  )
  admin.get('/keys', describe('List the client keys with their usage; never a secret'), async (c) =>
    c.json({ keys: await listKeys(deps.db) }),
  )
  admin.patch('/keys/:name', describe('Change a key\'s settings, or rotate it with {"rotateKey": true}', UpdateKeyInput), jsonBody, async (c) =>
    c.json(await updateKey(deps.db, c.req.param('name'), parseKeyInput(UpdateKeyInput, c.get('body')))),
  )
  admin.delete('/keys/:name', describe('Revoke a key and delete everything indexed under it'), async (c) => {
    await revokeKey(deps.db, c.req.param('name'))
    return c.body(null, 204)
  })
  return admin
}

function masterKey(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!deps.adminAccess.enabled) throw new ApiError(1008)
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1]
    if (!presented || !keyMatches(presented, deps.adminAccess.keyHash)) throw new ApiError(1009)
    await next()
  }
}

function describe(summary: string, request?: Parameters<typeof resolver>[0]) {
  return describeRoute({
    tags: ['Admin'],
    summary,
    security: [{ adminKey: [] }],
    ...(request ? { requestBody: { required: true, content: { 'application/json': { schema: resolver(request) } } } } : {}),
    responses: {
      200: { description: 'Success' },
      default: { description: 'A numbered error', content: { 'application/json': { schema: resolver(ErrorBodySchema) } } },
    },
  })
}
