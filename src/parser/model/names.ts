import { foldKey } from '../text/fold.js'
import { list, readTsv } from '../vocab/tsv.js'

/**
 * Given names and surnames of every language (vocab/names.tsv), and the given names of English-speaking
 * countries (vocab/given-names.tsv), folded as words are for matching.
 */
export interface NameLists {
  given: Set<string>
  surnames: Set<string>
}

let loaded: NameLists | undefined

/** The name lists, read once per process. */
export function nameLists(): NameLists {
  if (loaded) return loaded
  loaded = { given: new Set(), surnames: new Set() }
  for (const row of readTsv('names.tsv')) {
    const target = row.kind === 'given' ? loaded.given : loaded.surnames
    // A surname of several words ("De Luca") is known by each of its words.
    for (const name of list(row.names)) for (const word of foldKey(name).split(/[\s']+/)) if (word.length > 1) target.add(word)
  }
  for (const row of readTsv('given-names.tsv')) loaded.given.add(foldKey(row.name!))
  return loaded
}
