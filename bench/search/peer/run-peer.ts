import { loadavg } from 'node:os'
import type { Kysely } from 'kysely'
import type { Schema } from '../../../src/db/schema.js'
import type { CorpusVocabulary } from '../vocab.js'
import { compareIntent, peerReport, type Engine, type IntentRuns } from './compare.js'
import { ServiceClient, httpPost } from './http-client.js'
import { peerIntents, type IntentQuery } from './intents.js'
import { benchAccountKey, startServiceProcess } from './service-process.js'
import { ensureSphinx, sphinxVersion } from './sphinx-install.js'
import { startSphinxPeer } from './sphinx-peer.js'
import { sphinxQuery } from './sphinxql.js'

export interface PeerOptions {
  /** The benchmark's database (rs_bench), loaded with resumes [0, docs) of `seed`. */
  db: Kysely<Schema>
  databaseUrl: string
  accountName: string
  vocab: CorpusVocabulary
  seed: number
  docs: number
  runs: number
  warmup: number
  budgetMs: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
// The machine is shared: its load beside the figures says how far to trust them.
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`

/**
 * bench:search --peer: indexes the same corpus into Sphinx, starts the service over the benchmark's
 * database, and times the five intents of issue 19 against both, ours through HTTP with a key of the
 * benchmark's account, Sphinx over SphinxQL; prints the comparison. Stops what it started.
 */
export async function runPeer(o: PeerOptions): Promise<void> {
  ensureSphinx((line) => console.log(line))
  console.log(`\npeer: ${sphinxVersion()}; indexing the same ${o.docs} resumes (seed ${o.seed}); ${load()}`)
  const sphinx = await startSphinxPeer(o.vocab, o.seed, o.docs)
  try {
    console.log(`  corpus as tsvpipe lines ${seconds(sphinx.corpusMs)}; indexer ${seconds(sphinx.indexMs)} (${Math.round((o.docs * 1000) / sphinx.indexMs)} documents/s), index ${Math.round(sphinx.indexBytes / 1024 / 1024)} MB; searchd on 127.0.0.1:${sphinx.port}`)
    const key = await benchAccountKey(o.db, o.accountName)
    const service = await startServiceProcess(o.databaseUrl)
    try {
      console.log(`  service: node --import tsx src/main.ts on ${service.baseUrl}, booleanSearch with a key of the account "${o.accountName}"`)
      const ours = new ServiceClient(httpPost(service.baseUrl), key)
      const engines: { ours: Engine; sphinx: Engine } = {
        ours: (q: IntentQuery) => ours.count(q),
        // The SphinxQL is built inside the timed call: turning values into term ids is the client's work there.
        sphinx: async (q: IntentQuery) => (await sphinx.client.run(sphinxQuery(q, sphinx.terms))).totalFound,
      }
      const results: IntentRuns[] = []
      for (const [i, intent] of peerIntents(o.vocab).entries()) {
        results.push(await compareIntent(intent, engines, { seed: o.seed * 1000 + i, warmup: o.warmup, runs: o.runs, budgetMs: o.budgetMs }))
      }
      console.log(`\nagainst Sphinx, ${o.docs} resumes, page size 50, one client, ${load()} at the end; ms per request, ours through HTTP (the whole JSON response read), Sphinx over SphinxQL (page + facets + SHOW META in one batch)`)
      console.log(peerReport(results))
    } finally {
      await service.stop()
    }
  } finally {
    await sphinx.stop()
  }
}
