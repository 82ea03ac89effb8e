import type { LanguageKnown } from '../resume-output.js'
import type { Line } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'

/**
 * Languages a person knows, from the languages section (or a "Languages:" line), each with the level
 * written next to it: CEFR (B2), native, fluent, "Muttersprache", "madrelingua", "biegły".
 * Outside such lines a language name is usually something else ("German company").
 */
export function findLanguagesKnown(lines: Line[], words: Pick<Vocabulary, 'languages' | 'languageLevels'>): LanguageKnown[] {
  const known = new Map<string, LanguageKnown>()
  for (const line of lines) {
    for (const part of line.text.split(/\s*[,;|•]\s*/)) {
      const languages = words.languages.find(part)
      if (languages.length === 0) continue
      const level = words.languageLevels.find(part)[0]?.entry.level ?? ''
      for (const match of languages) {
        const code = match.entry.code
        const previous = known.get(code)
        if (!previous || (!previous.Level && level)) known.set(code, { Language: match.entry.name, LanguageCode: code, Level: languages.length === 1 ? level : '' })
      }
    }
  }
  return [...known.values()]
}
