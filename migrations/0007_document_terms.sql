-- The words of a document's text, for the Keywords part of matching (docs/matching.md): the words a
-- JD and a resume share beyond the vocabularies' titles and skills, weighted by how rare each is among
-- the candidates.
--
-- document_terms() is the one definition of those words, used for the stored column and for the
-- document a match starts from: the text the parser read (resume DetailResume, JD JobDescription),
-- stemmed and without stop words in the document's language (Polish, which PostgreSQL has no
-- dictionary for, and unknown languages: words as written, lower case), positions stripped.
create function document_terms(index_type text, parsed jsonb) returns tsvector
language sql immutable parallel safe
as $$
  select strip(case coalesce(parsed -> 'ResumeParserData' -> 'ResumeLanguage' ->> 'LanguageCode',
                             parsed -> 'JDParsedData' -> 'JDLanguage' ->> 'LanguageCode')
                 when 'en' then to_tsvector('pg_catalog.english', t.body)
                 when 'de' then to_tsvector('pg_catalog.german', t.body)
                 when 'es' then to_tsvector('pg_catalog.spanish', t.body)
                 when 'fr' then to_tsvector('pg_catalog.french', t.body)
                 when 'it' then to_tsvector('pg_catalog.italian', t.body)
                 else to_tsvector('pg_catalog.simple', t.body)
               end)
    from (select coalesce(case index_type
                            when 'Resume' then parsed -> 'ResumeParserData' ->> 'DetailResume'
                            else parsed -> 'JDParsedData' ->> 'JobDescription'
                          end, '') as body) t
$$;

-- Generated from the parser output, so every writer (indexDocument, updates, bulk loads) keeps it in
-- step without knowing it exists. No index: it is read only for the candidates a match scores.
alter table documents add column terms tsvector generated always as (document_terms(index_type, parsed)) stored;
