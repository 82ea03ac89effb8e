import type { IndexAction } from './document-writer.js'

/** Spec 4.1's response, the same for parseAndIndex and index. */
export function indexResponse(input: { indexType: string; subUserId?: string | undefined; action: IndexAction; id: string; parsed: unknown }) {
  return {
    status: '200',
    indexType: input.indexType,
    ...(input.subUserId !== undefined ? { subUserId: input.subUserId } : {}),
    action: input.action,
    id: input.id,
    doc: Buffer.from(JSON.stringify(input.parsed), 'utf8').toString('base64'),
  }
}
