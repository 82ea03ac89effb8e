import { gunzipSync, gzipSync } from 'node:zlib'
import type { TaggerData } from './perceptron.js'

/** The format name written into every weights file; a reader refuses any other. */
export const weightsFormat = 'resume-tagger/1'

/** A weights file's content: the tagger and what it was trained on, for the record. */
export interface WeightsFile {
  format: typeof weightsFormat
  /** What the training saw (document counts per source, epochs, ...): read by people, not by code. */
  trainedOn: Record<string, number | string>
  tagger: TaggerData
}

/**
 * The weights as gzipped JSON. Keys come out in the order the tagger data has them (features sorted by
 * name), and gzip writes no time stamp, so the same weights always give the same bytes.
 */
export function writeWeights(file: Omit<WeightsFile, 'format'>): Buffer {
  const json = JSON.stringify({ format: weightsFormat, trainedOn: file.trainedOn, tagger: file.tagger })
  return gzipSync(Buffer.from(json, 'utf8'), { level: 9 })
}

export function readWeights(bytes: Uint8Array): WeightsFile {
  const parsed = JSON.parse(gunzipSync(bytes).toString('utf8')) as Partial<WeightsFile>
  if (parsed.format !== weightsFormat || !parsed.tagger) throw new Error(`not a ${weightsFormat} weights file (format ${String(parsed.format)})`)
  return parsed as WeightsFile
}
