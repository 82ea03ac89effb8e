import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CorpusVocabulary } from '../vocab.js'
import { startSearchd, freePort } from './searchd.js'
import { sphinxConfig, sphinxIndex } from './sphinx-config.js'
import type { SphinxTerms } from './sphinx-documents.js'
import { runIndexer, writeSphinxCorpus } from './sphinx-load.js'
import { SphinxClient } from './sphinxql.js'

/** A running Sphinx over the corpus, in a temporary directory of its own, and one client of it. */
export interface SphinxPeer {
  client: SphinxClient
  terms: SphinxTerms
  port: number
  /** Writing the corpus as tsvpipe lines (generation included), and indexer's run over it. */
  corpusMs: number
  indexMs: number
  /** Bytes of the index files. */
  indexBytes: number
  /** Closes the client, stops searchd and deletes the directory. */
  stop(): Promise<void>
}

/**
 * Indexes resumes [0, docs) of the corpus of `seed` into Sphinx and starts searchd on a free port. The
 * caller makes sure indexer and searchd are installed (sphinx-install.ts).
 */
export async function startSphinxPeer(v: CorpusVocabulary, seed: number, docs: number): Promise<SphinxPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-sphinx-'))
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  try {
    const tsvFile = join(dir, 'corpus.tsv')
    const configFile = join(dir, 'sphinx.conf')
    const port = await freePort()
    writeFileSync(configFile, sphinxConfig({ dir, port, tsvFile }))

    const corpusStart = performance.now()
    const terms = writeSphinxCorpus(v, seed, docs, tsvFile)
    const corpusMs = performance.now() - corpusStart
    const indexStart = performance.now()
    await runIndexer(configFile)
    const indexMs = performance.now() - indexStart
    rmSync(tsvFile)
    const indexBytes = readdirSync(dir).filter((name) => name.startsWith(`${sphinxIndex}.`)).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0)

    const searchd = await startSearchd(configFile, port)
    const client = await SphinxClient.connect(port).catch(async (error: unknown) => {
      await searchd.stop()
      throw error
    })
    return {
      client, terms, port, corpusMs, indexMs, indexBytes,
      async stop() {
        await client.close().catch(() => {})
        await searchd.stop()
        removeDir()
      },
    }
  } catch (error) {
    removeDir()
    throw error
  }
}
