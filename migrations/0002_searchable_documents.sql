-- The searchable representation of a document, written at index time from its parser output
-- (src/entity/entities.ts), so that every search is answered from columns Postgres can index.

alter table documents
  -- Entity name (spec 2.3) -> normalised values: accents folded, lower case, aliases resolved to the
  -- canonical title/skill/degree. {"Skill": ["java", "spring boot"], "City": ["munich"], ...}
  add column entities jsonb not null default '{}',
  -- The same entities as clients see them ("Java", "Munich"): records, facets and text sorting.
  add column display jsonb not null default '{}',
  -- Where the candidate lives or the job is; null when the parser found no coordinates.
  add column location geography(point, 4326),
  -- Resume: total experience; JD: the minimum asked for. Months, for ranges and sorting.
  add column experience_months integer,
  -- JD: the maximum asked for, in months.
  add column experience_max_months integer,
  add column salary_min numeric,
  add column salary_max numeric,
  -- SHA-256 of the parser output, for de-duplication when no fields are named.
  add column checksum text not null default '';

-- Entity conditions are containment tests (entities @> '{"Skill": ["java"]}'): one GIN index serves
-- them all. jsonb_path_ops is a third of the size of the default opclass and is all @> needs.
-- fastupdate = off: searches should not pay for merging a pending list that bulk indexing left behind;
-- indexing pays instead, once per document.
create index documents_entities on documents using gin (entities jsonb_path_ops) with (fastupdate = off);

-- Custom values (CV_ / CVA_ conditions) are containment tests too.
create index documents_custom_value on documents using gin (custom_value jsonb_path_ops) with (fastupdate = off);

-- Geo radius: ST_DWithin on geography uses this GiST index.
create index documents_location on documents using gist (location);

-- Sorting and ranges by experience within one account's index, the commonest sort after score.
create index documents_experience on documents (account_id, index_type, experience_months);

-- De-duplication by checksum looks a document up by its output's hash within the index.
create index documents_checksum on documents (account_id, index_type, checksum);
