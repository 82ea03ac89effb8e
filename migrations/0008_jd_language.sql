-- A JD's language among its entities, as a resume's already is (ResumeLanguage): the match's Keywords
-- part weighs words among the candidates in the source's language only (docs/matching.md, "Keywords").
--
-- New JDs get JDLanguage from src/entity/entities.ts (jdEntities: the language's name and code, not
-- shown and not searchable); this fills it in for JDs indexed before, from the parser output they were
-- indexed with, normalised as normaliseValue does (accents folded, lower case, single spaces).
update documents d
   set entities = d.entities || jsonb_build_object('JDLanguage', l.values)
  from (select account_id, index_type, document_id,
               jsonb_agg(distinct btrim(regexp_replace(lower(unaccent(v.value)), '\s+', ' ', 'g'))) as values
          from documents,
               lateral (values (parsed -> 'JDParsedData' -> 'JDLanguage' ->> 'Language'),
                               (parsed -> 'JDParsedData' -> 'JDLanguage' ->> 'LanguageCode')) as v(value)
         where index_type = 'JD'
           and btrim(coalesce(v.value, '')) <> ''
         group by 1, 2, 3) l
 where d.account_id = l.account_id
   and d.index_type = l.index_type
   and d.document_id = l.document_id;
