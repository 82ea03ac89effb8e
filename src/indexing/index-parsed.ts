import * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { ApiError } from '../errors/api-error.js'
import { decodeFileContent } from '../intake/index.js'
import { JdOutputSchema } from '../parser/jd-output.js'
import { ResumeOutputSchema } from '../parser/resume-output.js'
import type { IndexParsedRequest } from '../schemas/index-request.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import { deduplicationOf } from './deduplication.js'
import { indexDocument, type IndexDeps } from './document-writer.js'
import { jdEntities, resumeEntities, type SearchableDocument } from '../entity/entities.js'
import { indexResponse } from './index-response.js'

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
  const invalid = indexType === 'Resume' ? 2024 : 2025

  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeFileContent(body.data.jsonData)))
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(invalid, undefined, { cause: error })
  }
  const searchable = searchableOf(indexType, json, body.personalInformationIdex !== false)

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

/** The searchable form of a client's parser output, or 2024/2025 when it is not one. */
function searchableOf(indexType: 'Resume' | 'JD', json: unknown, personalInformation: boolean): SearchableDocument {
  if (indexType === 'Resume') {
    const resume = v.safeParse(ResumeOutputSchema, json)
    if (!resume.success) throw new ApiError(2024)
    return resumeEntities(resume.output, { personalInformation })
  }
  const jd = v.safeParse(JdOutputSchema, json)
  if (!jd.success) throw new ApiError(2025)
  return jdEntities(jd.output)
}
