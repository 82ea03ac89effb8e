import type { Context } from 'hono'
import { ApiError } from '../errors/api-error.js'
import { isDatabaseUnavailable } from '../errors/database-errors.js'
import type { AppEnv } from './context.js'

/** Turns anything thrown into the one error body, with the catalogue's HTTP status. */
export function errorResponse(c: Context<AppEnv>, error: unknown): Response {
  const apiError = toApiError(c, error)
  if (apiError.code === 1002) c.header('Allow', 'POST')
  if (apiError.code === 1004) c.header('Retry-After', String(apiError.detail))
  // The pool reconnects on the next request, so a client may retry at once.
  if (apiError.code === 1005) c.header('Retry-After', '1')
  return c.json(apiError.toBody(), apiError.http as 400)
}

function toApiError(c: Context<AppEnv>, error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const logger = c.get('logger')
  if (isDatabaseUnavailable(error)) {
    logger?.warn({ err: error }, 'database unavailable')
    return new ApiError(1005, undefined, { cause: error })
  }
  logger?.error({ err: error }, 'unhandled error')
  return new ApiError(1000, undefined, { cause: error })
}
