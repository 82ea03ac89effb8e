import type { ColumnType, Generated } from 'kysely'

/** Table types for kysely; the DDL is in migrations/. */
export interface Schema {
  service_settings: ServiceSettingsTable
  accounts: AccountsTable
  account_credits: AccountCreditsTable
  sub_users: SubUsersTable
  documents: DocumentsTable
}

type CreatedAt = ColumnType<Date, never, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>

export interface ServiceSettingsTable {
  name: string
  value: string
  updated_at: UpdatedAt
}

export interface AccountsTable {
  account_id: ColumnType<number, never, never>
  name: string
  key_hash: Buffer
  expires_at: Date | null
  search_engine: Generated<boolean>
  plugins: Generated<boolean>
  index_quota: number | null
  sub_user_limit: number | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** Credits an account has spent, in a row of their own (migrations/0031); none yet: no row. */
export interface AccountCreditsTable {
  account_id: number
  credits_used: number
}

export interface SubUsersTable {
  account_id: number
  sub_user_id: string
  created_at: CreatedAt
}

export interface DocumentsTable {
  account_id: number
  index_type: 'Resume' | 'JD'
  document_id: string
  sub_user_id: string | null
  custom_value: ColumnType<unknown, string | undefined, string>
  parsed: ColumnType<unknown, string, string>
  created_at: CreatedAt
  updated_at: UpdatedAt
}
