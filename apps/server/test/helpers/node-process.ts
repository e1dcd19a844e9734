/**
 * A server node as a real process (`src/main.ts`, as `npm start` runs it), for tests that kill one (kill -9,
 * SIGTERM). Resolves once it logged 'server listening' (with its port); its log lines are kept for diagnostics.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface NodeProcess {
  readonly id: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

export async function startNodeProcess(id: string, env: Record<string, string>): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', VROYALE_BOT_THREADS: '0', VROYALE_NODE_ID: id, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let buf = '';
  child.stderr!.on('data', (d: Buffer) => raw.push(d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node ${id}: no 'server listening' line: ${raw.join('\n')}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        raw.push(line);
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (parsed.msg === 'server listening') {
            clearTimeout(timer);
            resolve(Number(parsed.port));
          }
        } catch {
          // not a log line
        }
      }
    });
    void exited.then((code) => reject(new Error(`node ${id} exited (${code}): ${raw.join('\n')}`)));
  });
  return { id, port, child, lines, exited, kill: (signal) => void child.kill(signal) };
}
