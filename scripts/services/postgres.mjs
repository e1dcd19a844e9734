#!/usr/bin/env node
/**
 * A private PostgreSQL for tests, benchmarks and a local cluster (issue 19): Debian's postgresql package,
 * a throwaway cluster in a temporary folder, on a free loopback port. No dependencies beyond node.
 *
 *   node scripts/services/postgres.mjs install   apt-get install -y postgresql when missing (as root), else says how
 *   node scripts/services/postgres.mjs start     initdb + postgres in a temp folder; prints {"port","url","dir","pid"}
 *   node scripts/services/postgres.mjs stop <dir|pid>   fast shutdown, then the folder is removed
 *
 * As a module: `startPostgres()` → `{ url, port, dir, pid, stop() }` (the server is a child of the caller);
 * `findPostgres()` → the binaries' folder or null.
 *
 * initdb refuses to run as root, and so does postgres: as root both run as the `postgres` OS user (the package
 * creates it) through spawn's uid/gid, with the folder handed to that user. Authentication is `trust`, and only
 * on 127.0.0.1 and the private socket folder: nobody else can reach it. fsync stays on (the server's default),
 * so commit latencies are real ones; only initdb's own final sync is skipped (the cluster is thrown away).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INSTALL_HINT = 'install it with: sudo apt-get install -y postgresql (or: sudo node scripts/services/postgres.mjs install)';

/** The folder holding initdb and postgres: $PG_BINDIR, `pg_config --bindir`, /usr/lib/postgresql/<newest>/bin, or PATH. */
export function findPostgres() {
  const has = (dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));
  if (has(process.env.PG_BINDIR)) return process.env.PG_BINDIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (has(dir)) return dir;
  } catch {
    // no pg_config (the dev package is optional)
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(join(root, v, 'bin'))) return join(root, v, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (has(dir)) return dir;
  return null;
}

export function install() {
  const found = findPostgres();
  if (found) return console.log(`PostgreSQL is installed (${found})`);
  if (process.getuid?.() !== 0) throw new Error(`PostgreSQL is not installed and this is not root; ${INSTALL_HINT}`);
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run(['install', '-y', 'postgresql']).status !== 0) {
    // A fresh machine may have no package lists yet.
    if (run(['update']).status !== 0 || run(['install', '-y', 'postgresql']).status !== 0) throw new Error('apt-get install -y postgresql failed');
  }
  if (!findPostgres()) throw new Error('apt-get installed postgresql, but initdb and postgres are still not found');
  console.log(`PostgreSQL installed (${findPostgres()})`);
}

/** A port nothing listens on right now (the server may still lose a race for it: startPostgres retries). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** As root: the postgres OS user's uid/gid (initdb and postgres refuse root). Otherwise: null (run as we are). */
function serviceUser() {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, but there is no `postgres` OS user to run PostgreSQL as (the postgresql package creates it)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ready(bin, port) {
  return spawnSync(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-t', '1'], { stdio: 'ignore' }).status === 0;
}

/**
 * Starts a cluster; resolves once it accepts connections. `detached`: the server outlives this process (the CLI's
 * `start`); otherwise it is a child and `stop()` must be called (tests do it in afterAll).
 */
export async function startPostgres({ detached = false, startTimeoutMs = 30_000 } = {}) {
  const bin = findPostgres();
  if (!bin) throw new Error(`PostgreSQL is not installed; ${INSTALL_HINT}`);
  const user = serviceUser();
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...as, encoding: 'utf8', cwd: dir },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim()}`);
  }
  const launch = async (port) => {
    const args = [
      '-D',
      data,
      '-k',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=on',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=64MB',
    ];
    const child = spawn(join(bin, 'postgres'), args, { ...as, cwd: dir, detached, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    let exited = false;
    child.once('exit', () => (exited = true));
    const deadline = Date.now() + startTimeoutMs;
    while (!exited && !ready(bin, port) && Date.now() < deadline) await sleep(100);
    if (!exited && ready(bin, port)) {
      if (detached) {
        child.stderr.destroy();
        child.unref();
      }
      return { child };
    }
    if (!exited) child.kill('SIGKILL');
    return { child: null, stderr };
  };
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    let { child, stderr } = await launch(port);
    if (child) {
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const handle = {
        port,
        url,
        dir,
        pid: child.pid,
        stop: () => stopChild(child, dir),
        // A restart on the same folder and port (tests of a database restart): `halt` stops the server the way
        // `pg_ctl stop -m fast` (SIGINT) or `-m immediate` (SIGQUIT, crash recovery on the next start) does and
        // keeps the folder; `resume` starts it again.
        halt: async (mode = 'fast') => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const gone = new Promise((r) => child.once('exit', r));
          child.kill(mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
          await gone;
        },
        resume: async () => {
          if (child.exitCode === null && child.signalCode === null) return;
          const again = await launch(port);
          if (!again.child) throw new Error(`postgres did not start again on port ${port}: ${again.stderr.trim() || 'no output'}`);
          child = again.child;
          handle.pid = child.pid;
        },
      };
      return handle;
    }
    // Lost the port to someone else: try another; anything else is a real failure.
    if (attempt < 3 && /could not bind|address already in use/i.test(stderr)) continue;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`postgres did not start: ${stderr.trim() || 'no output'}`);
  }
}

/** Fast shutdown (SIGINT: active transactions roll back, then a clean stop), SIGKILL after 10 s; removes the folder. */
async function stopChild(child, dir) {
  if (child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The CLI's stop: by folder (its postmaster.pid) or by pid. */
export async function stopPostgres(target) {
  let dir = null;
  let pid = Number(target);
  if (!Number.isInteger(pid) || pid <= 0) {
    dir = target;
    const pidFile = join(dir, 'data', 'postmaster.pid');
    if (!existsSync(pidFile)) {
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!dir) {
    // A pid: its folder is the data directory's parent, read from /proc when we can.
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const d = cmd[cmd.indexOf('-D') + 1];
      if (d) dir = join(d, '..');
    } catch {
      // not Linux, or gone
    }
  }
  if (alive()) process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await sleep(50);
  if (alive()) process.kill(pid, 'SIGKILL');
  if (dir && existsSync(join(dir, 'data'))) rmSync(dir, { recursive: true, force: true });
}

async function main(argv) {
  const [command, arg] = argv;
  if (command === 'install') return install();
  if (command === 'start') {
    const pg = await startPostgres({ detached: true });
    return console.log(JSON.stringify({ port: pg.port, url: pg.url, dir: pg.dir, pid: pg.pid }));
  }
  if (command === 'stop' && arg) return stopPostgres(arg);
  console.error('usage: node scripts/services/postgres.mjs install | start | stop <dir|pid>');
  process.exitCode = 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`postgres: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  });
}
