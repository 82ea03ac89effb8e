import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Every numbered error the service answers with, as data.
 *
 * Codes 2001-2081 are the interface specification's catalogue (section 7). Codes 1000-1099 are this
 * service's own, for conditions the specification names without a number (unknown path, unsupported
 * method, a body too large, the database down, ...). `{detail}` in a message is filled in by the raiser.
 *
 * `operations` lists where a code can arise: `*` is every operation, `search` every search-engine
 * operation (under SEARCH_BASE_PATH), `plugin` every plugin operation, otherwise operation names.
 * test/error-catalogue.test.ts walks this table and produces each code with a real request.
 */
export const catalogue = {
  1000: { http: 500, message: 'Internal error; the request id identifies it in the logs', operations: ['*'] },
  1001: { http: 404, message: 'No such path: {detail}', operations: ['*'] },
  1002: { http: 405, message: 'Method {detail} is not supported; use POST', operations: ['*'] },
  1003: { http: 413, message: 'Request body is larger than the limit of {detail} bytes', operations: ['*'] },
  1004: { http: 429, message: 'Too many requests for this key; retry after {detail} seconds', operations: ['*'] },
  1005: { http: 503, message: 'The database is not available; retry shortly', operations: ['*'] },
  1006: { http: 501, message: 'The operation {detail} is not implemented yet', operations: ['*'] },
  1007: { http: 400, message: '{detail} must not contain spaces', operations: ['search', 'plugin'] },
  1008: { http: 403, message: 'The admin API is disabled: set ADMIN_KEY to enable it', operations: ['admin'] },
  1009: { http: 401, message: 'Invalid admin key', operations: ['admin'] },
  1010: { http: 400, message: 'Invalid value: {detail}', operations: ['*'] },
  1011: { http: 409, message: 'A key named {detail} already exists', operations: ['admin'] },
  1012: { http: 404, message: 'No key named {detail}', operations: ['admin'] },
  1013: { http: 403, message: 'Plugins are not allowed for this key', operations: ['plugin'] },

  2001: { http: 401, message: 'Invalid user key', operations: ['search', 'plugin'] },
  2002: { http: 400, message: 'Required input parameters missing: {detail}', operations: ['search', 'plugin'] },
  2003: { http: 401, message: 'User key expired', operations: ['search', 'plugin'] },
  2004: { http: 400, message: 'Content-Type is not defined; send application/json', operations: ['*'] },
  2005: { http: 400, message: 'Content-Type is not valid; only application/json is supported', operations: ['*'] },
  2006: { http: 400, message: 'indexType must be Resume or JD', operations: ['search'] },
  2007: { http: 401, message: '{detail} is missing', operations: ['search', 'plugin'] },
  2008: { http: 400, message: 'indexType is missing', operations: ['search'] },
  2009: { http: 400, message: '{detail} must be a string', operations: ['search', 'plugin'] },
  2010: { http: 400, message: 'Request body is not valid JSON', operations: ['*'] },
  2011: { http: 400, message: 'id must be a string', operations: ['parseAndIndex', 'index'] },
  2012: { http: 400, message: 'fileName must be a string', operations: ['parseAndIndex'] },
  2013: { http: 400, message: 'id is missing', operations: ['parseAndIndex', 'index'] },
  2014: { http: 400, message: 'fileName is missing', operations: ['parseAndIndex'] },
  2015: { http: 400, message: 'Content is missing', operations: ['parseAndIndex', 'index'] },
  2016: { http: 400, message: 'commit must be true or false', operations: ['parseAndIndex', 'index'] },
  2017: { http: 400, message: 'personalInformationIdex must be a boolean', operations: ['parseAndIndex'] },
  2018: { http: 400, message: 'deDuplication must be an object with checkDuplicate true or false', operations: ['parseAndIndex', 'index'] },
  2019: { http: 400, message: 'checkDuplicate must be true or false', operations: ['parseAndIndex', 'index'] },
  2020: { http: 403, message: 'Sub-user limit exceeded for this key', operations: ['parseAndIndex', 'index'] },
  2021: { http: 404, message: 'No document is indexed under sub-user id {detail}', operations: ['simpleSearch', 'booleanSearch', 'match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2022: { http: 403, message: 'The search engine is not allowed for this key', operations: ['search'] },
  2024: { http: 400, message: 'Parser data for the resume is missing or invalid', operations: ['index', 'match'] },
  2025: { http: 400, message: 'Parser data for the JD is missing or invalid', operations: ['index', 'match'] },
  2026: { http: 400, message: 'Content is not valid base64', operations: ['parseAndIndex', 'index'] },
  2027: { http: 400, message: 'keyword must be a string', operations: ['simpleSearch', 'analyze'] },
  2028: { http: 400, message: 'excludeDocumentIds must be an array of strings', operations: ['simpleSearch', 'booleanSearch', 'match'] },
  2029: { http: 400, message: 'sorting must be an array', operations: ['simpleSearch', 'booleanSearch', 'match'] },
  2030: { http: 400, message: 'sorting order must be asc or desc', operations: ['simpleSearch', 'booleanSearch', 'match'] },
  2031: { http: 400, message: 'Invalid JD sorting field {detail}; valid: score, JDDate, JobProfileTitle, JobLocationCity, JobLocationState, Organization, MinimumYearsExperience, MaximumYearsExperience, SalaryMinAmount, SalaryMaxAmount, Currency, TotalExperienceRange', operations: ['simpleSearch', 'booleanSearch', 'match'] },
  2032: { http: 400, message: 'Invalid resume sorting field {detail}', operations: ['simpleSearch', 'booleanSearch', 'match'] },
  2033: { http: 400, message: 'geoSearch needs a city or a latitude and longitude', operations: ['simpleSearch', 'booleanSearch'] },
  2034: { http: 400, message: 'distanceUnit must be KM or mile', operations: ['simpleSearch', 'booleanSearch'] },
  2035: { http: 400, message: 'Invalid radius', operations: ['simpleSearch', 'booleanSearch'] },
  2036: { http: 400, message: 'latitude must be a string', operations: ['simpleSearch', 'booleanSearch'] },
  2037: { http: 400, message: 'longitude must be a string', operations: ['simpleSearch', 'booleanSearch'] },
  2038: { http: 400, message: 'geoSearch city must be a string', operations: ['simpleSearch', 'booleanSearch'] },
  2039: { http: 400, message: 'geoSearch state must be a string', operations: ['simpleSearch', 'booleanSearch'] },
  2040: { http: 400, message: 'geoSearch country must be a string', operations: ['simpleSearch', 'booleanSearch'] },
  2041: { http: 400, message: 'pageStart must be an integer', operations: ['simpleSearch', 'booleanSearch', 'match', 'getDocumentIds', 'getSubUserIds'] },
  2042: { http: 400, message: 'pageSize must be an integer', operations: ['simpleSearch', 'booleanSearch', 'match', 'getDocumentIds', 'getSubUserIds'] },
  2043: { http: 400, message: 'explainScore must be a boolean', operations: ['simpleSearch', 'booleanSearch', 'match', 'oneMatch'] },
  2044: { http: 400, message: 'explainScoreType must be json or text', operations: ['simpleSearch', 'booleanSearch', 'match', 'oneMatch'] },
  2045: { http: 400, message: 'partialMatch must be a boolean', operations: ['simpleSearch'] },
  2046: { http: 400, message: 'facet fields are missing', operations: ['simpleSearch', 'booleanSearch'] },
  2047: { http: 400, message: 'facet limit must be an integer', operations: ['simpleSearch', 'booleanSearch'] },
  2048: { http: 400, message: 'Required input values must be arrays of strings: {detail}', operations: ['booleanSearch'] },
  2049: { http: 400, message: 'Optional input values must be arrays of strings: {detail}', operations: ['booleanSearch'] },
  2050: { http: 400, message: 'Optional input value must be an array of strings: {detail}', operations: ['booleanSearch'] },
  2051: { http: 400, message: 'docType must be Resume or JD', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2052: { http: 400, message: 'docType must be a string', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2053: { http: 400, message: 'docType is missing', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2054: { http: 400, message: 'jsonData must be a string', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2055: { http: 400, message: 'jsonData is missing', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2056: { http: 400, message: 'jsonData is not valid base64', operations: ['match', 'matchWithId', 'matchWithMultipleSubUserIds'] },
  2057: { http: 400, message: 'matchId must be an array', operations: ['matchWithId'] },
  2058: { http: 400, message: 'matchId is missing', operations: ['matchWithId'] },
  2059: { http: 400, message: 'Give at least one document id in matchId', operations: ['matchWithId'] },
  2060: { http: 400, message: 'subUserId must be an array of strings', operations: ['matchWithMultipleSubUserIds'] },
  2061: { http: 400, message: 'resumeContent must be a string', operations: ['oneMatch'] },
  2062: { http: 400, message: 'jdContent must be a string', operations: ['oneMatch'] },
  2063: { http: 400, message: 'resumeContent is missing', operations: ['oneMatch'] },
  2064: { http: 400, message: 'jdContent is missing', operations: ['oneMatch'] },
  2065: { http: 400, message: 'resumeFileName must be a string', operations: ['oneMatch'] },
  2066: { http: 400, message: 'jdFileName must be a string', operations: ['oneMatch'] },
  2067: { http: 400, message: 'resumeFileName is missing', operations: ['oneMatch'] },
  2068: { http: 400, message: 'jdFileName is missing', operations: ['oneMatch'] },
  2069: { http: 400, message: 'matchType is missing', operations: ['oneMatch'] },
  2070: { http: 400, message: 'matchType must be "Resume to JD" or "JD to Resume"', operations: ['oneMatch'] },
  2071: { http: 400, message: 'documentId is missing', operations: ['checkDocumentIndex', 'getDocumentDetail'] },
  2072: { http: 400, message: 'documentId must be a string', operations: ['checkDocumentIndex', 'getDocumentDetail'] },
  2073: { http: 400, message: 'keyword is missing', operations: ['simpleSearch', 'analyze'] },
  2074: { http: 400, message: 'fieldType must be a string', operations: ['getDocumentDetail'] },
  2075: { http: 400, message: 'Unknown entity in required: {detail}', operations: ['booleanSearch'] },
  2076: { http: 400, message: 'Unknown entity in optional: {detail}', operations: ['booleanSearch'] },
  2077: { http: 400, message: 'Entity {detail} is already used in required', operations: ['booleanSearch'] },
  2078: { http: 400, message: 'personalInformationIdex must be a boolean', operations: ['index'] },
  2079: { http: 400, message: 'Unknown facet field {detail}', operations: ['simpleSearch', 'booleanSearch'] },
  2080: { http: 403, message: 'Index credit quota fully consumed', operations: ['parseAndIndex', 'index'] },
  2081: { http: 400, message: 'Unknown filter field {detail}', operations: ['simpleSearch', 'booleanSearch'] },
} as const satisfies Record<number, CatalogueEntry>

export interface CatalogueEntry {
  http: ContentfulStatusCode
  message: string
  operations: readonly string[]
}

export type ErrorCode = keyof typeof catalogue
