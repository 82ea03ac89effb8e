import type { Context } from 'hono'
import type * as v from 'valibot'
import { IndexRequestSchema, PluginRequestSchema } from '../schemas/envelope.js'
import type { AppEnv } from './context.js'
import type { ServiceDeps } from './deps.js'

/**
 * Every operation of the interface (spec 4.1-4.10), registered under its base path. An operation without
 * `handle` answers 501 (1006) after the common pipeline, until its issue lands.
 */
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
  handle?: (c: Context<AppEnv>, deps: ServiceDeps) => Promise<Response>
}

const search = (name: string, summary: string, extra: Partial<Operation> = {}): Operation => ({
  name,
  base: 'search',
  summary,
  request: IndexRequestSchema,
  ...extra,
})

const plugin = (name: string, summary: string, extra: Partial<Operation> = {}): Operation => ({
  name,
  base: 'plugin',
  summary,
  request: PluginRequestSchema,
  ...extra,
})

export const operations: Operation[] = [
  search('parseAndIndex', 'Parse a resume or JD file and index it under the client\'s id'),
  search('index', 'Index a parser output the client already has'),
  search('simpleSearch', 'Search with a sentence such as "java developer in Berlin 5 years"'),
  search('booleanSearch', 'Search with required and optional entities and weights'),
  search('match', 'Find the indexed documents that best match a parsed resume or JD'),
  search('matchWithId', 'Score a parsed resume or JD against the given indexed ids'),
  search('matchWithMultipleSubUserIds', 'Match across several sub-users', { subUserIdArray: true }),
  search('oneMatch', 'Match one uploaded resume against one uploaded JD', { indexTypeOptional: true }),
  search('checkDocumentIndex', 'Whether a document id is indexed, and since when'),
  search('getDocumentIds', 'A page of the indexed document ids'),
  search('getDocumentDetail', 'The stored parser output and custom values of a document'),
  search('getSubUserIds', 'A page of the account\'s sub-user ids'),
  search('delete', 'Delete documents by id'),
  search('deleteAllDocs', 'Delete every document of an index type'),
  search('updateCustomValue', 'Add, replace or delete custom values without re-parsing'),
  search('indexCount', 'How many documents are indexed, per index type'),
  search('analyze', 'The entities simple search recognises in a keyword'),
  plugin('documentConversion', 'Extract text, page count and face photo; convert to doc, docx, rtf, pdf or html'),
  plugin('skillGapDetection', 'Skills a resume has and misses for a job title or JD'),
]
