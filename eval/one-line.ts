import { entityTypes } from '../src/parser/model/entities.js'
import type { LabelledDocument } from '../src/parser/model/projection.js'
import type { GoldDocument } from './documents.js'

/** A text's lines run on with one space, each trimmed, empty ones dropped. */
export const inOneLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')

/**
 * The document as many extracted texts arrive: its line breaks lost, its lines run on with one space.
 * What a line holds, column gaps included, stays; its labels are values, so they hold as they are.
 *
 * @example
 *   linesLost({ name: '1', text: 'Anna Nowak\nEngineer\n\nAcme', gold: {} }).text // 'Anna Nowak Engineer Acme'
 */
export function linesLost(document: GoldDocument): GoldDocument {
  return { ...document, text: inOneLine(document.text) }
}

/**
 * A labelled document's copy in one line, to learn from besides it: where a title, an employer or a
 * school ends when no line break says so is learnt from real resumes, not only from generated ones.
 * It teaches no name: the name tagger trained on the copies too read dotin's held-out names no better,
 * in one line or as written, and without them it stays the one measured before (docs/accuracy.md,
 * fourteenth round).
 */
export function oneLineCopy(document: LabelledDocument): LabelledDocument {
  const only = (document.only ?? entityTypes).filter((type) => type !== 'name')
  return { ...document, name: `${document.name} in one line`, text: inOneLine(document.text), source: document.name, only }
}
