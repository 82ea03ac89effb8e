import { sql, type RawBuilder } from 'kysely'
import { conditionScore } from './condition-sql.js'
import { distanceMeters, geoScore } from './geo-radius.js'
import { keywordScore } from './keyword-score.js'
import type { SearchQuery } from './query.js'
import type { SearchRow } from './search-sql.js'

/**
 * Explanations: each score part computed in the statement beside the score (explanation), and the
 * hit's explanation as the response shows it (explainHit).
 */

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

/**
 * A record's score parts, computed in the statement with the score: per condition what it scored on the
 * document out of its weight, the distance's part and the Keywords part (from the page row `s`).
 */
export function explanation(q: SearchQuery): RawBuilder<unknown> {
  const parts = q.conditions.map((c) => sql`json_build_object(
      'score', round((${c.weight > 0 ? conditionScore(c) : sql`0`})::numeric, 2), 'maxScore', ${c.weight}::numeric,
      'entity', ${c.entity}::text, 'condition', ${c.kind}::text, 'value', ${c.values.map((v) => v.shown).join(', ')}::text)`)
  const geo = q.geo
    ? sql`json_build_object('score', round((${geoScore(q)})::numeric, 2), 'maxScore', ${q.geo.weight}::numeric,
            'distance', ${distanceMeters(q)})`
    : sql`null`
  const keywords = q.keywords
    ? sql`json_build_object('score', round((${keywordScore(q, sql`s.keyword_share`)})::numeric, 2), 'maxScore', ${q.keywords.weight}::numeric, 'shared', s.keyword_words)`
    : sql`null`
  return sql`json_build_object('conditions', ${parts.length > 0 ? sql`json_build_array(${sql.join(parts, sql`, `)})` : sql`'[]'::json`}, 'geo', ${geo}, 'keywords', ${keywords})`
}

const round = (n: number) => Math.round(n * 100) / 100
