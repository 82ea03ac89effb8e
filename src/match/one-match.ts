import { randomUUID } from 'node:crypto'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { withTenantRolledBack } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import { jdEntities, resumeEntities } from '../entity/entities.js'
import { writeDocument } from '../indexing/document-writer.js'
import { decodeFileContent, extractDocument } from '../intake/index.js'
import { parseJd } from '../parser/jd.js'
import { parseResume } from '../parser/resume.js'
import type { OneMatchRequest } from '../schemas/match-request.js'
import type { IndexEnvelope, OperationRequest } from '../schemas/operation-request.js'
import { commonQuery } from '../search/common-options.js'
import { explainHit } from '../search/explain.js'
import { searchStatement } from '../search/search-sql.js'
import type { MatchDeps } from './match.js'
import { matchModel, matchQuery } from './match-model.js'

/**
 * POST {base_url}/oneMatch (spec 4.6): one uploaded resume against one uploaded JD, in the direction of
 * matchType. Both are parsed; the target is scored with the same SQL as /match, inside a transaction
 * that is rolled back: nothing is indexed and no credit is used.
 */
export async function oneMatch(deps: MatchDeps, account: Account, { body }: OperationRequest<v.InferOutput<typeof OneMatchRequest>, IndexEnvelope>) {
  if (body.matchType !== 'Resume to JD' && body.matchType !== 'JD to Resume') throw new ApiError(2070)
  // The id the uploaded target has for the moment it exists (the transaction is rolled back).
  const transientId = `oneMatch:${randomUUID()}`

  const [resumeText, jdText] = await Promise.all([
    extractDocument(decodeFileContent(body.match.resumeContent), body.match.resumeFileName, { images: false }),
    extractDocument(decodeFileContent(body.match.jdContent), body.match.jdFileName, { images: false }),
  ])
  const resume = parseResume(resumeText.text, { fileName: body.match.resumeFileName })
  const jd = parseJd(jdText.text, { fileName: body.match.jdFileName })
  const resumeSide = { type: 'Resume' as const, searchable: resumeEntities(resume, { personalInformation: true }), parsed: resume }
  const jdSide = { type: 'JD' as const, searchable: jdEntities(jd), parsed: jd }
  const [source, target] = body.matchType === 'Resume to JD' ? [resumeSide, jdSide] : [jdSide, resumeSide]

  const model = matchModel(source.type, source.searchable, target.type, source.parsed)
  // The explanation is always computed: the score's parts are returned when explainScore is true.
  const common = commonQuery(target.type, { pageSize: 1, explainScore: true, explainScoreType: body.explainScoreType ?? 'json' }, undefined)
  const query = matchQuery(model, common, { matchIds: [transientId], perTier: deps.config.matchCandidatesPerTier })
  // A source with nothing to compare scores 0, as /match then finds nothing.
  const row = query && await withTenantRolledBack(deps.db, account.id, async (trx) => {
    await writeDocument(trx, account.id, {
      indexType: target.type,
      documentId: transientId,
      parsed: target.parsed,
      searchable: target.searchable,
      customValue: {},
    })
    return (await searchStatement(account.id, query).execute(trx)).rows[0]!.records[0]
  })

  const explanation = query && row ? explainHit(query, row) : undefined
  return {
    status: '200',
    matchType: body.matchType,
    score: row ? Number(row.score) : 0,
    ResumeJSON: resume,
    JDJSON: jd,
    ...(body.explainScore && explanation ? { explainScore: [{ explaination: explanation.explaination }] } : {}),
  }
}
