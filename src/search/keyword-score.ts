import { sql, type RawBuilder } from 'kysely'
import { languageEntity } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import type { SearchQuery } from './query.js'
import type { RowSource } from './search-sql.js'

/**
 * Keyword scoring: a match's Keywords part, the words of the source's text that a scored document
 * shares with it, by rarity (docs/matching.md, "Keywords"). Not the simple search's keyword, whose
 * entities (keyword.ts) are scored as conditions.
 */

/**
 * The Keywords part of a match, as CTEs (docs/matching.md, "Keywords"): the source's words
 * (document_terms() of its parser output, the same function that fills documents.terms), the scored
 * documents in the source's language, the source's words each of them has, and each word's rarity among
 * them: ln(1 + documents / containing), so a word every candidate has (a JD's "experience") counts little
 * and one only a few have counts much. A document's share is the rarity of the words it has over the
 * rarity of all the source's words, times BM25's length factor.
 */
export function keywordShares(rows: RowSource, keywords: NonNullable<SearchQuery['keywords']>, targetType: IndexType): RawBuilder<unknown> {
  return sql`
    source_terms as materialized (
      -- Each word as a one-word tsquery, quoted as tsquery input wants it (quotes and backslashes
      -- doubled): a cast, so the word is taken as it is, not normalised again.
      select t.lexeme, ('''' || replace(replace(t.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery as query
        from (select distinct unnest(tsvector_to_array(document_terms(${keywords.sourceType}, ${JSON.stringify(keywords.parsed)}::jsonb))) as lexeme) t
    ),
    keyword_documents as materialized (
      -- Each scored document in the source's language, read once (the concatenation detoasts its
      -- words once). A text in another language shares only names and tools with the source, and
      -- counting it would make the commonest words of the source's language look rare.
      select d.document_id, d.terms || ''::tsvector as terms, length(d.terms) as words
        from ${rows.from}
       where ${rows.where}${keywords.languages.length > 0 ? sql` and d.entities -> ${languageEntity(targetType)} ?| ${keywords.languages}::text[]` : sql``}
    ),
    keyword_hits as materialized (
      -- Each of the source's words is looked for among a document's (@@: a binary search in the sorted
      -- lexemes). Unnesting every document's words into rows to join them cost four times as much on
      -- 1,000 candidates, and a real resume has hundreds of words.
      select d.document_id, d.words, s.lexeme
        from keyword_documents d
             join source_terms s on d.terms @@ s.query
    ),
    keyword_rarity as (
      -- Every word of the source, those no document has at the rarity of a word one document has.
      select s.lexeme, ln(1 + (select count(*) from keyword_documents)::numeric / greatest(count(h.document_id), 1)) as rarity
        from source_terms s left join keyword_hits h on h.lexeme = s.lexeme
       group by s.lexeme
    ),
    keyword_share as (
      -- BM25's length normalisation (k1 1.2, b 0.75, each word once): a text longer than the scored
      -- documents' average has more words by chance, so each of its words counts for less.
      select h.document_id, count(*)::int as shared,
             least(1, sum(r.rarity) / nullif((select sum(rarity) from keyword_rarity), 0)
                      * 2.2 / (1 + 1.2 * (0.25 + 0.75 * min(h.words) / nullif((select avg(words) from keyword_documents), 0)))) as share
        from keyword_hits h join keyword_rarity r on r.lexeme = h.lexeme
       group by h.document_id
    ),
    keyword_share_by_document as materialized (
      -- One object for the scored rows to look their share up in: joined to the rows, the planner took
      -- the shares for one row and scanned all of them for each row (30 of a match's 80 ms at 1M).
      select coalesce(jsonb_object_agg(document_id, jsonb_build_array(share, shared)), '{}') as shares from keyword_share
    )`
}

/** The Keywords part's score, from a document's share (0 to 1). */
export function keywordScore(q: SearchQuery, share: RawBuilder<unknown>): RawBuilder<unknown> {
  return q.keywords ? sql`(${q.keywords.weight}::float8 * coalesce(${share}, 0))` : sql`0`
}
