import { expect } from 'vitest'
import { normaliseValue } from '../../src/entity/entities.js'
import { factsOf, type CorpusDocument, type CorpusVocabulary, type Facts } from './corpus.js'
import { expectConsistent, writeOrder, type Answer, type Asked } from './search-checks.js'
import type { TestService } from './service.js'

type IndexType = 'Resume' | 'JD'

/** The response of a request that must succeed, as JSON (the body is the failure's message). */
export async function ok(res: Response | Promise<Response>): Promise<Record<string, any>> {
  const response = await res
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as Record<string, any>
}

export const ids = (answer: Answer) => answer.records.map((r) => r.id as string)
export const idsOf = (list: Facts[]) => list.map((f) => f.id)
/** Whether normalised stored values hold a value as a client writes it ("München", "Software Developer"). */
export const has = (values: Set<string>, value: string) => values.has(normaliseValue(value))
const base64 = (data: Uint8Array | string) => Buffer.from(data).toString('base64')

/**
 * One account of the service, indexed through HTTP, with the facts of every document it holds: what a
 * load test sends, and what it checks every answer against.
 */
export class LoadedAccount {
  /** Every indexed document's facts, by id (ids are unique across both index types). */
  readonly facts = new Map<string, Facts>()
  /** Parser outputs (base64, as `doc` returns them) of the documents indexed by parseAndIndex, by id. */
  readonly docs = new Map<string, string>()
  readonly #skillRanks = new Map<IndexType, string[]>()

  constructor(readonly service: TestService, readonly key: string, readonly vocabulary: CorpusVocabulary) {}

  post(operation: string, indexType: IndexType | undefined, body: Record<string, unknown>, subUserId?: unknown, indexKey = this.key): Promise<Response> {
    return this.service.post(`/searchengine/${operation}`, { index: { ...(indexType ? { indexType } : {}), indexKey, ...(subUserId !== undefined ? { subUserId } : {}) }, ...body })
  }

  /** A search or match, checked for what holds of every answer before the test checks what it found. */
  async ask(operation: string, indexType: IndexType, body: Record<string, any>, subUserId?: unknown): Promise<Answer> {
    const answer = (await ok(this.post(operation, indexType, body, subUserId))) as Answer
    const asked: Asked = {
      pageStart: body.pageStart, pageSize: body.pageSize, byScore: !body.sorting, minScore: body.minScore,
      explainKey: operation === 'simpleSearch' ? 'Search' : operation.startsWith('match') ? 'Match' : 'BooleanSearch',
      excludeDocumentIds: body.excludeDocumentIds, facetLimit: body.facet?.limit,
      ...(body.explainScore ? { explain: body.explainScoreType ?? 'text' } : {}),
      writeOrder: await writeOrder(this.service.database.db),
    }
    expectConsistent(answer, asked)
    return answer
  }

  /** Through /index, four clients at a time as a bulk import sends them (the embedded pool takes them in turn). */
  async indexAll(documents: CorpusDocument[]): Promise<void> {
    let next = 0
    const client = async () => {
      for (let i = next++; i < documents.length; i = next++) {
        const d = documents[i]!
        const res = await this.post('index', d.indexType, { data: { id: d.id, jsonData: base64(JSON.stringify(d.parsed)) }, customValue: d.customValue }, d.subUserId)
        if (res.status !== 200) throw new Error(`indexing ${d.id}: ${res.status} ${await res.text()}`)
        this.facts.set(d.id, factsOf(d))
      }
    }
    await Promise.all([client(), client(), client(), client()])
  }

  /** parseAndIndex of a file, whose parser output is kept as a match source and for the checks. */
  async parseAndIndex(indexType: IndexType, id: string, fileName: string, bytes: Uint8Array | string, subUserId?: string): Promise<void> {
    const customValue = { source: 'upload' }
    const body = await ok(this.post('parseAndIndex', indexType, { data: { id, fileContent: base64(bytes), fileName }, customValue }, subUserId))
    this.docs.set(id, body.doc)
    this.facts.set(id, factsOf({ id, indexType, subUserId, customValue, parsed: JSON.parse(Buffer.from(body.doc, 'base64').toString('utf8')) }))
  }

  /** The indexed documents of a type that hold something. */
  of(indexType: IndexType, holds: (f: Facts) => boolean = () => true): Facts[] {
    return [...this.facts.values()].filter((f) => f.indexType === indexType && holds(f))
  }

  /** Values of a kind ranked by how many documents of the type hold them, most first. */
  ranked(indexType: IndexType, valuesOf: (f: Facts) => Iterable<string | undefined>): string[] {
    const counts = new Map<string, number>()
    for (const f of this.of(indexType)) for (const value of new Set(valuesOf(f))) if (value) counts.set(value, (counts.get(value) ?? 0) + 1)
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value)
  }

  /**
   * Canonical skill names the skill vocabulary knows, most held first, as the documents write them:
   * titles' typical skills include names the skill vocabulary lacks, which no parser writes.
   */
  skills(indexType: IndexType = 'Resume'): string[] {
    if (!this.#skillRanks.has(indexType)) {
      const known = new Set(this.vocabulary.skills.items)
      this.#skillRanks.set(indexType, this.ranked(indexType, (f) => f.shown.skills).filter((skill) => known.has(skill)))
    }
    return this.#skillRanks.get(indexType)!
  }

  /** The documents a simple search keyword must find: those holding a value /analyze says it searches (years only score). */
  async keywordMatches(keyword: string, indexType: IndexType = 'Resume'): Promise<{ expected: Facts[]; entities: string[] }> {
    const analysis = await ok(this.post('analyze', indexType, { query: { keyword } }))
    const entities = analysis.entities as Array<{ entity: string; values: Array<{ searched?: string }> }>
    const tests = entities.filter((e) => e.values.every((value) => value.searched !== undefined)).map((e) => {
      const values = e.values.map((value) => value.searched!)
      const held = { Skill: (f: Facts) => f.skills, JobProfile: (f: Facts) => f.titles, City: (f: Facts) => new Set([f.city]) }[e.entity]
      if (!held) throw new Error(`${keyword}: no check for ${e.entity}`)
      return (f: Facts) => values.some((value) => held(f).has(value))
    })
    return { expected: this.of(indexType, (f) => tests.some((test) => test(f))), entities: entities.map((e) => e.entity) }
  }
}
