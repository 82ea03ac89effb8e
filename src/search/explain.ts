import type { SearchQuery } from './query.js'
import type { SearchRow } from './search-sql.js'

/**
 * Spec 4.7's explanation of a hit's score. json: the exact keys clients read (`explaination`,
 * `geoSearh`, and Search/BooleanSearch/Match with detailScore); text: a sum-of-parts line. The parts
 * add up to the record's score.
 */
export function explainHit(q: SearchQuery, row: SearchRow['records'][number]): Record<string, unknown> {
  const explain = row.explain!
  const match = q.explainKey === 'Match'
  const parts: Array<{ score: number; maxScore: number; entity: string; condition?: string; value: string }> = explain.conditions.map((c) => ({
    score: Number(c.score), maxScore: Number(c.maxScore), entity: c.entity, ...(match ? {} : { condition: c.condition }), value: c.value,
  }))
  // A match's distance is one of its parts, not a separate geo search.
  if (match && explain.geo) {
    parts.push({ score: Number(explain.geo.score), maxScore: Number(explain.geo.maxScore), entity: 'Location', value: explain.geo.distance === null ? 'no location' : `${Math.round(explain.geo.distance / 100) / 10} km` })
  }
  if (explain.keywords) {
    parts.push({ score: Number(explain.keywords.score), maxScore: Number(explain.keywords.maxScore), entity: 'Keywords', value: `${explain.keywords.shared} words in common` })
  }
  const geo = match ? null : explain.geo
  const entityScore = round(parts.reduce((sum, p) => sum + p.score, 0))
  const entityMax = round(parts.reduce((sum, p) => sum + p.maxScore, 0))
  if (q.explain === 'text') {
    const terms = parts.map((p) => `${p.entity} (${p.condition ? `${p.condition}: ` : ''}${p.value}) ${p.score}/${p.maxScore}`)
    if (geo) terms.push(`distance ${geo.distance === null ? 'unknown' : `${round(geo.distance / 1000)} km`} ${Number(geo.score)}/${Number(geo.maxScore)}`)
    return { id: row.id, explaination: `score ${Number(row.score)} of 100 = ${terms.join(' + ') || 'no weighted condition'}` }
  }
  return {
    id: row.id,
    ...(row.subUserId ? { SubUserId: row.subUserId } : {}),
    explaination: {
      score: Number(row.score),
      maxScore: 100,
      [q.explainKey]: { score: entityScore, maxScore: entityMax, detailScore: parts },
      ...(geo
        ? { geoSearh: { score: Number(geo.score), maxScore: Number(geo.maxScore), detailScore: geo.distance === null ? 'no location' : `${round(geo.distance / 1000)} km from ${q.geo!.place.city || `${q.geo!.latitude}, ${q.geo!.longitude}`} (radius ${q.geo!.place.radius} ${q.geo!.place.distanceUnit})` } }
        : {}),
    },
  }
}

const round = (n: number) => Math.round(n * 100) / 100
