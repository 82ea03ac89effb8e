import type { DocumentFormat } from './detect-format.js'

export type { DocumentFormat }

/** An image found in a document (the candidate's photo, usually), in its own encoding. */
export interface ExtractedImage {
  data: Uint8Array
  type: 'png' | 'jpeg'
  /** Where it came from: an entry name, a page number, or "file" for an image upload. */
  source: string
}

/** What intake gets out of a file, whatever its format. */
export interface ExtractedDocument {
  text: string
  /** Pages as the document itself says (PDF, DOCX/ODT statistics), or an estimate (see warnings). */
  pageCount: number
  format: DocumentFormat
  images: ExtractedImage[]
  /** Things the caller may want to know: OCR used, page count estimated, images left out. */
  warnings: string[]
}

export interface ExtractOptions {
  /** OCR images and image-only PDF pages; default true. */
  ocr?: boolean
  /** Budget for OCR of this document; default OCR_TIMEOUT_MS. */
  timeoutMs?: number
  /** Collect embedded pictures (for the face step); default true. Off where no face is wanted: encoding PDF pictures is slow. */
  images?: boolean
}

/** Lines per page when a format does not record its page count; a typical resume page. */
export const linesPerPage = 55

export function estimatePages(text: string): number {
  return Math.max(1, Math.ceil(text.split('\n').length / linesPerPage))
}

/** PNG and JPEG only: the face step and the response's FaceImage take no other encoding. */
export function imageType(bytes: Uint8Array): ExtractedImage['type'] | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return undefined
}

/** The PNG and JPEG entries of an archive, by their bytes (EMF, WMF and the like are left out). */
export function archiveImages(files: Map<string, Uint8Array>, folder: string): ExtractedImage[] {
  const images: ExtractedImage[] = []
  for (const [name, data] of files) {
    const type = name.startsWith(folder) ? imageType(data) : undefined
    if (type) images.push({ data, type, source: name })
  }
  return images
}
