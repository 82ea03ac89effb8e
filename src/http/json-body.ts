import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../errors/api-error.js'
import type { AppEnv } from './context.js'

/**
 * Every operation takes a JSON object: Content-Type missing is 2004, anything but application/json is
 * 2005 (a charset parameter is fine), a body that does not parse is 2010.
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const contentType = c.req.header('content-type')?.trim()
  if (!contentType) throw new ApiError(2004)
  if (contentType.split(';')[0]!.trim().toLowerCase() !== 'application/json') throw new ApiError(2005)

  const text = await c.req.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (cause) {
    throw new ApiError(2010, undefined, { cause })
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(2002, 'the body must be a JSON object')
  c.set('body', body as Record<string, unknown>)
  await next()
}
