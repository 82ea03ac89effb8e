import * as v from 'valibot'
import { ApiError } from '../errors/api-error.js'
import type { ErrorCode } from '../errors/catalogue.js'
import type { FieldCodes } from '../schemas/field-codes.js'

/**
 * Validates a request body against its schema and turns the first issue into the field's numbered
 * error (by dotted path, e.g. `data.id`). Fields without codes get 2002 when missing and 1010 (naming
 * the field) otherwise, so the client always learns which field was wrong.
 *
 * @example
 *   const body = validateBody(ParseAndIndexRequest, parseAndIndexCodes, raw)
 */
export function validateBody<S extends v.GenericSchema>(schema: S, codes: Record<string, FieldCodes>, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body, { abortEarly: true })
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = (issue.path ?? []).map((item: { key: unknown }) => String(item.key)).join('.')
  // Array positions do not change a field's codes: "sorting.0.order" has the codes of "sorting.order".
  const path = (issue.path ?? []).filter((item: { type: string }) => item.type !== 'array').map((item: { key: unknown }) => String(item.key))
  const missing = issue.input === undefined
  // The closest field with codes: "deDuplication.fields.0" falls back to "deDuplication.fields".
  for (let n = path.length; n > 0; n--) {
    const known = codes[path.slice(0, n).join('.')]
    const code = n === path.length && missing ? known?.missing : known?.invalid
    if (code !== undefined) return fail(code, field)
  }
  return fail(missing ? 2002 : 1010, missing ? field : `${field}: ${issue.message}`)
}

function fail(code: ErrorCode, detail: string): never {
  throw new ApiError(code, detail)
}
