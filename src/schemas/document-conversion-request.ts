import * as v from 'valibot'
import { ApiError } from '../errors/api-error.js'
import { outputFilters, type OutputType } from '../plugins/libreoffice.js'

/**
 * The `version` values accepted: the first version of this interface. The vendor issues its own value;
 * ours is documented in the README, and all three spellings mean the same.
 */
export const acceptedVersions = ['1.0.0', '1.0', '1'] as const

const Configuration = v.looseObject({
  outputtype: v.optional(v.pipe(v.picklist(Object.keys(outputFilters) as OutputType[]), v.description('convert to doc, docx, rtf, pdf or html (1021 otherwise)'))),
  facedetection: v.optional(v.pipe(v.union([v.picklist(['true', 'false']), v.boolean()]), v.description('"true": return the cropped face photo (1022 otherwise)'))),
})

/** Spec 4.9, for the OpenAPI document; `parseConversionRequest` gives the numbered errors. */
export const DocumentConversionRequestSchema = v.looseObject({
  userkey: v.pipe(v.string(), v.description('the client key; the key needs the plugins permission')),
  subuserid: v.pipe(v.string(), v.regex(/^\S+$/), v.description('required; no spaces')),
  version: v.pipe(v.picklist(acceptedVersions), v.description('required; "1.0.0" (1018 missing, 1019 other values)')),
  filename: v.pipe(v.string(), v.description('with extension: doc, docx, dot, rtf, pdf, odt, dotx, docm, txt, htm, html, png, jpeg, jpg (1016, 1017)')),
  filedata: v.pipe(v.string(), v.description('the file, base64 (1014, 1015, 2026; 1024 past MAX_FILE_BYTES)')),
  configuration: v.optional(
    v.pipe(v.union([v.array(Configuration), Configuration]), v.description('an object, or as in the vendor sample an array of objects whose keys are merged (1020)')),
  ),
})

export interface ConversionRequest {
  fileName: string
  fileData: string
  outputType?: OutputType
  faceDetection: boolean
}

/** The checks of spec 4.9 in order, each with its own number; auth and subuserid ran before. */
export function parseConversionRequest(body: Record<string, unknown>): ConversionRequest {
  const { filedata, filename, version } = body
  if (filedata === undefined || filedata === null || filedata === '') throw new ApiError(1014)
  if (typeof filedata !== 'string') throw new ApiError(1015)
  if (filename === undefined || filename === null) throw new ApiError(1016)
  if (typeof filename !== 'string' || filename.trim() === '') throw new ApiError(1017)
  if (version === undefined || version === null || version === '') throw new ApiError(1018)
  if (typeof version !== 'string' || !(acceptedVersions as readonly string[]).includes(version.trim())) {
    throw new ApiError(1019, JSON.stringify(version))
  }
  const configuration = mergeConfiguration(body.configuration)
  const outputType = optionalString(configuration.outputtype)?.toLowerCase()
  if (outputType !== undefined && !(outputType in outputFilters)) throw new ApiError(1021, JSON.stringify(configuration.outputtype))
  const face = configuration.facedetection
  if (face !== undefined && face !== null && face !== '' && !['true', 'false', true, false].includes(face as string)) throw new ApiError(1022)
  return {
    fileName: filename.trim(),
    fileData: filedata,
    outputType: outputType as OutputType | undefined,
    faceDetection: face === true || face === 'true',
  }
}

/** The sample sends `[{"outputtype": "pdf"}, {"facedetection": "true"}]`; an object is as good. */
function mergeConfiguration(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {}
  const isObject = (item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)
  if (isObject(value)) return value
  if (Array.isArray(value) && value.every(isObject)) return Object.assign({}, ...value) as Record<string, unknown>
  throw new ApiError(1020)
}

function optionalString(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value.trim() : JSON.stringify(value)
}
