/**
 * Text as extraction hands it over, made regular: NFC, ligatures and look-alike characters replaced,
 * bullets and dashes unified, spaces collapsed, at most one empty line in a row. Line structure is kept:
 * the section and entry logic reads lines.
 */
const replacements: Array<[RegExp, string]> = [
  [/\r\n?/g, '\n'],
  [/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' '],
  [/[\u200b-\u200d\u2060\ufeff\u00ad]/g, ''],
  [/\ufb00/g, 'ff'], [/\ufb01/g, 'fi'], [/\ufb02/g, 'fl'], [/\ufb03/g, 'ffi'], [/\ufb04/g, 'ffl'],
  [/[\u2018\u2019\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  // Dashes between dates and in titles become one hyphen-minus family member: the en dash.
  [/[\u2012\u2013\u2014\u2015\u2212]/g, '–'],
  // The typographic hyphens ("Full‐time", "2001‐2002") are the hyphen-minus.
  [/[\u2010\u2011]/g, '-'],
  [/^[ \t]*[\u2022\u25cf\u25aa\u25a0\u25e6\u2023\u2043\u2219\u00b7\uf0b7\uf0a7\uf076\uf0d8\u27a2\u2714\u2713\u25ba\u25b6\u2192*]+[ \t]*/gm, '• '],
  [/\t+/g, '  '],
  [/[ ]{3,}/g, '  '],
  [/[ \t]+$/gm, ''],
  [/\n{3,}/g, '\n\n'],
]

export function cleanText(raw: string): string {
  let text = raw.normalize('NFC')
  for (const [pattern, replacement] of replacements) text = text.replace(pattern, replacement)
  return text.trim()
}
