import * as v from 'valibot'

/** Spec 2.1: the `index` object of every search-engine request. */
export const IndexEnvelopeSchema = v.object({
  indexType: v.pipe(v.picklist(['Resume', 'JD']), v.description('Resume or JD (2008 when missing, 2006 otherwise)')),
  indexKey: v.pipe(v.string(), v.description('the client key (2007 when missing, 2001 unknown, 2003 expired)')),
  subUserId: v.optional(v.pipe(v.string(), v.regex(/^\S*$/), v.description('the client\'s sub-user; no spaces'))),
})

/** The body of every error response. */
export const ErrorBodySchema = v.object({
  status: v.pipe(v.string(), v.description('the error code as a string, as in the vendor API\'s `status`')),
  error: v.object({
    code: v.pipe(v.number(), v.description('see the catalogue in docs/errors.md')),
    message: v.string(),
  }),
})
