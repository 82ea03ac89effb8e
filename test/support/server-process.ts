import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** `npm start` as a user runs it: a real process serving real HTTP on a port of its own. */
export interface ServerProcess {
  port: number
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Null while the process runs; its exit code (or signal) once it has exited. */
  exitCode(): number | null
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  stop(): Promise<number | null>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Starts `src/main.ts` with `env` over a clean configuration and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', ADMIN_KEY: '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" within 90 s:\n${output}`)), 90_000)
    const poll = setInterval(() => {
      if (output.includes('"msg":"listening"')) {
        clearInterval(poll)
        clearTimeout(timer)
        resolve()
      }
      if (child.exitCode !== null) {
        clearInterval(poll)
        clearTimeout(timer)
        reject(new Error(`exited with ${child.exitCode}:\n${output}`))
      }
    }, 100)
  })
  return {
    port,
    output: () => output,
    exitCode: () => child.exitCode ?? (child.signalCode ? -1 : null),
    post: (path, body, headers = {}) =>
      fetch(`http://localhost:${port}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
