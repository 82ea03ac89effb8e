import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import type { IndexParsedRequest } from '../schemas/index-request.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import { deduplicationOf } from './deduplication.js'
import { indexDocument, type IndexDeps } from './document-writer.js'
import { indexResponse } from './index-response.js'
import { decodeParsedDocument } from './parsed-document.js'

/**
 * POST {base_url}/index: index a parser output the client already has (the `doc` of an earlier
 * parseAndIndex, base64 JSON), without parsing again. It must be resume output 8 (else 2024) or JD
 * output 3 (else 2025), as docs/*.schema.json describe.
 */
export async function indexParsed(
  deps: IndexDeps,
  account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof IndexParsedRequest>>,
) {
  const { indexType, subUserId } = envelope
  const deduplication = deduplicationOf(body, indexType)
  const { output: json, searchable } = decodeParsedDocument(indexType, body.data.jsonData, { personalInformation: body.personalInformationIdex !== false })

  const result = await indexDocument(deps.db, account, {
    indexType,
    ...(subUserId !== undefined ? { subUserId } : {}),
    documentId: body.data.id,
    parsed: json,
    searchable,
    customValue: body.customValue ?? {},
    ...(deduplication ? { deduplication } : {}),
  })
  return indexResponse({ indexType, subUserId, ...result, parsed: json })
}
