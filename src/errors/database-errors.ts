/**
 * Whether an error means the database is unreachable or refusing work (so the answer is a 503 the
 * client may retry), as opposed to a bug. Decided on error codes, never on message text.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return true
    // SQLSTATE class 08 (connection exception), 57P (operator intervention: shutdown), 53 (resources).
    if (/^(08|57P|53)/.test(code)) return true
  }
  // pg's pool reports its connection timeout without a code; its cause chain carries none either.
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect'
}

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'])
