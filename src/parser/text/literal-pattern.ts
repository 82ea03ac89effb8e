/** A listed word or phrase as a regular expression that matches it literally. */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
