import mysql from 'mysql2/promise'
import { queryValue } from '../../../src/search/query-values.js'
import { searchEntity } from '../../../src/search/search-entities.js'
import type { IntentQuery } from './intents.js'
import { sphinxIndex } from './sphinx-config.js'
import type { SphinxTerms, TermIds } from './sphinx-documents.js'

export const pageSize = 50
export const facetLimit = 10

/**
 * A client value as the term id Sphinx stores: normalised the way our search normalises it (queryValue:
 * the same vocabularies and gazetteer), then looked up in the corpus' dictionary, as an application in
 * front of Sphinx would do.
 */
function termOf(entity: string, raw: string, ids: TermIds): number {
  const value = queryValue(searchEntity('Resume', entity)!.kind, raw)
  if (value.type !== 'exact') throw new Error(`${entity} "${raw}" is not an exact value`)
  return ids.find(value.value)
}

/** Radians as SphinxQL reads a float literal (never exponent notation). */
const radians = (degrees: number) => ((degrees * Math.PI) / 180).toFixed(9)

/**
 * The intent as one SphinxQL batch: the page of `pageSize` ids, its facets (FACET, Sphinx 2.2), then SHOW
 * META for total_found, in one round trip as a client would send them. Every value is a number, so
 * nothing is quoted. Without an ORDER BY a filter-only query comes back in id order.
 *
 * @example sphinxQuery({ skills: ['Java'], facets: false, byExperience: true }, terms)
 *   // SELECT id FROM resumes WHERE skills = 12 ORDER BY experience_months DESC LIMIT 50; SHOW META
 */
export function sphinxQuery(q: IntentQuery, terms: SphinxTerms): string {
  const select = ['id']
  const where: string[] = []
  if (q.title !== undefined) where.push(`titles = ${termOf('JobProfile', q.title, terms.titles)}`)
  if (q.city !== undefined) where.push(`city = ${termOf('City', q.city, terms.cities)}`)
  for (const skill of q.skills) where.push(`skills = ${termOf('Skill', skill, terms.skills)}`)
  let order = ''
  if (q.near) {
    // GEODIST's default (adaptive) method, as a Sphinx user would write it; the radius is in km.
    select.push(`GEODIST(latitude, longitude, ${radians(q.near.latitude)}, ${radians(q.near.longitude)}, {in=rad, out=km}) AS distance`)
    where.push(`distance <= ${q.near.radiusKm}`)
    order = ' ORDER BY distance ASC'
  }
  if (q.byExperience) order = ' ORDER BY experience_months DESC'
  const facets = q.facets ? ['city', 'skills', 'experience_range'].map((attribute) => ` FACET ${attribute} ORDER BY COUNT(*) DESC LIMIT ${facetLimit}`).join('') : ''
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  return `SELECT ${select.join(', ')} FROM ${sphinxIndex}${filter}${order} LIMIT ${pageSize}${facets}; SHOW META`
}

/** What a batch answered: the exact number of matches and the result sets it read (page, facets). */
export interface SphinxAnswer {
  totalFound: number
  resultSets: number
}

type Row = Record<string, unknown>

/** total_found of SHOW META, the last result set of the batch: every match counted, not just max_matches. */
export function sphinxAnswer(resultSets: Row[][]): SphinxAnswer {
  const meta = resultSets.at(-1) ?? []
  const found = meta.find((row) => row.Variable_name === 'total_found')
  if (!found) throw new Error(`SHOW META without total_found: ${JSON.stringify(meta)}`)
  return { totalFound: Number(found.Value), resultSets: resultSets.length - 1 }
}

/** One SphinxQL connection (MySQL protocol) to searchd: the single client of the comparison. */
export class SphinxClient {
  private constructor(readonly connection: mysql.Connection) {}

  static async connect(port: number): Promise<SphinxClient> {
    // multipleStatements: the page, its facets and SHOW META go in one batch.
    return new SphinxClient(await mysql.createConnection({ host: '127.0.0.1', port, multipleStatements: true }))
  }

  async run(statement: string): Promise<SphinxAnswer> {
    const [resultSets] = await this.connection.query(statement)
    return sphinxAnswer(resultSets as unknown as Row[][])
  }

  close(): Promise<void> {
    return this.connection.end()
  }
}
