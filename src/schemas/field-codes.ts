import type { ErrorCode } from '../errors/catalogue.js'

/**
 * The numbered errors of one request field: when it is missing, and when it has the wrong type or form.
 * Each operation's schema comes with a table of them by dotted path.
 *
 * @example
 *   const codes: Record<string, FieldCodes> = { 'data.id': { missing: 2013, invalid: 2011 } }
 */
export interface FieldCodes {
  missing?: ErrorCode
  invalid?: ErrorCode
}
