import type { Logger } from 'pino'
import type { Account } from '../accounts/account-repository.js'
import { decodeFileContent, extractDocument, type ExtractedDocument } from '../intake/index.js'
import type { ConversionRequest } from '../schemas/document-conversion-request.js'
import type { OperationRequest, PluginEnvelope } from '../schemas/operation-request.js'
import { conversionSource } from './conversion-source.js'
import { findFace } from './face-detection.js'
import { libreOffice, type OutputType } from './libreoffice.js'
import { renderFirstPage } from './render-page.js'

/** What conversion needs: the request's logger, for a line on what was converted. */
export interface ConversionDeps {
  logger: Logger
}

/** The response of spec 4.9. `FaceImage` and `ConvertedData` appear only when asked for and found. */
export interface DocumentConversionResponse {
  FileName: string
  PageCount: number
  TextData: string
  FaceImage?: { Data: string; Type: string }
  ConvertedData?: { Data: string; Type: string }
}

/**
 * POST {plugin_url}/documentConversion: text and page count of the file, the candidate's face when
 * `facedetection` is "true", and the file converted when `outputtype` is set.
 */
export async function documentConversion(
  deps: ConversionDeps,
  _account: Account,
  { body: request }: OperationRequest<ConversionRequest, PluginEnvelope>,
): Promise<DocumentConversionResponse> {
  const bytes = decodeFileContent(request.fileData)
  const document = await extractDocument(bytes, request.fileName, { images: request.faceDetection })
  const response: DocumentConversionResponse = { FileName: request.fileName, PageCount: document.pageCount, TextData: document.text }

  if (request.faceDetection) {
    const face = await findFace(await faceCandidates(bytes, document))
    if (face) response.FaceImage = { Data: Buffer.from(face.data).toString('base64'), Type: face.type }
  }
  if (request.outputType) {
    response.ConvertedData = { Data: Buffer.from(await convert(bytes, document, request.outputType)).toString('base64'), Type: request.outputType }
  }
  deps.logger.info({ format: document.format, pages: document.pageCount, warnings: document.warnings }, 'document converted')
  return response
}

/** The document's own pictures; a PDF without any (a scan, a photo drawn as part of the page) is rendered. */
async function faceCandidates(bytes: Uint8Array, document: ExtractedDocument): Promise<ExtractedDocument['images']> {
  if (document.images.length > 0 || document.format !== 'pdf') return document.images
  const page = await renderFirstPage(bytes)
  return page ? [page] : []
}

async function convert(bytes: Uint8Array, document: ExtractedDocument, to: OutputType): Promise<Uint8Array> {
  const source = conversionSource(bytes, document, to)
  return source ? libreOffice().convert(source, to) : bytes
}
