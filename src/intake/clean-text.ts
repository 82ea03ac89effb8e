/**
 * The text every extractor hands back: Unix line ends, NFC, no control characters but tab and newline,
 * no trailing spaces, at most one blank line in a row, no blank start or end.
 *
 * @example
 *   cleanText('Anna  \r\n\r\n\r\nBerlin\f') // 'Anna\n\nBerlin'
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u2028\u2029]/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u200b\ufeff]/g, '')
    .replace(/ *\t */g, '\t')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Joins parts that may be empty, one blank line between them, leaving out repeats (a header on every page). */
export function joinParts(parts: string[]): string {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const part of parts.map((p) => p.trim())) {
    if (part === '' || seen.has(part)) continue
    seen.add(part)
    kept.push(part)
  }
  return kept.join('\n\n')
}
