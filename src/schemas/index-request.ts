import * as v from 'valibot'
import type { FieldCodes } from './field-codes.js'
import { IndexEnvelopeSchema } from './envelope.js'

/** Spec 2.6: a string, an array of strings, or an array of objects whose members are those. */
export const CustomValueSchema = v.pipe(
  v.record(v.string(), v.union([
    v.string(),
    v.array(v.string()),
    v.array(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
  ])),
  v.description('client data stored with the document and searchable with CV_/CVA_ conditions (spec 2.6)'),
)

const DeduplicationSchema = v.object({
  checkDuplicate: v.pipe(v.boolean(), v.description('duplicates are checked only when true')),
  fields: v.optional(v.pipe(v.array(v.string()), v.description('entity names that together define a duplicate; absent: the parser output\'s checksum'))),
  update: v.optional(v.pipe(v.boolean(), v.description('true: update the duplicate in place; false (default): ignore the new document'))),
})

const IndexOptions = {
  deDuplication: v.optional(DeduplicationSchema),
  deduplication: v.optional(DeduplicationSchema),
  customValue: v.optional(CustomValueSchema),
  commit: v.optional(v.pipe(v.boolean(), v.description('accepted for compatibility: every write is committed before the response'))),
  personalInformationIdex: v.optional(v.pipe(v.boolean(), v.description('false keeps name, email, phone and date of birth out of the searchable columns'))),
}

/** Spec 4.1. */
export const ParseAndIndexRequest = v.object({
  index: IndexEnvelopeSchema,
  data: v.object({
    id: v.pipe(v.string(), v.description('the client\'s id; reusing it replaces the document')),
    fileContent: v.pipe(v.string(), v.description('the file, base64')),
    fileName: v.pipe(v.string(), v.description('with its extension: pdf, doc, docx, dot, dotx, docm, rtf, odt, txt, htm, html, png, jpg, jpeg')),
  }),
  ...IndexOptions,
})

/** Index a parser output the client already has (the `doc` of a parseAndIndex response). */
export const IndexParsedRequest = v.object({
  index: IndexEnvelopeSchema,
  data: v.object({
    id: v.string(),
    jsonData: v.pipe(v.string(), v.description('resume output 8 or JD output 3, base64 JSON')),
  }),
  ...IndexOptions,
})

const deduplicationCodes = (key: string): Record<string, FieldCodes> => ({
  [key]: { invalid: 2018 },
  [`${key}.checkDuplicate`]: { missing: 2019, invalid: 2019 },
})

export const parseAndIndexCodes: Record<string, FieldCodes> = {
  'data.id': { missing: 2013, invalid: 2011 },
  'data.fileName': { missing: 2014, invalid: 2012 },
  'data.fileContent': { missing: 2015, invalid: 2026 },
  commit: { invalid: 2016 },
  personalInformationIdex: { invalid: 2017 },
  ...deduplicationCodes('deDuplication'),
  ...deduplicationCodes('deduplication'),
}

export const indexParsedCodes: Record<string, FieldCodes> = {
  'data.id': { missing: 2013, invalid: 2011 },
  'data.jsonData': { missing: 2015, invalid: 2026 },
  commit: { invalid: 2016 },
  personalInformationIdex: { invalid: 2078 },
  ...deduplicationCodes('deDuplication'),
  ...deduplicationCodes('deduplication'),
}
