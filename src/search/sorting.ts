import { sql, type RawBuilder } from 'kysely'
import { ApiError } from '../errors/api-error.js'
import type { IndexType } from '../entity/entity-names.js'
import type { SearchQuery } from './query.js'

/**
 * Sorting: the request's sorting option checked (sortingOf), each sort field's SQL (sortExpression),
 * the sort keys computed with the score (sortKeyColumns), and the order the page is chosen in (pageOrder).
 */

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

function isSortField(indexType: IndexType, field: string): boolean {
  return field === 'score' || Object.hasOwn(indexType === 'Resume' ? resumeSortFields : jdSortFields, field)
}

function sortExpression(indexType: IndexType, field: string): RawBuilder<unknown> {
  const target = (indexType === 'Resume' ? resumeSortFields : jdSortFields)[field]!
  return typeof target === 'string' ? sql`lower(d.display -> ${target} ->> 0)` : target
}

/** The sorting option: each field checked; `order` defaults to desc for score and asc otherwise. */
export function sortingOf(indexType: IndexType, sorting: Array<{ field: string; order?: 'asc' | 'desc' | undefined }> | undefined): SearchQuery['sorting'] {
  return (sorting ?? []).map(({ field, order }) => {
    if (!isSortField(indexType, field)) throw new ApiError(indexType === 'JD' ? 2031 : 2032, field)
    return { field, order: order ?? (field === 'score' ? 'desc' : 'asc') }
  })
}

/** Each sort field but score as a column sort_<i> of the scored rows. */
export function sortKeyColumns(q: SearchQuery): RawBuilder<unknown>[] {
  return q.sorting.filter((s) => s.field !== 'score').map((s, i) => sql`${sortExpression(q.indexType, s.field)} as ${sql.ref(`sort_${i}`)}`)
}

/** The requested order over the scored rows `s`; later entries break ties of earlier ones, then score, then ordinal (the order documents were written in). */
export function pageOrder(q: SearchQuery): RawBuilder<unknown> {
  const sortKeys = q.sorting.filter((s) => s.field !== 'score')
  return sql.join([
    ...q.sorting.map((s) => s.field === 'score'
      ? sql`s.score ${sql.raw(s.order)}`
      : sql`s.${sql.ref(`sort_${sortKeys.indexOf(s)}`)} ${sql.raw(s.order)} nulls last`),
    sql`s.score desc`,
    sql`s.ordinal asc`,
  ], sql`, `)
}
