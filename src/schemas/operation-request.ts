/**
 * What an operation receives of one request, once the HTTP adapter has read the body, checked the
 * envelope (key, index type, sub-user) and validated the body against the operation's schema.
 *
 * @example
 *   simpleSearch(deps, account, { envelope: { indexType: 'Resume' }, body: { index, query: { keyword: 'java' } } })
 */
export interface OperationRequest<Body, Envelope = OneIndexEnvelope> {
  envelope: Envelope
  body: Body
}

/** The `index` envelope as checked, before an operation narrows it (spec 2.1 and 5). */
export interface IndexEnvelope {
  /** Absent only for operations that take both types (oneMatch, indexCount). */
  indexType?: 'Resume' | 'JD'
  /** A string, or for the multi-sub-user match and indexCount an array of strings. */
  subUserId?: string | string[]
}

/** The envelope of most search-engine operations: one index type, at most one sub-user. */
export interface OneIndexEnvelope {
  indexType: 'Resume' | 'JD'
  subUserId?: string
}

/** The envelope of the plugins: `subuserid` is required (spec 4.9, 4.10). */
export interface PluginEnvelope {
  subUserId: string
}
