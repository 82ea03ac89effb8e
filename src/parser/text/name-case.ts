/**
 * Whether a phrase starts with a word in lower case, as a piece of a sentence does and a name does not
 * ("overseeing college", "and psychology."). "the" before a capital is the name's own ("the Institute of
 * ..."), and a word with a capital inside is a brand ("eHealth Ontario").
 */
export function startsLowerCase(text: string): boolean {
  return /^\p{Ll}[^\s\p{Lu}]*(?:\s|$)/u.test(text) && !/^the\s+\p{Lu}/u.test(text)
}
