/**
 * A server node as a real process (`src/main.ts`, as `npm start` runs it), for tests that kill one (kill -9,
 * SIGTERM) or read its logs. `spawnNode` starts it and collects its output; `startNodeProcess` also waits until it
 * logged 'server listening' (with its port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../src/node-flags.js';

export interface SpawnedNode {
  readonly child: ChildProcess;
  /** Its stdout lines that parsed as JSON (pino's log lines), in order. */
  readonly lines: Record<string, unknown>[];
  /** Its stdout lines that did not (a structured log has none). */
  readonly unparsed: string[];
  stderr(): string;
  /** Resolves when the process has exited, with its exit code. */
  readonly exited: Promise<number | null>;
}

export interface NodeProcess extends SpawnedNode {
  readonly id: string;
  readonly port: number;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `src/main.ts` on a free loopback port with `env` over the test defaults; does not wait for it. */
export function spawnNode(env: Record<string, string>): SpawnedNode {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', VROYALE_BOT_THREADS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const unparsed: string[] = [];
  let buf = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        unparsed.push(line);
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, unparsed, stderr: () => err, exited };
}

/** The log line with this `msg`, once the node wrote it (polled). */
export async function logLine(lines: readonly Record<string, unknown>[], msg: string, ms = 30_000): Promise<Record<string, unknown>> {
  const end = Date.now() + ms;
  for (;;) {
    const l = lines.find((x) => x.msg === msg);
    if (l) return l;
    if (Date.now() > end) throw new Error(`no '${msg}' line`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A node named `id` (VROYALE_NODE_ID), resolved once it listens; rejects if it exits first. */
export async function startNodeProcess(id: string, env: Record<string, string>): Promise<NodeProcess> {
  const node = spawnNode({ VROYALE_NODE_ID: id, ...env });
  const output = () => [...node.lines.map((l) => JSON.stringify(l)), ...node.unparsed, node.stderr()].join('\n');
  const listening = await new Promise<Record<string, unknown>>((resolve, reject) => {
    logLine(node.lines, 'server listening').then(resolve, () => reject(new Error(`node ${id}: no 'server listening' line: ${output()}`)));
    // Settling an already settled promise does nothing: an exit after the start is the test's business.
    void node.exited.then((code) => reject(new Error(`node ${id} exited (${code}): ${output()}`)));
  });
  return { ...node, id, port: Number(listening.port), kill: (signal) => void node.child.kill(signal) };
}
