import { spawn } from 'node:child_process'

export interface RunOptions {
  input?: Uint8Array
  timeoutMs: number
  env?: NodeJS.ProcessEnv
  cwd?: string
}

export type RunResult =
  | { kind: 'done'; code: number | null; stdout: Buffer; stderr: string }
  | { kind: 'timeout' }
  | { kind: 'missing' }

/**
 * Runs a program with a time limit. It gets its own process group, so that on timeout the whole group
 * (soffice forks) is killed, not only the first process. A program that is not installed is `missing`.
 *
 * @example
 *   const result = await runProcess('tesseract', ['stdin', 'stdout'], { input: png, timeoutMs: 30_000 })
 */
export function runProcess(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, env: options.env ?? process.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    let settled = false
    const finish = (result: RunResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const timer = setTimeout(() => {
      killGroup(child.pid)
      finish({ kind: 'timeout' })
    }, Math.max(1, options.timeoutMs))
    child.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ENOENT' || error.code === 'EACCES' ? { kind: 'missing' } : { kind: 'done', code: -1, stdout: Buffer.alloc(0), stderr: error.message }))
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('close', (code) => finish({ kind: 'done', code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') }))
    // A program that exits before reading all its input closes the pipe: that is not our error.
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ? Buffer.from(options.input) : undefined)
  })
}

function killGroup(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
