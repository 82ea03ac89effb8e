import { Inflate } from 'fflate'
import { ApiError } from '../errors/api-error.js'
import { intakeLimits, type IntakeLimits } from '../config.js'

/** One entry of a zip's central directory. Sizes are as declared, which a bomb may lie about. */
export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  size: number
  localHeaderOffset: number
}

/**
 * The entries of a zip file from its central directory, without inflating anything. A file whose
 * directory cannot be read is corrupted (1031).
 */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = findEndOfDirectory(view)
  const count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  if (count === 0xffff || offset === 0xffffffff) throw new ApiError(1025, 'ZIP64 archives are not accepted')
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) throw corrupted('a broken zip directory')
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    entries.push({
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      localHeaderOffset: view.getUint32(offset + 42, true),
    })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/**
 * Refuses archives that would cost more to open than any real document: too many entries, too many
 * declared bytes, or an entry compressed far beyond what text and images allow (1025).
 */
export function guardZip(entries: ZipEntry[], limits: IntakeLimits = intakeLimits()): void {
  if (entries.length > limits.maxZipEntries) throw new ApiError(1025, `${entries.length} entries, limit ${limits.maxZipEntries}`)
  const total = entries.reduce((sum, entry) => sum + entry.size, 0)
  if (total > limits.maxZipBytes) throw new ApiError(1025, `${total} uncompressed bytes, limit ${limits.maxZipBytes}`)
  for (const entry of entries) {
    const ratio = entry.size / Math.max(1, entry.compressedSize)
    if (entry.size > 1024 * 1024 && ratio > limits.maxZipRatio) {
      throw new ApiError(1025, `${entry.name} expands ${Math.round(ratio)} times, limit ${limits.maxZipRatio}`)
    }
  }
}

/**
 * Inflates one entry, stopping as soon as it yields more than it declared: the declared size is what
 * `guardZip` checked, so a lying header cannot get past it.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const local = entry.localHeaderOffset
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw corrupted(`a broken zip entry ${entry.name}`)
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (data.length < entry.compressedSize) throw corrupted(`a truncated zip entry ${entry.name}`)
  if (entry.method === 0) return data
  if (entry.method !== 8) throw corrupted(`zip compression method ${entry.method}`)

  const chunks: Uint8Array[] = []
  let produced = 0
  const inflate = new Inflate((chunk) => {
    produced += chunk.length
    if (produced > entry.size) throw new ApiError(1025, `${entry.name} inflates past its declared size`)
    chunks.push(chunk)
  })
  try {
    // Small input steps bound what one step can inflate to (deflate tops out near 1032:1).
    const step = 16 * 1024
    for (let i = 0; i < data.length; i += step) inflate.push(data.subarray(i, i + step), i + step >= data.length)
    if (data.length === 0) inflate.push(new Uint8Array(0), true)
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw corrupted(`zip entry ${entry.name} does not inflate`)
  }
  return Buffer.concat(chunks)
}

/** Every entry whose name passes `wanted`, inflated, after the archive passed `guardZip`. */
export function readZip(bytes: Uint8Array, wanted: (name: string) => boolean, limits?: IntakeLimits): Map<string, Uint8Array> {
  const entries = listZipEntries(bytes)
  guardZip(entries, limits)
  const files = new Map<string, Uint8Array>()
  for (const entry of entries) if (wanted(entry.name)) files.set(entry.name, readZipEntry(bytes, entry))
  return files
}

function findEndOfDirectory(view: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65535.
  const last = view.byteLength - 22
  for (let at = last; at >= 0 && at >= last - 65535; at--) if (view.getUint32(at, true) === 0x06054b50) return at
  throw corrupted('no zip directory (truncated archive?)')
}

function corrupted(detail: string): ApiError {
  return new ApiError(1031, detail)
}
