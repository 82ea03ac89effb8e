import * as v from 'valibot'
import type { FieldCodes } from './field-codes.js'
import { IndexEnvelopeSchema } from './envelope.js'

/** AND/OR as the samples write it, or a boolean (true = AND), as the parameter table types it. */
const Operator = v.union([v.picklist(['AND', 'OR', 'and', 'or']), v.boolean()])
const strings = v.array(v.string())

/** Spec 4.4: options common to simple and boolean search. */
export const CommonSearchOptions = {
  minScore: v.optional(v.pipe(v.number(), v.description('only documents scoring at least this (0-100)'))),
  customValue: v.optional(v.pipe(v.record(v.string(), v.union([v.string(), strings])), v.description('custom values to search: key -> value(s)'))),
  multiFieldOperator: v.optional(v.pipe(Operator, v.description('between custom value keys: AND (default) or OR'))),
  showCustomValue: v.optional(v.boolean()),
  includeSkillType: v.optional(v.boolean()),
  facet: v.optional(v.object({
    fields: v.pipe(strings, v.description('entity names (spec 2.3)')),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.description('values per field; default 10'))),
  })),
  sorting: v.optional(v.array(v.object({ field: v.string(), order: v.optional(v.picklist(['asc', 'desc'])) }))),
  filter: v.optional(v.pipe(v.record(v.string(), strings), v.description('entity -> values; a key prefixed with - excludes them'))),
  geoSearch: v.optional(v.object({
    city: v.optional(v.string()),
    state: v.optional(v.string()),
    country: v.optional(v.string()),
    latitude: v.optional(v.string()),
    longitude: v.optional(v.string()),
    radius: v.optional(v.pipe(v.number(), v.minValue(0, 'must be positive'))),
    distanceUnit: v.optional(v.picklist(['KM', 'mile', 'km', 'Mile', 'MILE'])),
  })),
  explainScore: v.optional(v.boolean()),
  explainScoreType: v.optional(v.picklist(['text', 'json'])),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500, 'at most 500'))),
  pageStart: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  excludeDocumentIds: v.optional(strings),
  includeDocumentIds: v.optional(strings),
  fieldList: v.optional(v.pipe(v.string(), v.description('comma-separated record fields, e.g. "FullName,City,SkillHaveExp"'))),
}

export const commonSearchCodes: Record<string, FieldCodes> = {
  facet: { invalid: 2046 },
  'facet.fields': { missing: 2046, invalid: 2046 },
  'facet.limit': { invalid: 2047 },
  sorting: { invalid: 2029 },
  'sorting.order': { invalid: 2030 },
  'geoSearch.city': { invalid: 2038 },
  'geoSearch.state': { invalid: 2039 },
  'geoSearch.country': { invalid: 2040 },
  'geoSearch.latitude': { invalid: 2036 },
  'geoSearch.longitude': { invalid: 2037 },
  'geoSearch.radius': { invalid: 2035 },
  'geoSearch.distanceUnit': { invalid: 2034 },
  explainScore: { invalid: 2043 },
  explainScoreType: { invalid: 2044 },
  pageSize: { invalid: 2042 },
  pageStart: { invalid: 2041 },
  excludeDocumentIds: { invalid: 2028 },
}

export const SimpleSearchRequest = v.object({
  index: IndexEnvelopeSchema,
  query: v.object({ keyword: v.pipe(v.string(), v.description('a sentence naming a job profile, skill, location, organisation, experience or degree')) }),
  requiredCustomValues: v.optional(v.pipe(v.boolean(), v.description('true: keyword entities AND custom values; false: either'))),
  geoSearchOnKeyword: v.optional(v.pipe(v.boolean(), v.description('true: job profile AND the keyword\'s location'))),
  partialMatch: v.optional(v.pipe(v.boolean(), v.description('job profiles match on any of their words'))),
  ...CommonSearchOptions,
})

export const simpleSearchCodes: Record<string, FieldCodes> = {
  ...commonSearchCodes,
  query: { missing: 2073, invalid: 2073 },
  'query.keyword': { missing: 2073, invalid: 2027 },
  partialMatch: { invalid: 2045 },
}

/** Entity name -> values, plus the operator between the values of every entity of the object. */
const Conditions = v.record(v.string(), v.unknown())

export const BooleanSearchRequest = v.object({
  index: IndexEnvelopeSchema,
  query: v.object({ required: v.optional(Conditions), optional: v.optional(Conditions) }),
  jdWeightage: v.optional(v.array(v.object({
    Parent: v.string(),
    Weight: v.pipe(v.number(), v.minValue(0)),
    Child: v.optional(v.record(v.string(), v.pipe(v.number(), v.minValue(0)))),
  }))),
  resumeWeightage: v.optional(v.array(v.object({
    Parent: v.string(),
    Weight: v.pipe(v.number(), v.minValue(0)),
    Child: v.optional(v.record(v.string(), v.pipe(v.number(), v.minValue(0)))),
  }))),
  geoSearchScore: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100), v.description('share of 100 for the distance when geoSearch is given; default 0 (a filter only)'))),
  duplicateFields: v.optional(v.boolean()),
  ...CommonSearchOptions,
})

export const booleanSearchCodes: Record<string, FieldCodes> = {
  ...commonSearchCodes,
  query: { missing: 2002, invalid: 2002 },
  'query.required': { invalid: 2048 },
  'query.optional': { invalid: 2049 },
}
