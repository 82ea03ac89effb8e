import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiError } from '../errors/api-error.js'
import { intakeLimits } from '../config.js'
import { runProcess } from '../intake/run-process.js'
import { Slots } from '../intake/slots.js'

/** The outputs of spec 8, with LibreOffice's export filter for each. */
export const outputFilters = {
  doc: 'doc:MS Word 97',
  docx: 'docx:MS Word 2007 XML',
  rtf: 'rtf:Rich Text Format',
  pdf: 'pdf:writer_pdf_Export',
  html: 'html:XHTML Writer File:UTF8',
} as const

export type OutputType = keyof typeof outputFilters

export interface ConversionInput {
  bytes: Uint8Array
  /** The extension soffice should see, e.g. `docx`. */
  extension: string
  /** An import filter, when the extension alone would open the wrong module (HTML, text). */
  importFilter?: string
}

/**
 * A small pool of headless LibreOffice processes. Each worker has its own user profile (and HOME):
 * two soffice processes sharing a profile lock each other out. A conversion waits for a free worker,
 * then has CONVERSION_TIMEOUT_MS (1029); a machine without soffice gets 1030.
 *
 * @example
 *   const pdf = await libreOffice().convert({ bytes, extension: 'docx' }, 'pdf')
 */
export class LibreOfficePool {
  private readonly slots: Slots
  private readonly root = join(tmpdir(), `rs-soffice-${process.pid}`)

  constructor(workers = intakeLimits().conversionWorkers) {
    this.slots = new Slots(workers)
  }

  convert(input: ConversionInput, to: OutputType): Promise<Uint8Array> {
    return this.slots.run((worker) => this.run(worker, input, to))
  }

  private async run(worker: number, input: ConversionInput, to: OutputType): Promise<Uint8Array> {
    const limits = intakeLimits()
    const home = join(this.root, `worker-${worker}`)
    await mkdir(home, { recursive: true })
    const folder = await mkdtemp(join(this.root, 'job-'))
    try {
      const file = join(folder, `document.${input.extension}`)
      await writeFile(file, input.bytes)
      const args = ['--headless', '--norestore', '--nologo', '--nolockcheck', '--nodefault', `-env:UserInstallation=file://${home}/profile`]
      if (input.importFilter) args.push(`--infilter=${input.importFilter}`)
      args.push('--convert-to', outputFilters[to], '--outdir', join(folder, 'out'), file)
      const result = await runProcess(limits.sofficePath, args, { timeoutMs: limits.conversionTimeoutMs, env: { ...process.env, HOME: home } })
      if (result.kind === 'missing') throw new ApiError(1030)
      if (result.kind === 'timeout') {
        // A killed soffice can leave its profile locked; the next run makes a fresh one.
        await rm(home, { recursive: true, force: true })
        throw new ApiError(1029, limits.conversionTimeoutMs)
      }
      try {
        return new Uint8Array(await readFile(join(folder, 'out', `document.${to}`)))
      } catch (cause) {
        throw new ApiError(1036, to, { cause })
      }
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }
}

/** The process's one pool, made on first use. */
let pool: LibreOfficePool | undefined
export function libreOffice(): LibreOfficePool {
  pool ??= new LibreOfficePool()
  return pool
}
