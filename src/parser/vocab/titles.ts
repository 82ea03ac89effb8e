import { readdirSync } from 'node:fs'
import { foldKey } from '../text/fold.js'
import { aliasIndex, type AliasConflict } from './alias-index.js'
import type { PhraseIndex } from './phrase-index.js'
import { list, readTsv, vocabFolder } from './tsv.js'
import { loadPlurals } from './word-lists.js'

export interface TitleEntry {
  /** English, language-independent: the FormattedName of every translation. */
  canonical: string
  category: string
  subcategory: string
  /** Typical skills of the job, by canonical skill name. */
  skills: string[]
}

export interface TitleVocabulary {
  index: PhraseIndex<TitleEntry>
  byName: Map<string, TitleEntry>
}

/**
 * vocab/titles/*.tsv: canonical, category, subcategory, skills, aliases in six languages. Titles are
 * also found in the plural (vocab/plurals.tsv): job headers and occupation lists name them so
 * ("Accountants and Auditors", "Ingenieure").
 */
export function loadTitles(conflicts: AliasConflict[]): TitleVocabulary {
  const files = readdirSync(new URL('titles/', vocabFolder)).filter((f) => f.endsWith('.tsv')).sort()
  const byName = new Map<string, TitleEntry>()
  const rows = files.flatMap((file) =>
    readTsv(`titles/${file}`).map((row) => {
      const entry: TitleEntry = {
        canonical: row.canonical!,
        category: row.category ?? '',
        subcategory: row.subcategory ?? '',
        skills: list(row.skills),
      }
      if (!byName.has(foldKey(entry.canonical))) byName.set(foldKey(entry.canonical), entry)
      return { entry, name: entry.canonical, aliases: list(row.aliases) }
    }),
  )
  return { index: aliasIndex('titles', rows, conflicts, { plurals: loadPlurals() }), byName }
}
