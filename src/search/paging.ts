import type { SearchQuery } from './query.js'

/**
 * Paging: which page of the sorted matches a search returns. The statement chooses it with
 * ORDER BY ... LIMIT size OFFSET start (search-sql.ts); `count` is over all matches, whatever the page.
 */

/** Default page size (spec 4.4 and 8); at most 500, which the request schema checks (2042). */
const defaultPageSize = 50

/** The pageStart and pageSize options, with their defaults. */
export function pageOf(options: { pageStart?: number | undefined; pageSize?: number | undefined }): SearchQuery['page'] {
  return { start: options.pageStart ?? 0, size: options.pageSize ?? defaultPageSize }
}
