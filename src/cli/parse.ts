import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { ApiError } from '../errors/api-error.js'
import { intakeLimits } from '../config.js'
import { extractDocument } from '../intake/index.js'
import { parseJd } from '../parser/jd.js'
import { parseResume } from '../parser/resume.js'

const usage = `Usage: npm run --silent parse -- --type Resume|JD FILE

Reads FILE as the API's parseAndIndex does (PDF, DOC, DOCX, ODT, RTF, HTML, text, images and scans by
OCR) and prints the parser output (resume output 8 or JD output 3) as JSON on stdout. Intake warnings
go to stderr; a file the API would refuse gives its numbered error there and exit status 1.`

/**
 * `npm run parse`: what the service makes of a file, read through the intake of parseAndIndex.
 *
 * @example
 *   const { output, warnings } = await parseFile('Resume', 'cv.pdf')
 *   (output as ResumeOutput).ResumeParserData.Name.FullName // 'Anna Nowak'
 */
export async function parseFile(type: 'Resume' | 'JD', file: string): Promise<{ output: unknown; warnings: string[] }> {
  const { maxFileBytes } = intakeLimits()
  // The API refuses a file over the limit before decoding its base64; this refuses it before reading it.
  if ((await stat(file)).size > maxFileBytes) throw new ApiError(1024, maxFileBytes)
  const fileName = basename(file)
  const extracted = await extractDocument(new Uint8Array(await readFile(file)), fileName, { images: false })
  const options = { fileName }
  const output = type === 'Resume' ? parseResume(extracted.text, options) : parseJd(extracted.text, options)
  return { output, warnings: extracted.warnings }
}

async function main(): Promise<void> {
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
  try {
    const { output, warnings } = await parseFile(type, file)
    for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`)
    process.stdout.write(JSON.stringify(output, null, 2) + '\n')
  } catch (error) {
    process.stderr.write(error instanceof ApiError ? `error ${error.code}: ${error.message}\n` : `cannot read ${file}: ${(error as Error).message}\n`)
    process.exitCode = 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
