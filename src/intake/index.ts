/** Document intake: bytes in any format of spec 8 to text, page count and pictures. */
export { extractDocument } from './extract.js'
export { decodeFileContent } from './file-content.js'
export { detectFormat, extensionFormats, type DocumentFormat } from './detect-format.js'
export type { ExtractedDocument, ExtractedImage, ExtractOptions } from './types.js'
