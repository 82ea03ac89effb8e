-- Document management: how many documents two sub-users have, per index type.
-- POST /searchengine/indexCount
-- {"index":{"indexType":"Resume","indexKey":"<client key>","subUserId":["recruiter-1","recruiter-2"]}}
--
-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand
-- (sql/README.md). $n values are the text the server receives.

-- statement 1 of 5
-- $1 = '<sha-256 of the client key>'
select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
       plugins, index_quota as "indexQuota", sub_user_limit as "subUserLimit"
  from accounts
 where key_hash = $1;

-- statement 2 of 5
begin;

-- statement 3 of 5
-- $1 = 'resume_search_tenant'
-- $2 = '1'
select set_config('role', $1, true),
                     set_config('resume_search.account_id', $2, true),
                     set_config('jit', 'off', true),
                     set_config('work_mem', '32MB', true),
                     set_config('max_parallel_workers_per_gather', '0', true);

-- statement 4 of 5
-- $1 = '1'
-- $2 = '{"recruiter-1","recruiter-2"}'
-- $3 = '1'
-- $4 = '{"recruiter-1","recruiter-2"}'
select search_document_count($1, 'Resume', $2::text[]) as resumes,
       search_document_count($3, 'JD', $4::text[]) as jds;

-- statement 5 of 5
commit;
