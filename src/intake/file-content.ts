import { ApiError } from '../errors/api-error.js'
import { intakeLimits } from '../config.js'

/**
 * Decodes the base64 file content of a request, checking the size before allocating it.
 * Line breaks and spaces (MIME-style base64) and the URL-safe alphabet are accepted; padding may be
 * left out. Anything else is 2026; more decoded bytes than `maxFileBytes` is 1024.
 *
 * @example
 *   const bytes = decodeFileContent(body.filedata)
 */
export function decodeFileContent(base64: string, maxFileBytes = intakeLimits().maxFileBytes): Uint8Array {
  const compact = base64.replace(/[\s]+/g, '')
  const body = compact.replace(/={1,2}$/, '')
  if (body.length % 4 === 1 || !/^[A-Za-z0-9+/_-]*$/.test(body)) throw new ApiError(2026)
  // The decoded size follows from the length alone: refuse before allocating anything.
  const decodedBytes = Math.floor((body.length * 3) / 4)
  if (decodedBytes > maxFileBytes) throw new ApiError(1024, maxFileBytes)
  return new Uint8Array(Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64'))
}
