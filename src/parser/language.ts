import { eld } from 'eld/extrasmall'

/** The six languages the service parses; anything else is read with the English rules. */
export const languages = { en: 'English', es: 'Spanish', de: 'German', fr: 'French', pl: 'Polish', it: 'Italian' } as const
export type LanguageCode = keyof typeof languages

eld.setLanguageSubset(Object.keys(languages))

/**
 * The document's language, from its first few thousand characters (`eld`, n-gram based: 12 µs a
 * sentence). Short or mixed texts fall back to English. The extra-small n-gram model: the medium one
 * costs 200 MB of memory more, and a few thousand characters of one of six languages need no more.
 */
export function detectLanguage(text: string): LanguageCode {
  const sample = text.slice(0, 4000)
  const detected = eld.detect(sample).language as string
  return detected in languages ? (detected as LanguageCode) : 'en'
}
