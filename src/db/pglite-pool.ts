import type { PGlite, Results } from '@electric-sql/pglite'
import pgUtils from 'pg/lib/utils.js'

/**
 * A `pg.Pool` look-alike over one PGlite instance, for kysely's PostgresDialect.
 *
 * PGlite is a single connection, so `connect()` hands it out in turn: a transaction holds it until it is
 * released, and everyone else waits. Parameterless text goes through `exec` (the simple protocol), which
 * is what `pg` does too, so multi-statement migration files run the same way in both modes.
 *
 * Parameters are bound as `pg` binds them: each value becomes the text `pg` would send (arrays as array
 * literals, objects as JSON), and PGlite passes that text through. Left to PGlite, a value is
 * serialised by the type the server guessed for its placeholder, so the same statement that runs on
 * PostgreSQL could fail here (an array bound where the guess was text arrived as "a,b").
 */
export class PGlitePool {
  #queue: Promise<void> = Promise.resolve()
  #ended = false

  constructor(readonly pglite: PGlite) {}

  connect(): Promise<PGliteClient> {
    // 57P01 (admin_shutdown) is what a server says when it goes away: the request gets a 503.
    if (this.#ended) return Promise.reject(Object.assign(new Error('the embedded database is closed'), { code: '57P01' }))
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const previous = this.#queue
    this.#queue = previous.then(() => turn)
    return previous.then(() => new PGliteClient(this.pglite, release))
  }

  async end(): Promise<void> {
    if (this.#ended) return
    this.#ended = true
    await this.#queue
    // Without closing, a CLI such as kysely-ctl never exits.
    await this.pglite.close()
  }
}

interface QueryResult {
  command: string
  rowCount: number
  rows: unknown[]
}

class PGliteClient {
  #released = false

  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void,
  ) {}

  async query(text: string, parameters: readonly unknown[] = []): Promise<QueryResult> {
    const results: Results[] =
      parameters.length === 0
        ? await this.pglite.exec(text)
        : [await this.pglite.query(text, parameters.map(asPgText), { serializers: passThrough })]
    const last = results[results.length - 1]
    return {
      command: commandOf(text),
      rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
      rows: last?.rows ?? [],
    }
  }

  release(): void {
    if (this.#released) return
    this.#released = true
    this.onRelease()
  }
}

/** The text pg sends for a value; bytes in bytea's hex form, since the text goes through as it is. */
function asPgText(value: unknown): string | null {
  const prepared = pgUtils.prepareValue(value)
  return Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : prepared
}

/** Every type's serialiser, for values that are already the text PostgreSQL reads. */
const passThrough = new Proxy({} as Record<number, (value: unknown) => string>, { get: () => (text: string) => text })

/** The command tag pg would report; kysely reads it to count affected rows. */
function commandOf(text: string): string {
  const word = /^\s*(?:--[^\n]*\n\s*)*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? ''
  return word === 'WITH' ? 'SELECT' : word
}
