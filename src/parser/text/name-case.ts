/**
 * Whether a phrase starts with a word in lower case, as a piece of a sentence does and a name does not
 * ("overseeing college", "and psychology."). An article before a capital is the name's own ("the
 * Institute of ...", "der Alpenblick Versicherungs AG", "la Caixa"), and a word with a capital inside is
 * a brand ("eHealth Ontario").
 */
export function startsLowerCase(text: string): boolean {
  return /^\p{Ll}[^\s\p{Lu}]*(?:\s|$)/u.test(text) && !article.test(text)
}

/** The articles of the six languages, before a capital. */
const article = /^(?:the|der|die|das|den|dem|des|le|la|les|l['’]|el|los|las|il|lo|gli)\s*\p{Lu}/u
