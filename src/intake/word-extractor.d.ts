// word-extractor ships no types; this is the part of its API intake uses.
declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string
    getHeaders(options?: { includeFooters?: boolean }): string
    getFooters(): string
    getFootnotes(): string
    getEndnotes(): string
    getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string
  }
  export default class WordExtractor {
    extract(source: Buffer | string): Promise<WordDocument>
  }
}
