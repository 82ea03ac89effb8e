-- Foundation: accounts (client keys), sub-users and documents, with row-level security per account.
--
-- Every tenant table's primary key starts with account_id, so the schema can later be distributed by
-- account with Citus (accounts becomes a reference table, the rest are co-located on account_id).

create extension if not exists postgis;
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- Every tenant transaction switches to this role (src/db/tenant.ts), so row-level security applies even
-- when the service connects as a superuser or as the tables' owner, who would otherwise bypass it.
do $$
begin
  if not exists (select from pg_roles where rolname = 'resume_search_tenant') then
    create role resume_search_tenant nologin;
  end if;
end
$$;
grant resume_search_tenant to current_user;

-- Service-wide settings, such as the hash of a generated admin key in embedded mode.
create table service_settings (
  name       text primary key,
  value      text not null,
  updated_at timestamptz not null default now()
);

create table accounts (
  account_id     bigint generated always as identity primary key,
  name           text not null unique,
  -- SHA-256 of the key: the key itself is shown once, when it is created, and never stored.
  key_hash       bytea not null unique,
  expires_at     timestamptz,
  search_engine  boolean not null default true,
  plugins        boolean not null default true,
  index_quota    integer check (index_quota >= 0),   -- null: no quota
  credits_used   integer not null default 0 check (credits_used >= 0),
  sub_user_limit integer check (sub_user_limit >= 0), -- null: no limit
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);

create table sub_users (
  account_id  bigint not null references accounts on delete cascade,
  sub_user_id text not null check (sub_user_id !~ '\s'),
  created_at  timestamptz not null default now(),
  primary key (account_id, sub_user_id)
);

-- A document id is the client's, unique per account and index type; re-indexing it replaces it.
create table documents (
  account_id   bigint not null references accounts on delete cascade,
  index_type   text not null check (index_type in ('Resume', 'JD')),
  document_id  text not null,
  sub_user_id  text,
  custom_value jsonb not null default '{}',
  parsed       jsonb not null,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  primary key (account_id, index_type, document_id),
  foreign key (account_id, sub_user_id) references sub_users on delete cascade
);
-- Sub-user scoped listing and counting.
create index documents_sub_user on documents (account_id, index_type, sub_user_id);

-- Row-level security: a tenant transaction sees only the rows of the account it set.
-- current_setting(..., true) is null when unset, and "account_id = null" matches nothing: fail closed.
alter table accounts enable row level security;
alter table sub_users enable row level security;
alter table documents enable row level security;

create policy tenant_account on accounts
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_sub_users on sub_users
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_documents on documents
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);

grant select, update (credits_used, updated_at) on accounts to resume_search_tenant;
grant select, insert, update, delete on sub_users to resume_search_tenant;
grant select, insert, update, delete on documents to resume_search_tenant;
