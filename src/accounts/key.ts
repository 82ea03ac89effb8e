import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new secret key: 32 url-safe characters (192 random bits). */
export function generateKey(): string {
  return randomBytes(24).toString('base64url')
}

/** Keys are stored and looked up only as their SHA-256. */
export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest()
}

/** Compares a presented key with a stored hash in constant time. */
export function keyMatches(key: string, hash: Buffer): boolean {
  const candidate = hashKey(key)
  return candidate.length === hash.length && timingSafeEqual(candidate, hash)
}
