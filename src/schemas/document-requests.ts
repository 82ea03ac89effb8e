import * as v from 'valibot'
import type { FieldCodes } from './field-codes.js'
import { IndexEnvelopeSchema } from './envelope.js'
import { CustomValueSchema } from './index-request.js'

/** Issue 7: the document and index management operations, designed to fit spec 4.8. */
const paging = {
  pageStart: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
}
const pagingCodes: Record<string, FieldCodes> = { pageStart: { invalid: 2041 }, pageSize: { invalid: 2042 } }

export const DocumentIdRequest = v.object({
  index: IndexEnvelopeSchema,
  documentId: v.pipe(v.string(), v.description('the client\'s id of the document')),
})
export const documentIdCodes: Record<string, FieldCodes> = { documentId: { missing: 2071, invalid: 2072 } }

export const DocumentDetailRequest = v.object({
  index: IndexEnvelopeSchema,
  documentId: v.string(),
  fieldType: v.optional(v.pipe(v.string(), v.description('one part: an entity name of spec 2.3 (its values) or a top-level field of the parser output'))),
})
export const documentDetailCodes: Record<string, FieldCodes> = { ...documentIdCodes, fieldType: { invalid: 2074 } }

export const PagedRequest = v.object({ index: IndexEnvelopeSchema, ...paging })
export const pagedCodes = pagingCodes

export const DeleteRequest = v.object({
  index: IndexEnvelopeSchema,
  query: v.object({ id: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(10_000), v.description('ids of the documents to delete')) }),
})
export const deleteCodes: Record<string, FieldCodes> = { query: { missing: 2002 }, 'query.id': { missing: 2002 } }

export const IndexOnlyRequest = v.object({ index: IndexEnvelopeSchema })

export const IndexCountRequest = v.object({
  index: v.object({
    indexType: v.optional(v.picklist(['Resume', 'JD'])),
    indexKey: v.string(),
    subUserId: v.optional(v.union([v.string(), v.array(v.string())])),
  }),
})

export const UpdateCustomValueRequest = v.object({
  index: IndexEnvelopeSchema,
  id: v.string(),
  customValue: CustomValueSchema,
  operation: v.pipe(v.picklist(['add', 'replace', 'delete']), v.description('add: merge keys (arrays are united); replace: the whole custom value; delete: remove the named keys')),
})
export const updateCustomValueCodes: Record<string, FieldCodes> = { id: { missing: 2013, invalid: 2011 } }

export const AnalyzeRequest = v.object({
  index: IndexEnvelopeSchema,
  query: v.object({ keyword: v.string() }),
})
export const analyzeCodes: Record<string, FieldCodes> = {
  query: { missing: 2073, invalid: 2073 },
  'query.keyword': { missing: 2073, invalid: 2027 },
}
