import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = resolve(import.meta.dirname, '../src')

/** Every relative import of every source file, as `from` (file) and `to` (imported path), relative to src/. */
function sourceImports(): Array<{ from: string; to: string }> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))
  return files.flatMap((file) => {
    const text = readFileSync(join(src, file), 'utf8')
    // Static imports and re-exports (`import ... from '...'`, `export ... from '...'`, `import '...'`) and `import('...')`.
    const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!)
    return specifiers.map((specifier) => ({ from: file, to: relative(src, resolve(dirname(join(src, file)), specifier)) }))
  })
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)

/**
 * The direction of the layers (docs: README "Layout"). The HTTP adapter calls the domain, never the other
 * way round, so an operation is a function of (deps, account, request) that a test or a CLI can call; the
 * parser and intake are pure of the database and of HTTP.
 */
const rules: Array<{ name: string; applies: (file: string) => boolean; forbidden: string[] }> = [
  // The image ships src/ alone (Dockerfile): the harnesses, scripts, benchmarks and tests stay outside it.
  { name: 'src imports nothing from eval, scripts, bench or test', applies: () => true, forbidden: ['../eval', '../scripts', '../bench', '../test'] },
  // src/main.ts is the composition root: it starts the HTTP server.
  { name: 'nothing outside src/http imports from it', applies: (file) => !within(file, 'http') && file !== 'main.ts', forbidden: ['http'] },
  { name: 'src/parser imports nothing from src/db or src/http', applies: (file) => within(file, 'parser'), forbidden: ['db', 'http'] },
  { name: 'src/intake imports nothing from src/db or src/http', applies: (file) => within(file, 'intake'), forbidden: ['db', 'http'] },
  // The entity model is read by indexing, search and match; it reads only the parser's output types.
  {
    name: 'src/entity imports nothing from the database, HTTP or the operations',
    applies: (file) => within(file, 'entity'),
    forbidden: ['db', 'http', 'indexing', 'search', 'match', 'documents', 'skill-gap', 'plugins'],
  },
]

describe('import direction', () => {
  const imports = sourceImports()

  it('finds the imports it checks', () => {
    expect(imports.some((i) => i.from === 'main.ts' && i.to === 'http/app.js')).toBe(true)
    expect(imports.filter((i) => within(i.from, 'search')).length).toBeGreaterThan(20)
  })

  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    const wrong = imports
      .filter((i) => rule.applies(i.from) && rule.forbidden.some((folder) => within(i.to, folder)))
      .map((i) => `${i.from} imports ${i.to}`)
    expect(wrong).toEqual([])
  })
})
