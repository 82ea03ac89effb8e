import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { updateCustomValue } from '../documents/custom-value-update.js'
import { deleteAllDocuments, deleteDocuments } from '../documents/document-delete.js'
import { getDocumentIds, getSubUserIds, indexCount } from '../documents/document-lists.js'
import { checkDocumentIndex, getDocumentDetail } from '../documents/document-lookup.js'
import { indexParsed } from '../indexing/index-parsed.js'
import { parseAndIndex } from '../indexing/parse-and-index.js'
import { match, matchWithId, matchWithMultipleSubUserIds } from '../match/match.js'
import { oneMatch } from '../match/one-match.js'
import { documentConversion } from '../plugins/document-conversion.js'
import { DocumentConversionRequestSchema, parseConversionRequest } from '../schemas/document-conversion-request.js'
import {
  AnalyzeRequest, analyzeCodes, DeleteRequest, deleteCodes, DocumentDetailRequest, documentDetailCodes, DocumentIdRequest, documentIdCodes,
  IndexCountRequest, IndexOnlyRequest, PagedRequest, pagedCodes, UpdateCustomValueRequest, updateCustomValueCodes,
} from '../schemas/document-requests.js'
import type { FieldCodes } from '../schemas/field-codes.js'
import { IndexParsedRequest, indexParsedCodes, ParseAndIndexRequest, parseAndIndexCodes } from '../schemas/index-request.js'
import { MatchRequest, matchCodes, MatchWithIdRequest, MultiSubUserMatchRequest, OneMatchRequest, oneMatchCodes } from '../schemas/match-request.js'
import type { IndexEnvelope, OperationRequest } from '../schemas/operation-request.js'
import { BooleanSearchRequest, booleanSearchCodes, SimpleSearchRequest, simpleSearchCodes } from '../schemas/search-request.js'
import { SkillGapRequest, SkillGapResponse, skillGapCodes } from '../schemas/skill-gap-request.js'
import { analyze } from '../search/analyze.js'
import { booleanSearch } from '../search/boolean-search.js'
import { simpleSearch } from '../search/simple-search.js'
import { skillGapDetection } from '../skill-gap/skill-gap-detection.js'
import type { ServiceDeps } from './deps.js'
import { validateBody } from './validate.js'

/**
 * Every operation of the interface (spec 4.1-4.10, 4.8), registered under its base path: its request
 * schema (for validation and the OpenAPI document), how its body is read, and the function it runs.
 * The functions know nothing of HTTP: `run(deps, account, { envelope, body })` returns the response body.
 */
export interface Operation {
  name: string
  base: 'search' | 'plugin'
  summary: string
  /** The request body, for the OpenAPI document (and for validation, with `codes`). */
  request: v.GenericSchema
  /** index.indexType may be left out (oneMatch takes both types). */
  indexTypeOptional?: boolean
  /** index.subUserId is an array of sub-user ids (the multi-sub-user match). */
  subUserIdArray?: boolean
  /** index.subUserId may be one id or an array of them (indexCount). */
  subUserIdStringOrArray?: boolean
  /** The success response, for the OpenAPI document, where the interface leaves it to us. */
  response?: v.GenericSchema
  /** Reads the body (numbered errors when it is wrong) and runs the operation for an authenticated account. */
  handle(deps: ServiceDeps, account: Account, body: Record<string, unknown>, envelope: IndexEnvelope): Promise<object>
}

type Common = Omit<Operation, 'name' | 'base' | 'summary' | 'request' | 'handle'>
type Run<Body, Envelope> = (deps: ServiceDeps, account: Account, request: OperationRequest<Body, Envelope>) => Promise<object>

/** Most operations: the body is the request schema's output, each failing field with its numbered error (`codes`). */
interface CheckedSpec<S extends v.GenericSchema, Envelope> extends Common {
  request: S
  codes?: Record<string, FieldCodes>
  run: Run<v.InferOutput<S>, Envelope>
}

/** An operation whose checks go in an order of their own: `read` turns the body into what `run` takes. */
interface ReadSpec<Body, Envelope> extends Common {
  request: v.GenericSchema
  read: (body: Record<string, unknown>) => Body
  run: Run<Body, Envelope>
}

