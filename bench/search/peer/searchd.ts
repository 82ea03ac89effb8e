import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { outputOf, stopper } from './child-process.js'
import { sphinxIndex } from './sphinx-config.js'
import { SphinxClient } from './sphinxql.js'

/** A TCP port nothing listens on now, for searchd or the service. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface Searchd {
  port: number
  /** Stops this searchd (the process this module started, by its pid) and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts searchd in the foreground (--nodetach), so it is this process' child and stops with it, and
 * waits until its index answers a SphinxQL query.
 */
export async function startSearchd(configFile: string, port: number): Promise<Searchd> {
  const child = spawn('searchd', ['--config', configFile, '--nodetach'], { stdio: ['ignore', 'pipe', 'pipe'] })
  const output = outputOf(child)
  const stop = stopper(child, 10_000)
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`searchd exited with ${child.exitCode}:\n${output()}`)
    try {
      const client = await SphinxClient.connect(port)
      try {
        await client.run(`SELECT id FROM ${sphinxIndex} LIMIT 1; SHOW META`)
        return { port, stop }
      } finally {
        await client.close()
      }
    } catch (error) {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`searchd did not answer on port ${port} within 60 s (${(error as Error).message}):\n${output()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
