import { withoutOpenEnd } from '../extract/dates.js'
import { degreeWithField } from '../extract/degree-field.js'
import { headerSegments, isOnlyLegalForm } from '../extract/header-parts.js'
import { notInName } from '../extract/name.js'
import type { Line } from '../sections.js'
import { foldKey } from '../text/fold.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import type { FoundEntity } from './found.js'
import { nameLists } from './names.js'

type Words = Pick<Vocabulary, 'institutionWords' | 'gazetteer' | 'months' | 'dateWords' | 'titles' | 'titleHeads' | 'headings' | 'degrees' | 'joiningWords'>

/**
 * The model's entities where their line writes them on: a degree with its field of study ("Master of
 * Arts" of "Master of Arts, Education"), an employer that is only a legal form with the name before it
 * ("L.L.C." of "MedUnison, L.L.C."), and a title with the rank written before it ("Sr." of "Sr.
 * Applications Engineer", as the rules' header segment keeps it). The taggers end spans early at commas
 * and joining words, which the labelled sets write inside these entities. And without the open end of
 * a period the tagger read into an entity's start ("Present: Associate Art Editor"). A name the tagger
 * ended before its surname goes on to it.
 */
export function widened(found: readonly FoundEntity[], lines: readonly Line[], words: Words): FoundEntity[] {
  const text = new Map(lines.map((l) => [l.number, l.text]))
  return found.map((one) => {
    const entity = withoutLeadingDate(one, words)
    const line = text.get(entity.line)
    const at = line?.indexOf(entity.text) ?? -1
    if (at < 0 || line === undefined) return entity
    if (entity.type === 'degree') return { ...entity, text: degreeWithField(line, at, at + entity.text.length, words) }
    if (entity.type === 'title') return withRankBefore(entity, line, at, words)
    if (entity.type === 'name') return withSurnameAfter(entity, line, at, words)
    if (entity.type === 'institute') return withNameBefore(entity, line, at, words)
    if (entity.type === 'employer' && isOnlyLegalForm(entity.text)) {
      // The header's segment that ends with the legal form holds the name before its comma (header-parts.ts).
      const segment = headerSegments(line).find((s) => s.endsWith(entity.text) && s.length > entity.text.length)
      return segment ? { ...entity, text: segment } : entity
    }
    return entity
  })
}

/** An entity without the open end of a period before it (extract/dates.ts withoutOpenEnd). */
function withoutLeadingDate(entity: FoundEntity, words: Words): FoundEntity {
  const text = withoutOpenEnd(entity.text, words)
  return text === entity.text ? entity : { ...entity, text, from: entity.from + entity.text.length - text.length }
}

/** Up to two rank words ("Senior", "Sr.", "Lead": title-heads.tsv modifiers) right before a title in its line join it. */
function withRankBefore(entity: FoundEntity, line: string, at: number, words: Words): FoundEntity {
  let start = at
  for (let taken = 0; taken < 2; taken++) {
    const rank = /(?<![\p{L}\p{N}.])(\p{L}+)\.?\s+$/u.exec(line.slice(0, start))
    if (!rank || !words.titleHeads.modifiers.has(foldKey(rank[1]!))) break
    start = rank.index
  }
  return start === at ? entity : { ...entity, text: line.slice(start, at + entity.text.length), from: entity.from - (at - start) }
}

/** Most words a school's own name before its school word may have ("St. Mark's", "Dr. B. R. Ambedkar"). */
const schoolNameWords = 4

/**
 * A school the tagger read as school words alone ("University" of "St. Mark's University", "Institute of
 * Technology") takes the capitalised words right before it in its line, its own name. A word in lower
 * case, a separator, a degree, a heading or a title's word ends them.
 */
function withNameBefore(entity: FoundEntity, line: string, at: number, words: Words): FoundEntity {
  const rest = words.institutionWords.find(entity.text).reduceRight((t, s) => t.slice(0, s.from) + t.slice(s.to), entity.text)
  if (/\p{Lu}/u.test(rest)) return entity
  let start = at
  for (let taken = 0; taken < schoolNameWords; taken++) {
    const before = /(?:^|\s)(\S+)\s+$/u.exec(line.slice(0, start))
    const word = before?.[1]
    if (!word || !/^(?:\p{Lu}[\p{L}'’.&-]*|&)$/u.test(word)) break
    const key = foldKey(word.replace(/[.]$/, ''))
    if (words.degrees.find(word).length > 0 || words.headings.lookup(word) !== undefined || words.titleHeads.words.has(key)) break
    start = before.index + before[0].length - before[0].trimStart().length
  }
  return start === at ? entity : { ...entity, text: line.slice(start, at + entity.text.length), from: entity.from - (at - start) }
}

/** Most words a name is widened to: four hold a given name, a middle name and a two-word surname. */
const nameWords = 4
const capitalised = /^\p{Lu}[\p{L}'’-]*$/u

/**
 * A name of two or three words whose last word the name lists do not know as a surname ("Shelli
 * Genaro") goes on with the capitalised words right after it in its line ("Kuvalis"): the tagger ends
 * a name after the words it knows, and most names it learnt from have two. A gap of two spaces, a
 * heading, a title's word, a street's or a word with digits ends it; a period or comma ends it after
 * its word; and the name is widened only when what it took ends its field.
 */
function withSurnameAfter(entity: FoundEntity, line: string, at: number, words: Words): FoundEntity {
  const written = entity.text.split(/\s+/)
  if (written.length < 2 || written.length >= nameWords || nameLists().surnames.has(foldKey(written.at(-1)!))) return entity
  let end = at + entity.text.length
  let count = written.length
  let closed = false
  for (let next = /^ (\S+)/.exec(line.slice(end)); next && count < nameWords; next = /^ (\S+)/.exec(line.slice(end))) {
    const word = next[1]!
    const bare = word.replace(/[.,;]$/, '')
    const key = foldKey(bare)
    if (!capitalised.test(bare) || bare.length < 2 || notInName(bare) || words.headings.lookup(bare) !== undefined) break
    if (words.titleHeads.words.has(key) || words.titleHeads.modifiers.has(key)) break
    end += 1 + bare.length
    count += 1
    closed = bare !== word
    if (closed) break
  }
  // The words taken must close the name's field: in a text whose line breaks were lost, "Hana Vo
  // Talent Acquisition" runs on into what follows the name.
  const fieldEnd = closed || /^(?:$|\s{2,}|\s*[|•·,;:(]|\s+[-–]\s)/.test(line.slice(end))
  return end === at + entity.text.length || !fieldEnd ? entity : { ...entity, text: line.slice(at, end) }
}
