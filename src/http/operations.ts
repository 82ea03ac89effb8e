import type { Context } from 'hono'
import type * as v from 'valibot'
import { documentConversion } from '../plugins/document-conversion.js'
import { DocumentConversionRequestSchema } from '../plugins/document-conversion-request.js'
import { indexParsed } from '../index/index-parsed.js'
import { parseAndIndex } from '../index/parse-and-index.js'
import { IndexRequestSchema, PluginRequestSchema } from '../schemas/envelope.js'
import { IndexParsedRequest, ParseAndIndexRequest } from '../schemas/index-request.js'
import { BooleanSearchRequest, SimpleSearchRequest } from '../schemas/search-request.js'
import { booleanSearch } from '../search/boolean-search.js'
import { analyze } from '../search/analyze.js'
import { match, matchWithId, matchWithMultipleSubUserIds } from '../match/match.js'
import { oneMatch } from '../match/one-match.js'
import { skillGapDetection } from '../skill-gap/skill-gap-detection.js'
import { SkillGapRequest, SkillGapResponse } from '../skill-gap/skill-gap-request.js'
import { MatchRequest, MatchWithIdRequest, MultiSubUserMatchRequest, OneMatchRequest } from '../schemas/match-request.js'
import { updateCustomValue } from '../documents/custom-value-update.js'
import { deleteAllDocuments, deleteDocuments } from '../documents/document-delete.js'
import { getDocumentIds, getSubUserIds, indexCount } from '../documents/document-lists.js'
import { checkDocumentIndex, getDocumentDetail } from '../documents/document-lookup.js'
import {
  AnalyzeRequest, DeleteRequest, DocumentDetailRequest, DocumentIdRequest, IndexCountRequest, IndexOnlyRequest, PagedRequest,
  UpdateCustomValueRequest,
} from '../schemas/document-requests.js'
import { simpleSearch } from '../search/simple-search.js'
import type { AppEnv } from './context.js'
import type { ServiceDeps } from './deps.js'

/** Every operation of the interface (spec 4.1-4.10, 4.8), registered under its base path. */
export interface Operation {
  name: string
  base: 'search' | 'plugin'
  summary: string
  /** The request body, for validation and for the OpenAPI document. */
  request: v.GenericSchema
  /** index.indexType may be left out (oneMatch takes both types). */
  indexTypeOptional?: boolean
  /** index.subUserId is an array of sub-user ids (the multi-sub-user match). */
  subUserIdArray?: boolean
  /** index.subUserId may be one id or an array of them (indexCount). */
  subUserIdStringOrArray?: boolean
  /** The success response, for the OpenAPI document, where the interface leaves it to us. */
  response?: v.GenericSchema
  handle: (c: Context<AppEnv>, deps: ServiceDeps) => Promise<Response>
}

const search = (name: string, summary: string, extra: Partial<Operation> & Pick<Operation, 'handle'>): Operation => ({
  name,
  base: 'search',
  summary,
  request: IndexRequestSchema,
  ...extra,
})

const plugin = (name: string, summary: string, extra: Partial<Operation> & Pick<Operation, 'handle'>): Operation => ({
  name,
  base: 'plugin',
  summary,
  request: PluginRequestSchema,
  ...extra,
})

export const operations: Operation[] = [
  search('parseAndIndex', 'Parse a resume or JD file and index it under the client\'s id', { request: ParseAndIndexRequest, handle: parseAndIndex }),
  search('index', 'Index a parser output the client already has', { request: IndexParsedRequest, handle: indexParsed }),
  search('simpleSearch', 'Search with a sentence such as "java developer in Berlin 5 years"', { request: SimpleSearchRequest, handle: simpleSearch }),
  search('booleanSearch', 'Search with required and optional entities and weights', { request: BooleanSearchRequest, handle: booleanSearch }),
  search('match', 'Find the indexed documents that best match a parsed resume or JD', { request: MatchRequest, handle: match }),
  search('matchWithId', 'Score a parsed resume or JD against the given indexed ids', { request: MatchWithIdRequest, handle: matchWithId }),
  search('matchWithMultipleSubUserIds', 'Match across several sub-users', { subUserIdArray: true, request: MultiSubUserMatchRequest, handle: matchWithMultipleSubUserIds }),
  search('oneMatch', 'Match one uploaded resume against one uploaded JD', { indexTypeOptional: true, request: OneMatchRequest, handle: oneMatch }),
  search('checkDocumentIndex', 'Whether a document id is indexed, and since when', { request: DocumentIdRequest, handle: checkDocumentIndex }),
  search('getDocumentIds', 'A page of the indexed document ids', { request: PagedRequest, handle: getDocumentIds }),
  search('getDocumentDetail', 'The stored parser output and custom values of a document', { request: DocumentDetailRequest, handle: getDocumentDetail }),
  search('getSubUserIds', 'A page of the account\'s sub-user ids', { request: PagedRequest, handle: getSubUserIds }),
  search('delete', 'Delete documents by id', { request: DeleteRequest, handle: deleteDocuments }),
  search('deleteAllDocs', 'Delete every document of an index type', { request: IndexOnlyRequest, handle: deleteAllDocuments }),
  search('updateCustomValue', 'Add, replace or delete custom values without re-parsing', { request: UpdateCustomValueRequest, handle: updateCustomValue }),
  search('indexCount', 'How many documents are indexed, per index type', { request: IndexCountRequest, handle: indexCount, indexTypeOptional: true, subUserIdStringOrArray: true }),
  search('analyze', 'The entities simple search recognises in a keyword', { request: AnalyzeRequest, handle: analyze }),
  plugin('documentConversion', 'Extract text, page count and face photo; convert to doc, docx, rtf, pdf or html', {
    request: DocumentConversionRequestSchema,
    handle: documentConversion,
  }),
  plugin('skillGapDetection', 'Skills a resume has and misses for a job title or JD', { request: SkillGapRequest, response: SkillGapResponse, handle: skillGapDetection }),
]
