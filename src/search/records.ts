import { sql, type RawBuilder } from 'kysely'
import { ApiError } from '../errors/api-error.js'
import { entityNames, type IndexType } from '../entity/entity-names.js'
import type { SearchQuery } from './query.js'
import type { SearchRow } from './search-sql.js'

/**
 * Records: the fields a hit shows (spec 2.5, or fieldList: fieldsOf), its skill types read in the
 * statement (skillTypes), and the hit as the response shows it (toRecord).
 */

/** Spec 2.5: the fields of a hit when no fieldList is given. */
const defaults: Record<IndexType, string[]> = {
  Resume: ['FullName', 'CurrentJobProfile', 'CurrentEmployer', 'TotalExperienceInYear', 'City', 'State', 'Country'],
  JD: ['JobProfile', 'Degree', 'Employer', 'City', 'State', 'Country'],
}

/** JD record names that are not entity names, and the display entity each reads. */
const jdRecordSources: Record<string, string> = {
  JobProfile: 'JobProfileAlias', Employer: 'Organization', City: 'JobLocationCity', State: 'JobLocationState', Country: 'JobLocationCountry',
}

/** Entities that hold several values per document; a record shows them as arrays. */
const listValued = /Skill|^(?:Employer|JobProfile|JobAlias|Institute|Degree|LanguageKnown|Email|Domains|Languages)$|Qualifications|Certifications|^Preferred|^Employer(?:City|State|Country)$|^Institute(?:City|State|Country)$/

export const defaultFields = (indexType: IndexType) => defaults[indexType]

export function isRecordField(indexType: IndexType, field: string): boolean {
  return (entityNames[indexType] as readonly string[]).includes(field) || defaults[indexType].includes(field)
}

/** The fieldList option: comma-separated record fields; empty or absent, spec 2.5's defaults. */
export function fieldsOf(indexType: IndexType, fieldList: string | undefined): string[] {
  if (fieldList === undefined || fieldList.trim() === '') return defaultFields(indexType)
  const fields = fieldList.split(',').map((f) => f.trim()).filter(Boolean)
  for (const field of fields) {
    if (!isRecordField(indexType, field)) throw new ApiError(1010, `fieldList: ${field} is not a ${indexType} field`)
  }
  return fields
}

/** includeSkillType: each parsed skill with its type (OperationalSkill or BehaviorSkill), from the parser output. */
export function skillTypes(q: SearchQuery): RawBuilder<unknown> {
  if (q.indexType === 'Resume') {
    return sql`(select json_agg(json_build_object('Skill', s ->> 'FormattedName', 'Type', s ->> 'Type')) from jsonb_array_elements(d.parsed -> 'ResumeParserData' -> 'SegregatedSkill') s)`
  }
  return sql`(select json_agg(json_build_object('Skill', s ->> 'FormattedName', 'Type', s ->> 'Type'))
                from jsonb_array_elements((d.parsed -> 'JDParsedData' -> 'Skills' -> 'Required') || (d.parsed -> 'JDParsedData' -> 'Skills' -> 'Preferred')) s)`
}

/**
 * A hit as spec 2.5 shows it: id, score and the requested fields, from the stored display values.
 * Fields without a value are left out.
 */
export function toRecord(indexType: IndexType, row: SearchRow['records'][number], fields: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = { id: row.id, score: Number(row.score) }
  for (const field of fields) {
    const value = fieldValue(indexType, row.display, field)
    if (value !== undefined) record[field] = value
  }
  if (row.subUserId) record.SubUserId = row.subUserId
  if (row.skills) record.SkillType = row.skills
  if (row.customValue && Object.keys(row.customValue).length > 0) record.customValue = row.customValue
  if (row.distanceMeters !== null) record.distanceKm = Math.round(row.distanceMeters / 100) / 10
  return record
}

function fieldValue(indexType: IndexType, display: Record<string, string[]>, field: string): unknown {
  if (indexType === 'JD' && field === 'Degree') {
    const degrees = [...(display.QualificationsRequired ?? []), ...(display.QualificationsPreferred ?? [])]
    return degrees.length > 0 ? [...new Set(degrees)] : undefined
  }
  const values = indexType === 'JD' && jdRecordSources[field] ? display[jdRecordSources[field]!] ?? display.JobProfileTitle : display[field]
  if (!values || values.length === 0) return undefined
  if (field === 'TotalExperienceInYear' || field === 'TotalExperienceInMonths') return Number(values[0])
  // Spec 2.5's own JD fields (JobProfile, Employer, ...) are single strings.
  if (indexType === 'JD' && jdRecordSources[field]) return values[0]
  return listValued.test(field) ? values : values[0]
}
