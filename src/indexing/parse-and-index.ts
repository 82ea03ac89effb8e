import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { decodeFileContent, extractDocument } from '../intake/index.js'
import { parseJd } from '../parser/jd.js'
import { parseResume } from '../parser/resume.js'
import type { ParseAndIndexRequest } from '../schemas/index-request.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import { deduplicationOf } from './deduplication.js'
import { indexDocument, type IndexDeps } from './document-writer.js'
import { jdEntities, resumeEntities } from '../entity/entities.js'
import { indexResponse } from './index-response.js'

/**
 * POST {base_url}/parseAndIndex (spec 4.1): extract the file's text, parse it as a resume or JD and
 * index it under the client's id, in one transaction.
 */
export async function parseAndIndex(
  deps: IndexDeps,
  account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof ParseAndIndexRequest>>,
) {
  const { indexType, subUserId } = envelope
  const deduplication = deduplicationOf(body, indexType)

  const extracted = await extractDocument(decodeFileContent(body.data.fileContent), body.data.fileName, { images: false })
  const options = { fileName: body.data.fileName }
  const parsed = indexType === 'Resume' ? parseResume(extracted.text, options) : parseJd(extracted.text, options)
  const searchable = indexType === 'Resume'
    ? resumeEntities(parsed as ReturnType<typeof parseResume>, { personalInformation: body.personalInformationIdex !== false })
    : jdEntities(parsed as ReturnType<typeof parseJd>)

  const result = await indexDocument(deps.db, account, {
    indexType,
    ...(subUserId !== undefined ? { subUserId } : {}),
    documentId: body.data.id,
    parsed,
    searchable,
    customValue: body.customValue ?? {},
    ...(deduplication ? { deduplication } : {}),
  })
  return indexResponse({ indexType, subUserId, ...result, parsed })
}
