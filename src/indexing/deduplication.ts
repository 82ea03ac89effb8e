import { ApiError } from '../errors/api-error.js'
import type { Deduplication } from './document-writer.js'
import { isEntityName, type IndexType } from '../entity/entity-names.js'

/** The request's de-duplication settings (either spelling), with its fields checked against spec 2.3. */
export function deduplicationOf(
  body: { deDuplication?: Deduplication | undefined; deduplication?: Deduplication | undefined },
  indexType: IndexType,
): Deduplication | undefined {
  const settings = body.deDuplication ?? body.deduplication
  for (const field of settings?.fields ?? []) {
    if (!isEntityName(indexType, field)) throw new ApiError(1010, `deDuplication.fields: ${field} is not a ${indexType} entity (see docs/entities.md)`)
  }
  return settings
}