function operation<S extends v.GenericSchema, Body, Envelope>(
  base: Operation['base'],
  name: string,
  summary: string,
  spec: CheckedSpec<S, Envelope> | ReadSpec<Body, Envelope>,
): Operation {
  const { run, ...rest } = spec
  const read = 'read' in spec ? spec.read : (body: Record<string, unknown>) => validateBody(spec.request, spec.codes ?? {}, body)
  const { read: _read, codes: _codes, ...options } = rest as typeof rest & { read?: unknown; codes?: unknown }
  return {
    name,
    base,
    summary,
    ...options,
    // The envelope middleware, given this operation's options, checked the envelope has the shape the function takes.
    handle: (deps, account, body, envelope) => (run as Run<unknown, unknown>)(deps, account, { envelope, body: read(body) }),
  }
}

const search = <S extends v.GenericSchema, Body, Envelope>(name: string, summary: string, spec: CheckedSpec<S, Envelope> | ReadSpec<Body, Envelope>) =>
  operation('search', name, summary, spec)
const plugin = <S extends v.GenericSchema, Body, Envelope>(name: string, summary: string, spec: CheckedSpec<S, Envelope> | ReadSpec<Body, Envelope>) =>
  operation('plugin', name, summary, spec)

export const operations: Operation[] = [
  search('parseAndIndex', 'Parse a resume or JD file and index it under the client\'s id', {
    request: ParseAndIndexRequest, codes: parseAndIndexCodes, run: parseAndIndex,
  }),
  search('index', 'Index a parser output the client already has', {
    request: IndexParsedRequest, codes: indexParsedCodes, run: indexParsed,
  }),
  search('simpleSearch', 'Search with a sentence such as "java developer in Berlin 5 years"', {
    request: SimpleSearchRequest, codes: simpleSearchCodes, run: simpleSearch,
  }),
  search('booleanSearch', 'Search with required and optional entities and weights', {
    request: BooleanSearchRequest, codes: booleanSearchCodes, run: booleanSearch,
  }),
  search('match', 'Find the indexed documents that best match a parsed resume or JD', {
    request: MatchRequest, codes: matchCodes, run: match,
  }),
  search('matchWithId', 'Score a parsed resume or JD against the given indexed ids', {
    request: MatchWithIdRequest, codes: matchCodes, run: matchWithId,
  }),
  search('matchWithMultipleSubUserIds', 'Match across several sub-users', {
    subUserIdArray: true, request: MultiSubUserMatchRequest, codes: matchCodes, run: matchWithMultipleSubUserIds,
  }),
  search('oneMatch', 'Match one uploaded resume against one uploaded JD', {
    indexTypeOptional: true, request: OneMatchRequest, codes: oneMatchCodes, run: oneMatch,
  }),
  search('checkDocumentIndex', 'Whether a document id is indexed, and since when', {
    request: DocumentIdRequest, codes: documentIdCodes, run: checkDocumentIndex,
  }),
  search('getDocumentIds', 'A page of the indexed document ids', { request: PagedRequest, codes: pagedCodes, run: getDocumentIds }),
  search('getDocumentDetail', 'The stored parser output and custom values of a document', {
    request: DocumentDetailRequest, codes: documentDetailCodes, run: getDocumentDetail,
  }),
  search('getSubUserIds', 'A page of the account\'s sub-user ids', { request: PagedRequest, codes: pagedCodes, run: getSubUserIds }),
  search('delete', 'Delete documents by id', { request: DeleteRequest, codes: deleteCodes, run: deleteDocuments }),
  search('deleteAllDocs', 'Delete every document of an index type', { request: IndexOnlyRequest, run: deleteAllDocuments }),
  search('updateCustomValue', 'Add, replace or delete custom values without re-parsing', {
    request: UpdateCustomValueRequest, codes: updateCustomValueCodes, run: updateCustomValue,
  }),
  search('indexCount', 'How many documents are indexed, per index type', {
    indexTypeOptional: true, subUserIdStringOrArray: true, request: IndexCountRequest, run: indexCount,
  }),
  search('analyze', 'The entities simple search recognises in a keyword', { request: AnalyzeRequest, codes: analyzeCodes, run: analyze }),
  plugin('documentConversion', 'Extract text, page count and face photo; convert to doc, docx, rtf, pdf or html', {
    // The checks of spec 4.9 go in their own order with their own numbers, so the schema only documents them.
    request: DocumentConversionRequestSchema, read: parseConversionRequest, run: documentConversion,
  }),
  plugin('skillGapDetection', 'Skills a resume has and misses for a job title or JD', {
    request: SkillGapRequest, response: SkillGapResponse, codes: skillGapCodes, run: skillGapDetection,
  }),
]
