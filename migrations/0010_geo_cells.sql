-- A document's grid cells among its entities (GeoCell), so that a radius search looks up "this value in
-- one of these cells" in the GIN index instead of ANDing a common value's whole bitmap with the GiST
-- index's (src/entity/geo-cell.ts explains the cells; docs/search.md, "Radius").
--
-- New documents get them from src/entity/entities.ts (geoCells); this fills them in for documents
-- indexed before, from their point: at each level (0.25, 1 and 4 degrees), '<level>:<row>:<column>'
-- with row = floor(latitude / size) and column = floor(longitude / size), as geoCells writes them.
update documents d
   set entities = d.entities || jsonb_build_object('GeoCell', c.cells)
  from (select account_id, index_type, document_id,
               jsonb_agg((l.level - 1)::text || ':' || floor(st_y(location::geometry) / l.size)::int::text
                                               || ':' || floor(st_x(location::geometry) / l.size)::int::text
                         order by l.level) as cells
          from documents,
               unnest(array[0.25, 1, 4]::float8[]) with ordinality as l(size, level)
         where location is not null
         group by 1, 2, 3) c
 where d.account_id = c.account_id
   and d.index_type = c.index_type
   and d.document_id = c.document_id;
