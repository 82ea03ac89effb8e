import { facetFields, type IntentQuery } from './intents.js'
import { facetLimit, pageSize } from './sphinxql.js'

/** POSTs a JSON body to a path of the service and returns its response. */
export type Post = (path: string, body: unknown) => Promise<Response>

/**
 * The intent as the public API asks it (docs/search.md, spec 4.3): booleanSearch with every value
 * required (values of one entity are ANDed by default), the point as latitude and longitude so both
 * engines measure from the same centre.
 */
export function apiRequest(q: IntentQuery, indexKey: string): { path: string; body: Record<string, unknown> } {
  const required: Record<string, string[]> = {}
  if (q.title !== undefined) required.JobProfile = [q.title]
  if (q.city !== undefined) required.City = [q.city]
  if (q.skills.length > 0) required.Skill = q.skills
  const near = q.near
  return {
    path: '/searchengine/booleanSearch',
    body: {
      index: { indexType: 'Resume', indexKey },
      query: { required },
      pageSize,
      ...(q.facets ? { facet: { fields: [...facetFields], limit: facetLimit } } : {}),
      ...(near ? { geoSearch: { city: near.city, country: near.country, latitude: String(near.latitude), longitude: String(near.longitude), radius: near.radiusKm, distanceUnit: 'KM' } } : {}),
      ...(q.byExperience ? { sorting: [{ field: 'TotalExperienceInMonths', order: 'desc' }] } : {}),
    },
  }
}

/** A POST over real HTTP (fetch keeps the connection alive between requests), as a client sends it. */
export function httpPost(baseUrl: string): Post {
  return (path, body) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
}

/** Our search as a client uses it: the request, the whole JSON response read, its `count` returned. */
export class ServiceClient {
  constructor(readonly post: Post, readonly indexKey: string) {}

  async count(q: IntentQuery): Promise<number> {
    const { path, body } = apiRequest(q, this.indexKey)
    const res = await this.post(path, body)
    const text = await res.text()
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text}`)
    return (JSON.parse(text) as { count: number }).count
  }
}
