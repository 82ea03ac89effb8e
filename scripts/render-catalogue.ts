import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { catalogue } from '../src/errors/catalogue.js'

/** docs/errors.md, rendered from the catalogue so the two cannot drift (a test compares them). */
export function renderCatalogue(): string {
  const rows = Object.entries(catalogue).map(
    ([code, entry]) => `| ${code} | ${entry.http} | ${entry.message.replace(/\|/g, '\\|')} | ${entry.operations.join(', ')} |`,
  )
  return [
    '# Errors',
    '',
    'Every error has the same body and a fitting HTTP status:',
    '',
    '```json',
    '{"status": "2001", "error": {"code": 2001, "message": "Invalid user key"}}',
    '```',
    '',
    '`status` is the code as a string, as clients of the vendor API read it; `error.code` is the same number.',
    'Codes 2001-2081 are the interface specification\'s catalogue; 1000-1099 are this service\'s own, for',
    'conditions the specification names without a number. `{detail}` is filled in per request (a field, a',
    'value, a limit). Where: `*` every operation, `search` every search-engine operation, `plugin` every',
    'plugin operation, `admin` the admin API, otherwise operation names.',
    '',
    'Generated from `src/errors/catalogue.ts` by `npm run docs:errors`.',
    '',
    '| code | HTTP | message | where |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(new URL('../docs/errors.md', import.meta.url), renderCatalogue())
}
