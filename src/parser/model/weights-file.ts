import { gunzipSync, gzipSync } from 'node:zlib'
import type { TaggerData } from './perceptron.js'

/** The format name written into every weights file; a reader refuses any other. */
export const weightsFormat = 'resume-tagger/2'

/** A weights file's content: its taggers by name and what they were trained on, for the record. */
export interface WeightsFile {
  format: typeof weightsFormat
  /** What the training saw (document counts per source, epochs, ...): read by people, not by code. */
  trainedOn: Record<string, number | string>
  taggers: Record<string, TaggerData>
}

/**
 * The weights as gzipped JSON. Keys come out in the order the tagger data has them (features sorted by
 * name), and gzip writes no time stamp, so the same weights always give the same bytes.
 */
export function writeWeights(file: Omit<WeightsFile, 'format'>): Buffer {
  const json = JSON.stringify({ format: weightsFormat, trainedOn: file.trainedOn, taggers: file.taggers })
  return gzipSync(Buffer.from(json, 'utf8'), { level: 9 })
}

export function readWeights(bytes: Uint8Array): WeightsFile {
  const parsed = JSON.parse(gunzipSync(bytes).toString('utf8')) as Partial<WeightsFile>
  if (parsed.format !== weightsFormat || !parsed.taggers) throw new Error(`not a ${weightsFormat} weights file (format ${String(parsed.format)})`)
  return parsed as WeightsFile
}
