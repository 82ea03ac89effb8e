import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkLoad } from '../../bench/search/load.js'
import { ServiceClient } from '../../bench/search/peer/http-client.js'
import { peerIntents, type IntentQuery } from '../../bench/search/peer/intents.js'
import { sphinxMissing } from '../../bench/search/peer/sphinx-install.js'
import { startSphinxPeer, type SphinxPeer } from '../../bench/search/peer/sphinx-peer.js'
import { sphinxQuery } from '../../bench/search/peer/sphinxql.js'
import { seeded } from '../../bench/search/random.js'
import { syntheticResume } from '../../bench/search/generate.js'
import { corpusVocabulary } from '../../bench/search/vocab.js'
import { findAccountByKeyHash } from '../../src/accounts/account-repository.js'
import { hashKey } from '../../src/accounts/key.js'
import { startTestService, type TestService } from '../support/service.js'

/**
 * bench:search --peer compares times only if both engines answer the same question: the same generated
 * resumes indexed into a real Sphinx (when indexer and searchd are installed; nothing is installed here)
 * and into our service, each intent's total hit count from Sphinx must equal our booleanSearch's count.
 */
const missing = sphinxMissing()
if (missing.length > 0) console.info(`skipped: Sphinx against our search: ${missing.join(' and ')} not on PATH (Debian package sphinxsearch)`)

const seed = 23
const docs = 300
const draws = 20
const v = corpusVocabulary(seed)

describe.runIf(missing.length === 0)(`Sphinx and our search over the same ${docs} generated resumes`, () => {
  let service: TestService
  let sphinx: SphinxPeer
  let ours: ServiceClient

  beforeAll(async () => {
    service = await startTestService()
    const key = await service.createKey()
    const account = (await findAccountByKeyHash(service.database.db, hashKey(key)))!
    await bulkLoad(service.database.db, account, v, seed, 0, docs, () => {})
    sphinx = await startSphinxPeer(v, seed, docs)
    ours = new ServiceClient(service.post, key)
  }, 120_000)
  afterAll(async () => {
    await sphinx?.stop()
    await service?.close()
  })

  /** Title and city of indexed resumes: at this size most drawn pairs match nothing, these match some. */
  const ownValues = (): IntentQuery[] => Array.from({ length: 10 }, (_, n) => {
    const r = syntheticResume(v, seed, n * 7).ResumeParserData
    return { skills: [], facets: false, byExperience: false, title: r.JobProfile, city: r.Address[0]!.City }
  })

  for (const [i, intent] of peerIntents(v).entries()) {
    it(`${intent.name}: the same total count from both engines`, async () => {
      const random = seeded(seed * 100 + i)
      const queries = [...Array.from({ length: draws }, () => intent.next(random)), ...(intent.name === 'title + city' ? ownValues() : [])]
      const counts = []
      for (const q of queries) {
        const sphinxCount = (await sphinx.client.run(sphinxQuery(q, sphinx.terms))).totalFound
        counts.push({ q, ours: await ours.count(q), sphinx: sphinxCount })
      }
      expect(counts.filter((c) => c.ours !== c.sphinx)).toEqual([])
      // The comparison must have found something, or equal counts would prove nothing.
      expect(counts.some((c) => c.ours > 0), JSON.stringify(counts)).toBe(true)
    })
  }
})
