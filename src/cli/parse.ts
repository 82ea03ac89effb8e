import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { parseJd } from '../parser/jd.js'
import { parseResume } from '../parser/resume.js'

const usage = `Usage: npm run --silent parse -- --type Resume|JD FILE

Prints the parser output (resume output 8 or JD output 3) as JSON on stdout.`

/** `npm run parse`: how humans and tools look at what the parser makes of a document. */
export function parseFile(type: 'Resume' | 'JD', file: string, bytes: Uint8Array): unknown {
  const text = new TextDecoder('utf-8').decode(bytes)
  const options = { fileName: basename(file) }
  return type === 'Resume' ? parseResume(text, options) : parseJd(text, options)
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { type: { type: 'string', short: 't' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  const type = values.type
  const file = positionals[0]
  if (values.help || !file || (type !== 'Resume' && type !== 'JD')) {
    process.stderr.write(usage + '\n')
    process.exitCode = values.help ? 0 : 2
    return
  }
  process.stdout.write(JSON.stringify(parseFile(type, file, readFileSync(file)), null, 2) + '\n')
}

main()
