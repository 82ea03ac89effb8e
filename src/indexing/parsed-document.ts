import * as v from 'valibot'
import { jdEntities, resumeEntities, type SearchableDocument } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import { ApiError } from '../errors/api-error.js'
import { decodeFileContent } from '../intake/index.js'
import { JdOutputSchema } from '../parser/jd-output.js'
import { ResumeOutputSchema } from '../parser/resume-output.js'

/**
 * A parser output a client sends back (the `doc` of parseAndIndex: base64 JSON), checked against resume
 * output 8 or JD output 3 and turned into its searchable entities; /index stores it, match starts from
 * it. Not base64: 2026 (decodeFileContent's); not UTF-8 JSON or not the schema: 2024 (resume) or 2025 (JD).
 *
 * @example
 *   const { output, searchable } = decodeParsedDocument('Resume', body.data.jsonData, { personalInformation: true })
 */
export function decodeParsedDocument(
  indexType: IndexType,
  jsonData: string,
  options: { personalInformation: boolean },
): { output: unknown; searchable: SearchableDocument } {
  const invalid = indexType === 'Resume' ? 2024 : 2025
  let output: unknown
  try {
    output = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeFileContent(jsonData)))
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(invalid, undefined, { cause: error })
  }
  if (indexType === 'Resume') {
    const resume = v.safeParse(ResumeOutputSchema, output)
    if (!resume.success) throw new ApiError(invalid)
    return { output, searchable: resumeEntities(resume.output, options) }
  }
  const jd = v.safeParse(JdOutputSchema, output)
  if (!jd.success) throw new ApiError(invalid)
  return { output, searchable: jdEntities(jd.output) }
}
