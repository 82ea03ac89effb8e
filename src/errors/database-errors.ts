/**
 * Whether an error means the database is unreachable or refusing work (so the answer is a 503 the
 * client may retry), as opposed to a bug. Decided on error codes where the driver gives one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return true
    // SQLSTATE class 08 (connection exception), 57P (operator intervention: shutdown), 53 (resources);
    // not 08P01, a protocol violation: a statement the server cannot take, which a retry cannot help.
    if (code === '08P01') return false
    if (/^(08|57P|53)/.test(code)) return true
  }
  // pg reports a lost connection and its pool's connect timeout with no code at all (nor a cause that
  // has one), only with these fixed messages of its own.
  return error instanceof Error && pgConnectionMessages.has(error.message)
}

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'])

const pgConnectionMessages = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
])
