/**
 * Service configuration, read once from the environment.
 *
 * @example
 *   const config = loadConfig()            // process.env
 *   const config = loadConfig({ PORT: '0' }) // tests
 */
export interface Config {
  port: number
  /** Set: a pg pool to this PostgreSQL + PostGIS. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  /** The master key of the admin API; see src/accounts/admin-key.ts for the embedded default. */
  adminKey: string | undefined
  searchBasePath: string
  pluginBasePath: string
  bodyLimitBytes: number
  /** Requests per minute and key; 0 turns the limit off. */
  rateLimitPerMinute: number
  logLevel: string
  /** Documents a match scores per candidate tier (src/match/match-model.ts); bounds a match's cost. */
  matchCandidatesPerTier: number
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  return {
    port: integer(env, 'PORT', 8080),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    adminKey: nonEmpty(env.ADMIN_KEY),
    searchBasePath: basePath(env.SEARCH_BASE_PATH, '/searchengine'),
    pluginBasePath: basePath(env.PLUGIN_BASE_PATH, '/plugin'),
    // 25 MB of JSON carries a ~18 MB file in base64, more than any resume we have seen.
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 25 * 1024 * 1024),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    matchCandidatesPerTier: positive(env, 'MATCH_CANDIDATES_PER_TIER', 500),
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name])
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return value
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback)
  if (value === 0) throw new Error(`${name} must be at least 1`)
  return value
}

function basePath(raw: string | undefined, fallback: string): string {
  const value = nonEmpty(raw) ?? fallback
  const path = '/' + value.replace(/^\/+|\/+$/g, '')
  return path
}
