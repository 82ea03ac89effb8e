import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { intakeLimits } from '../config.js'
import type { ExtractedImage } from '../intake/index.js'
import { runProcess } from '../intake/run-process.js'

/**
 * Page 1 of a PDF as a 150 dpi PNG (poppler's pdftoppm), for finding a face that is not a separate
 * picture. Undefined when pdftoppm is missing or fails: the response then has no FaceImage.
 */
export async function renderFirstPage(pdf: Uint8Array): Promise<ExtractedImage | undefined> {
  const limits = intakeLimits()
  const folder = await mkdtemp(join(tmpdir(), 'rs-page-'))
  try {
    await writeFile(join(folder, 'in.pdf'), pdf)
    const result = await runProcess(limits.pdftoppmPath, ['-r', '150', '-png', '-singlefile', '-f', '1', '-l', '1', 'in.pdf', 'page'], { cwd: folder, timeoutMs: limits.ocrTimeoutMs })
    if (result.kind !== 'done' || result.code !== 0) return undefined
    return { data: new Uint8Array(await readFile(join(folder, 'page.png'))), type: 'png', source: 'page 1' }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
