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
