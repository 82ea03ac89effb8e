import { readFileSync } from 'node:fs'

/** The folder of the project's vocabularies (see vocab/FORMAT.md). */
export const vocabFolder = new URL('../../../vocab/', import.meta.url)

/** Rows of a vocabulary TSV as objects keyed by the header's column names. */
export function readTsv(relativePath: string): Array<Record<string, string>> {
  const text = readFileSync(new URL(relativePath, vocabFolder), 'utf8')
  const rows: Array<Record<string, string>> = []
  let header: string[] | undefined
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue
    const cells = line.split('\t').map((cell) => cell.trim())
    if (!header) {
      header = cells
      continue
    }
    rows.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])))
  }
  return rows
}

/** The values of a `|`-separated cell. */
export function list(cell: string | undefined): string[] {
  if (!cell) return []
  return cell.split('|').map((value) => value.trim()).filter((value) => value !== '')
}
