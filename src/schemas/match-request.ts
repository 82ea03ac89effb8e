import * as v from 'valibot'
import type { FieldCodes } from './field-codes.js'
import { IndexEnvelopeSchema } from './envelope.js'

const MatchOptions = {
  explainScore: v.optional(v.boolean()),
  explainScoreType: v.optional(v.picklist(['text', 'json'])),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500, 'at most 500'))),
  pageStart: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sorting: v.optional(v.array(v.object({ field: v.string(), order: v.optional(v.picklist(['asc', 'desc'])) }))),
  excludeDocumentIds: v.optional(v.array(v.string())),
}

const Source = {
  docType: v.pipe(v.string(), v.description('Resume or JD: the type of the document in jsonData')),
  jsonData: v.pipe(v.string(), v.description('its parser output (the doc of parseAndIndex), base64 JSON')),
}

/** Spec 4.5: match; the index searched is index.indexType. */
export const MatchRequest = v.object({ index: IndexEnvelopeSchema, match: v.object(Source), ...MatchOptions })
export const MatchWithIdRequest = v.object({
  index: IndexEnvelopeSchema,
  match: v.object({ ...Source, matchId: v.pipe(v.array(v.string()), v.description('ids of indexed documents to score')) }),
  ...MatchOptions,
})
export const MultiSubUserMatchRequest = v.object({
  index: v.object({ indexType: v.picklist(['Resume', 'JD']), indexKey: v.string(), subUserId: v.pipe(v.array(v.string()), v.description('sub-users to search across')) }),
  match: v.object(Source),
  ...MatchOptions,
})

export const matchCodes: Record<string, FieldCodes> = {
  match: { missing: 2053, invalid: 2053 },
  'match.docType': { missing: 2053, invalid: 2052 },
  'match.jsonData': { missing: 2055, invalid: 2054 },
  'match.matchId': { missing: 2058, invalid: 2057 },
  explainScore: { invalid: 2043 },
  explainScoreType: { invalid: 2044 },
  pageSize: { invalid: 2042 },
  pageStart: { invalid: 2041 },
  sorting: { invalid: 2029 },
  'sorting.order': { invalid: 2030 },
  excludeDocumentIds: { invalid: 2028 },
}

/** Spec 4.6: one resume against one JD, both uploaded. */
export const OneMatchRequest = v.object({
  index: v.object({ indexKey: v.string(), indexType: v.optional(v.string()), subUserId: v.optional(v.string()) }),
  match: v.object({
    resumeContent: v.string(),
    resumeFileName: v.string(),
    jdContent: v.string(),
    jdFileName: v.string(),
  }),
  matchType: v.pipe(v.string(), v.description('"Resume to JD" or "JD to Resume"')),
  explainScore: v.optional(v.boolean()),
  explainScoreType: v.optional(v.picklist(['text', 'json'])),
})

export const oneMatchCodes: Record<string, FieldCodes> = {
  match: { missing: 2063, invalid: 2063 },
  'match.resumeContent': { missing: 2063, invalid: 2061 },
  'match.jdContent': { missing: 2064, invalid: 2062 },
  'match.resumeFileName': { missing: 2067, invalid: 2065 },
  'match.jdFileName': { missing: 2068, invalid: 2066 },
  matchType: { missing: 2069, invalid: 2070 },
  explainScore: { invalid: 2043 },
  explainScoreType: { invalid: 2044 },
}
