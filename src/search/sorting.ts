import { sql, type RawBuilder } from 'kysely'
import type { IndexType } from '../index/entity-names.js'

/**
 * Spec 2.7's sort fields and the SQL each sorts by, over a document `d`: a column where one exists
 * (dates, experience, salary; the experience column has a b-tree index), else the entity's first
 * display value. `score` is the search's own score column.
 */
const resumeSortFields: Record<string, RawBuilder<unknown> | string> = {
  ResumeDate: sql`d.updated_at`,
  DateOfBirth: sql`to_date(nullif(d.display -> 'DateOfBirth' ->> 0, ''), 'DD/MM/YYYY')`,
  TotalExperienceInMonths: sql`d.experience_months`,
  TotalExperienceInYear: sql`d.experience_months`,
  TotalExperienceRange: sql`d.experience_months`,
  ResumeLanguage: 'ResumeLanguage',
  ResumeCountry: 'ResumeCountry',
  Category: 'Category',
  SubCategory: 'SubCategory',
  CurrentJobProfile: 'CurrentJobProfile',
  CurrentEmployer: 'CurrentEmployer',
  Institute: 'Institute',
  City: 'City',
  State: 'State',
  Country: 'Country',
  ZipCode: 'ZipCode',
}

const jdSortFields: Record<string, RawBuilder<unknown> | string> = {
  JDDate: sql`d.updated_at`,
  MinimumYearsExperience: sql`d.experience_months`,
  MaximumYearsExperience: sql`d.experience_max_months`,
  TotalExperienceRange: sql`d.experience_months`,
  SalaryMinAmount: sql`d.salary_min`,
  SalaryMaxAmount: sql`d.salary_max`,
  JobProfileTitle: 'JobProfileTitle',
  JobLocationCity: 'JobLocationCity',
  JobLocationState: 'JobLocationState',
  Organization: 'Organization',
  Currency: 'Currency',
}

export function isSortField(indexType: IndexType, field: string): boolean {
  return field === 'score' || Object.hasOwn(indexType === 'Resume' ? resumeSortFields : jdSortFields, field)
}

export function sortExpression(indexType: IndexType, field: string): RawBuilder<unknown> {
  const target = (indexType === 'Resume' ? resumeSortFields : jdSortFields)[field]!
  return typeof target === 'string' ? sql`lower(d.display -> ${target} ->> 0)` : target
}
