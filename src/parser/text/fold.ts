/** Letters that Unicode decomposition leaves alone but our languages fold (Polish ł, German ß, ...). */
const special: Record<string, string> = {
  ł: 'l', Ł: 'L', ß: 'ss', ẞ: 'SS', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ı: 'i',
}

const ascii = /^[\x00-\x7f]*$/

/** "Kraków" -> "Krakow", "Łódź" -> "Lodz", "Straße" -> "Strasse"; case is kept. */
export function foldAccents(text: string): string {
  // Most words of most texts are plain ASCII, which folds to itself: decomposing them is most of the cost.
  if (ascii.test(text)) return text
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łŁßẞøØæÆœŒđĐı]/g, (c) => special[c] ?? c)
}

/** The comparison key of a word or phrase: accents folded, lower case. */
export function foldKey(text: string): string {
  return foldAccents(text).toLowerCase()
}
