import { spawn } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import { resumeEntities } from '../../../src/entity/entities.js'
import { syntheticResume } from '../generate.js'
import type { CorpusVocabulary } from '../vocab.js'
import { outputOf } from './child-process.js'
import { newTerms, sphinxDocument, tsvLine, type SphinxTerms } from './sphinx-documents.js'

/** Lines per write: big enough that the writes cost nothing next to generating the resumes. */
const linesPerWrite = 1000

/**
 * Writes resumes [0, docs) of the corpus (the same seed and numbers bench:search loads into PostgreSQL)
 * to `file` as tsvpipe lines, Sphinx id n + 1 for resume n, and returns the term dictionaries the
 * queries translate their values with.
 */
export function writeSphinxCorpus(v: CorpusVocabulary, seed: number, docs: number, file: string): SphinxTerms {
  const terms = newTerms()
  const fd = openSync(file, 'w')
  try {
    let lines: string[] = []
    for (let n = 0; n < docs; n++) {
      const searchable = resumeEntities(syntheticResume(v, seed, n), { personalInformation: true })
      lines.push(tsvLine(sphinxDocument(n + 1, searchable, terms)))
      if (lines.length === linesPerWrite || n === docs - 1) {
        writeSync(fd, lines.join(''))
        lines = []
      }
    }
  } finally {
    closeSync(fd)
  }
  return terms
}

/** Runs a program to its end and returns what it printed; throws with that output when it fails. */
export function runProgram(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = outputOf(child, 100_000)
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve(output()) : reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${output()}`))))
  })
}

/** Builds every index of the configuration with indexer (searchd is not running yet, so no --rotate). */
export async function runIndexer(configFile: string): Promise<string> {
  const output = await runProgram('indexer', ['--config', configFile, '--all'])
  // indexer exits 0 on some failures (an unreadable source leaves an empty index), so read its verdict.
  if (/^(ERROR|FATAL)/m.test(output)) throw new Error(`indexer failed:\n${output}`)
  return output
}
