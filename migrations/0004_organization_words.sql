-- An organisation named in a simple-search keyword ("Logistik", "Banco Santander") used to be matched as
-- a prefix of the stored employer names: a LIKE over every document's entities, which no index answers,
-- so such a keyword scanned the whole account (2 s at 100,000 resumes). Documents now also store the
-- words of their employers' names (resume: EmployerWord) and of their organisation (JD:
-- OrganizationWord), and the keyword's words are one containment test on the GIN index.
--
-- New documents get the words from src/entity/entities.ts (nameWords). This fills them in for documents
-- indexed before, from the normalised names already in `entities`, split the same way: on every run of
-- characters that are neither letters nor digits.
update documents d
   set entities = d.entities || jsonb_build_object(w.entity, w.words)
  from (select x.account_id, x.index_type, x.document_id, x.entity,
               jsonb_agg(distinct word) as words
          from (select account_id, index_type, document_id,
                       case index_type when 'Resume' then 'EmployerWord' else 'OrganizationWord' end as entity,
                       name
                  from documents,
                       jsonb_array_elements_text(
                         case index_type
                           when 'Resume' then coalesce(entities -> 'Employer', '[]') || coalesce(entities -> 'CurrentEmployer', '[]')
                           else coalesce(entities -> 'Organization', '[]')
                         end) as name) x,
               regexp_split_to_table(x.name, '[^[:alnum:]]+') as word
         where word <> ''
         group by x.account_id, x.index_type, x.document_id, x.entity) w
 where d.account_id = w.account_id
   and d.index_type = w.index_type
   and d.document_id = w.document_id;
