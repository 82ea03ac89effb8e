import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Hono } from 'hono'
import { openAPIRouteHandler } from 'hono-openapi'
import { Scalar } from '@scalar/hono-api-reference'
import type { AppEnv } from './context.js'

const require = createRequire(import.meta.url)

/**
 * `GET /openapi.json` (OpenAPI 3.1, generated from the routes' valibot schemas) and `GET /docs`, an
 * interactive reference. The reference page's script is served from the installed package, not a CDN:
 * the service must work on a machine without internet access.
 */
export function docsRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  const docs = new Hono<AppEnv>()
  docs.get(
    '/openapi.json',
    openAPIRouteHandler(app, {
      documentation: {
        openapi: '3.1.0',
        info: {
          title: 'Resume and JD search and match',
          version: '0.1.0',
          description:
            'Parse, index, search and match resumes and job descriptions in six languages. ' +
            'Every error answers with {"status": "<code>", "error": {"code", "message"}}; see docs/errors.md.',
        },
        components: { securitySchemes: { adminKey: { type: 'http', scheme: 'bearer' } } },
      },
    }),
  )
  docs.get('/docs', Scalar({ url: '/openapi.json', cdn: '/docs/scalar.js', pageTitle: 'Resume search API' }))
  let script: Promise<Buffer> | undefined
  docs.get('/docs/scalar.js', async (c) => {
    script ??= readFile(require.resolve('@scalar/api-reference/browser/standalone.js'))
    return c.body(new Uint8Array(await script), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    })
  })
  return docs
}
