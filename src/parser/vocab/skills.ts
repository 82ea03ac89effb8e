import { readdirSync } from 'node:fs'
import { foldKey } from '../text/fold.js'
import { aliasIndex, type AliasConflict } from './alias-index.js'
import type { PhraseIndex } from './phrase-index.js'
import { list, readTsv, vocabFolder } from './tsv.js'

const isAcronym = (alias: string) => /^[A-Z]{2,5}$/.test(alias)

export interface SkillEntry {
  canonical: string
  /** hard or soft (vocab/skills/*.tsv); the output calls them OperationalSkill and BehaviorSkill. */
  type: 'hard' | 'soft'
  domain: string
  /** Matched as written (vocab/skills/*.tsv `cs`): in lower case the name is a word ("Less", "Lever"). */
  caseSensitive?: true
}

export interface SkillVocabulary {
  index: PhraseIndex<SkillEntry>
  /** By folded canonical name. */
  byName: Map<string, SkillEntry>
}

/** vocab/skills/*.tsv: canonical, type, domain, match (cs = case-sensitive), aliases in six languages. */
export function loadSkills(conflicts: AliasConflict[]): SkillVocabulary {
  const files = readdirSync(new URL('skills/', vocabFolder)).filter((f) => f.endsWith('.tsv')).sort()
  const byName = new Map<string, SkillEntry>()
  const rows = files.flatMap((file) =>
    readTsv(`skills/${file}`).map((row) => {
      const caseSensitive = row.match === 'cs'
      const entry: SkillEntry = { canonical: row.canonical!, type: row.type === 'soft' ? 'soft' : 'hard', domain: row.domain ?? '', ...(caseSensitive ? { caseSensitive } : {}) }
      if (!byName.has(foldKey(entry.canonical))) byName.set(foldKey(entry.canonical), entry)
      const aliases = list(row.aliases)
      // A short alias in capitals is an acronym ("BSC", "LESS", "CAD"): in lower case it is a word.
      return [
        { entry, name: entry.canonical, aliases: aliases.filter((a) => !isAcronym(a)), caseSensitive },
        ...aliases.filter(isAcronym).map((alias) => ({ entry, name: alias, aliases: [], caseSensitive: true })),
      ]
    }),
  ).flat()
  return { index: aliasIndex('skills', rows, conflicts), byName }
}
