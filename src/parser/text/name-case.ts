/**
 * Whether a phrase starts in lower case, as a piece of a sentence does and a name does not ("overseeing
 * college", "and psychology."). "the" before a capital is the name's own ("the Institute of ...").
 */
export function startsLowerCase(text: string): boolean {
  return /^\p{Ll}/u.test(text) && !/^the\s+\p{Lu}/u.test(text)
}
