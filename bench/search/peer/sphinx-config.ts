import { join } from 'node:path'
import { tsvColumns } from './sphinx-documents.js'

/** The index every peer query names. */
export const sphinxIndex = 'resumes'

/**
 * sphinx.conf for the peer benchmark, every file inside `dir`. A plain index fed by tsvpipe, not an RT
 * index filled over SphinxQL: indexer sorts the whole corpus in one pass and writes the index once,
 * where INSERT batches would pay a round trip and a parse per batch and leave RAM chunks to merge.
 * searchd listens on SphinxQL (mysql41) only, on 127.0.0.1, without a binlog (a plain index writes none)
 * and without a query log, which would add a write per query that a production peer would not have.
 */
export function sphinxConfig(options: { dir: string; port: number; tsvFile: string }): string {
  const { dir, port, tsvFile } = options
  const columns = tsvColumns.map(([kind, name]) => `  ${kind} = ${name}`)
  return [
    'source corpus',
    '{',
    '  type = tsvpipe',
    `  tsvpipe_command = cat ${shellQuoted(tsvFile)}`,
    ...columns,
    '}',
    '',
    `index ${sphinxIndex}`,
    '{',
    '  source = corpus',
    `  path = ${join(dir, sphinxIndex)}`,
    '  docinfo = extern',
    '}',
    '',
    'indexer',
    '{',
    // Room to sort the corpus' postings and MVA values in memory rather than in temporary files.
    '  mem_limit = 1024M',
    '}',
    '',
    'searchd',
    '{',
    `  listen = 127.0.0.1:${port}:mysql41`,
    `  log = ${join(dir, 'searchd.log')}`,
    `  pid_file = ${join(dir, 'searchd.pid')}`,
    '  binlog_path =',
    '  read_timeout = 5',
    '  workers = threads',
    '}',
    '',
  ].join('\n')
}

/** tsvpipe_command goes through a shell; a temporary directory's path has no quote, but say so in code. */
function shellQuoted(path: string): string {
  if (path.includes("'")) throw new Error(`a path with a quote cannot be a tsvpipe command: ${path}`)
  return `'${path}'`
}
