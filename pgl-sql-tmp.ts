import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { openDatabase } from './src/db/database.js'
const database = await openDatabase({ dataDir: process.argv[2]! })
await sql.raw(readFileSync(process.argv[3]!, 'utf8')).execute(database.db)
console.log('applied', process.argv[3])
await database.close()
