import type { Kysely } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import type { Config } from '../config.js'
import type { Schema } from '../db/schema.js'
import { ApiError } from '../errors/api-error.js'
import type { SearchableDocument } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import { decodeParsedDocument } from '../indexing/parsed-document.js'
import type { MatchRequest, MatchWithIdRequest, MultiSubUserMatchRequest } from '../schemas/match-request.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import { commonQuery } from '../search/common-options.js'
import { runSearch } from '../search/run-search.js'
import { matchModel, matchQuery } from './match-model.js'

/** What the match operations need: the database, and how many candidates a match scores per tier. */
export interface MatchDeps {
  db: Kysely<Schema>
  config: Pick<Config, 'matchCandidatesPerTier' | 'searchMerge'>
}

type Variant = 'match' | 'matchWithId' | 'multiSubUser'
type MatchBody = Omit<v.InferOutput<typeof MatchRequest>, 'index' | 'match'> & { match: { docType: string; jsonData: string; matchId?: string[] } }
type MatchEnvelope = { indexType: IndexType; subUserId?: string | string[] }

/** POST {base_url}/match (spec 4.5): the indexed documents of index.indexType that best match a parsed document. */
export const match = (deps: MatchDeps, account: Account, request: OperationRequest<v.InferOutput<typeof MatchRequest>>) =>
  runMatch(deps, account, request, 'match')
/** POST {base_url}/matchWithId: the same, scored against the ids in match.matchId only. */
export const matchWithId = (deps: MatchDeps, account: Account, request: OperationRequest<v.InferOutput<typeof MatchWithIdRequest>>) =>
  runMatch(deps, account, request, 'matchWithId')
/** POST {base_url}/matchWithMultipleSubUserIds: the same, across the sub-users of index.subUserId (an array). */
export const matchWithMultipleSubUserIds = (
  deps: MatchDeps,
  account: Account,
  request: OperationRequest<v.InferOutput<typeof MultiSubUserMatchRequest>, { indexType: IndexType; subUserId?: string[] }>,
) => runMatch(deps, account, request, 'multiSubUser')

async function runMatch(
  deps: MatchDeps,
  account: Account,
  { envelope, body }: OperationRequest<MatchBody, MatchEnvelope>,
  variant: Variant,
): Promise<Record<string, unknown>> {
  const { indexType, subUserId } = envelope
  const matchIds = variant === 'matchWithId' ? body.match.matchId ?? [] : undefined
  if (matchIds?.length === 0) throw new ApiError(2059)

  const source = sourceDocument(body.match.docType, body.match.jsonData)
  const model = matchModel(source.type, source.searchable, indexType, source.output)
  const common = commonQuery(indexType, {
    ...(body.explainScore !== undefined ? { explainScore: body.explainScore } : {}),
    ...(body.explainScoreType ? { explainScoreType: body.explainScoreType } : {}),
    ...(body.pageSize !== undefined ? { pageSize: body.pageSize } : {}),
    ...(body.pageStart !== undefined ? { pageStart: body.pageStart } : {}),
    ...(body.sorting ? { sorting: body.sorting } : {}),
    ...(variant !== 'matchWithId' && body.excludeDocumentIds ? { excludeDocumentIds: body.excludeDocumentIds } : {}),
  }, subUserId)
  const query = matchQuery(model, common, { matchIds, perTier: deps.config.matchCandidatesPerTier })
  if (!query) return { count: 0, pageStart: common.page.start, pageSize: common.page.size, records: [] }
  return runSearch(deps.db, account, query, { mergeFirst: deps.config.searchMerge === 'on-search' })
}

/** The parsed document a match starts from: docType 2053/2052/2051, jsonData 2055/2054/2056, output 2024/2025. */
function sourceDocument(docType: string, jsonData: string): { type: IndexType; searchable: SearchableDocument; output: unknown } {
  if (docType !== 'Resume' && docType !== 'JD') throw new ApiError(2051)
  try {
    return { type: docType, ...decodeParsedDocument(docType, jsonData, { personalInformation: false }) }
  } catch (error) {
    // Spec 4.5 numbers jsonData that is not base64 for match.
    if (error instanceof ApiError && error.code === 2026) throw new ApiError(2056)
    throw error
  }
}
