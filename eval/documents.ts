import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readGold, type Gold } from './gold-format.js'

/** A labelled document: its text and its gold labels. */
export interface GoldDocument {
  name: string
  text: string
  gold: Gold
}

export interface GoldDirectory {
  documents: GoldDocument[]
  /** Gold files the harness could not use, with why. */
  skipped: Array<{ name: string; reason: string }>
}

const goldSuffix = '.gold.json'

/**
 * Reads every NAME.gold.json in a directory with its document NAME.txt, sorted by name. Documents in
 * other formats are reported as skipped until the harness reads them through intake.
 */
export function readGoldDirectory(dir: string): GoldDirectory {
  const files = readdirSync(dir).sort()
  const documents: GoldDocument[] = []
  const skipped: GoldDirectory['skipped'] = []
  for (const file of files.filter((f) => f.endsWith(goldSuffix))) {
    const name = file.slice(0, -goldSuffix.length)
    const gold = readGold(JSON.parse(readFileSync(join(dir, file), 'utf8')), join(dir, file))
    if (files.includes(`${name}.txt`)) {
      documents.push({ name, text: readFileSync(join(dir, `${name}.txt`), 'utf8'), gold })
      continue
    }
    const other = files.find((f) => f !== file && f.startsWith(`${name}.`))
    skipped.push({ name, reason: other ? `${other}: only .txt is read so far` : 'no document next to the gold file' })
  }
  return { documents, skipped }
}
