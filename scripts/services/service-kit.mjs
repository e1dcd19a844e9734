/**
 * What the service scripts share (redis.mjs, haproxy.mjs): finding or installing a Debian package's binary,
 * a free loopback port, a private temporary folder, waiting for a port to answer, and the command line
 * (`install`, `start`, `stop <dir>`). Node only, no dependencies: the scripts run before `npm ci` matters.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Where Debian puts daemons: not always on a normal user's PATH. */
const SBIN = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

/** The path of `command`, or null. */
export function findBinary(command, extraDirs = []) {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), ...SBIN, ...extraDirs]) {
    if (!dir) continue;
    const p = join(dir, command);
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * The binary's path, installing `aptPackage` with apt-get when it is missing and we are root. Not root, or no
 * apt-get: an Error saying exactly what to run.
 */
export function ensureInstalled(command, aptPackage, extraDirs = []) {
  const found = findBinary(command, extraDirs);
  if (found) return found;
  const hint = `${command} is not installed: run 'apt-get install -y ${aptPackage}' as root (Debian/Ubuntu)`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0 || !findBinary('apt-get')) throw new Error(hint);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '-qq', aptPackage], { stdio: 'inherit', env });
  // A fresh machine has no package lists yet.
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '-qq', aptPackage], { stdio: 'inherit', env });
  }
  const after = findBinary(command, extraDirs);
  if (r.status !== 0 || !after) throw new Error(`apt-get install -y ${aptPackage} failed (exit ${r.status}); ${hint}`);
  return after;
}

/** A port free on 127.0.0.1 right now (the OS picks it; the caller binds it at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const tempDir = (name) => mkdtempSync(join(tmpdir(), `vroyale-${name}-`));

/** Resolves once 127.0.0.1:port accepts a TCP connection; fails when `child` exits first or after `ms`. */
export async function waitForPort(port, child, ms = 10_000, what = 'service') {
  const end = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before listening on ${port}`);
    const open = await new Promise((resolve) => {
      const c = createConnection({ host: '127.0.0.1', port }, () => (c.destroy(), resolve(true)));
      c.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`${what} did not listen on ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}

/**
 * The command line of a service script: `install`; `start [options as JSON]` (prints one JSON line with
 * port, pid, dir, then runs until SIGTERM/SIGINT, stops the service and removes its folder); `stop <dir>`
 * (signals the `start` that owns that folder and waits for it to finish).
 */
export async function serviceCli(name, { install, start }) {
  const [cmd, arg] = process.argv.slice(2);
  try {
    if (cmd === 'install') {
      console.log(install());
      return;
    }
    if (cmd === 'start') {
      // Signal handlers first: whoever reads the JSON line may send SIGTERM the moment it arrives, and a
      // signal during start-up must still stop what was started.
      let svc = null;
      let signalled = false;
      let stopping = null;
      const end = () => {
        signalled = true;
        if (!svc) return;
        stopping ??= svc.stop().then(() => process.exit(0));
      };
      process.on('SIGTERM', end);
      process.on('SIGINT', end);
      svc = await start(arg ? JSON.parse(arg) : {});
      writeFileSync(join(svc.dir, 'supervisor.pid'), String(process.pid));
      const { stop, ...shown } = svc;
      console.log(JSON.stringify({ ...shown, supervisor: process.pid }));
      if (signalled) end();
      return;
    }
    if (cmd === 'stop') {
      if (!arg) throw new Error(`usage: ${name} stop <dir printed by start>`);
      const pidFile = join(arg, 'supervisor.pid');
      if (!existsSync(pidFile)) throw new Error(`${pidFile} not found: nothing started there, or already stopped`);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      process.kill(pid, 'SIGTERM');
      const end = Date.now() + 10_000;
      while (existsSync(arg) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      if (existsSync(arg)) throw new Error(`${name} (pid ${pid}) did not stop within 10 s`);
      console.log(JSON.stringify({ stopped: pid }));
      return;
    }
    console.error(`usage: node scripts/services/${name}.mjs install | start ['<json options>'] | stop <dir>`);
    process.exitCode = 2;
  } catch (e) {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  }
}

/** Removes a service's folder (after its process has exited). */
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });

/**
 * Spawns a service in the foreground, waits for its port, and returns its handle; on failure stops it,
 * removes `dir` and throws with the end of its output. `stop()` (SIGTERM, then SIGKILL) removes `dir`.
 */
export async function runService(bin, args, { port, dir, what }) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (d) => (log = (log + d.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForPort(port, child, 10_000, what);
  } catch (e) {
    await stopChild(child);
    removeDir(dir);
    throw new Error(`${e.message}\n${log}`);
  }
  let stopped = null;
  return { pid: child.pid, stop: () => (stopped ??= stopChild(child).then(() => removeDir(dir))) };
}

/** Runs `command --version`-like probes quietly; '' when it fails. */
export function versionOf(path, args) {
  try {
    return execFileSync(path, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')[0]
      .trim();
  } catch {
    return '';
  }
}
