import { PhraseIndex } from './phrase-index.js'

/** Two vocabulary rows claiming the same alias: the first one keeps it. Tests require none. */
export interface AliasConflict {
  vocabulary: string
  alias: string
  kept: string
  dropped: string
}

/**
 * Builds a phrase index from vocabulary rows: each entry under its own name and its aliases.
 * Conflicts are collected, not thrown, so one bad row never stops the service from starting.
 */
export function aliasIndex<T>(
  vocabulary: string,
  rows: Iterable<{ entry: T; name: string; aliases: string[]; caseSensitive?: boolean }>,
  conflicts: AliasConflict[],
  options: ConstructorParameters<typeof PhraseIndex<T>>[0] = {},
): PhraseIndex<T> {
  const index = new PhraseIndex<T>(options)
  for (const { entry, name, aliases, caseSensitive } of rows) {
    for (const alias of [name, ...aliases]) {
      const owner = index.add(alias, entry, { caseSensitive: caseSensitive ?? false })
      if (owner !== undefined) conflicts.push({ vocabulary, alias, kept: nameOf(owner), dropped: name })
    }
  }
  return index
}

function nameOf(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>
    return String(record.canonical ?? record.name ?? record.meaning ?? record.section ?? JSON.stringify(entry))
  }
  return String(entry)
}
