import type { ChildProcess } from 'node:child_process'

/** What a child with piped output has printed, its last `keep` characters: enough to show why it failed. */
export function outputOf(child: ChildProcess, keep = 8000): () => string {
  let tail = ''
  const read = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-keep))
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  return () => tail
}

/**
 * Stops a child this process started (by its own handle, never by name): SIGTERM, SIGKILL once
 * `graceMs` has passed; resolves when it has exited.
 */
export function stopper(child: ChildProcess, graceMs: number): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }
}
