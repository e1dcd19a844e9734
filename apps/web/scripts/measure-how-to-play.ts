/**
 * How much "How to play" costs to open (run `npm run build:web` first, then
 * `npx tsx apps/web/scripts/measure-how-to-play.ts`): gzip bytes (level 9, as the e2e suite measures) of its own
 * chunk, and of everything opening it fetches beyond the lobby's initial JavaScript (its chunk and the chunks
 * it imports, followed transitively) — from the lobby, and from a room, where the room's chunks are already
 * loaded. Prints one JSON line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const read = (f: string) => readFileSync(dist + f, 'utf8');
const gz = (f: string) => gzipSync(readFileSync(dist + f), { level: 9 }).length;
const initial = new Set([...read('index.html').matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!));
const assets = readdirSync(`${dist}assets`)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const chunkOf = (prefix: string) => {
  const f = assets.find((a) => a.startsWith(`assets/${prefix}-`));
  if (!f) throw new Error(`no ${prefix} chunk: build first`);
  return f;
};

/** A chunk and the chunks it imports statically, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of read(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) closure(`assets/${m[1]}`, seen);
  return seen;
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
const names = (files: Iterable<string>) => [...files].map((f) => f.replace(/^assets\//, '')).sort();
const howTo = chunkOf('how-to-play');
const fromLobby = [...closure(howTo)].filter((f) => !initial.has(f));
const room = closure(chunkOf('room'));
const fromRoom = fromLobby.filter((f) => !room.has(f));
console.log(
  JSON.stringify({
    ownChunk: { file: names([howTo])[0], gzip: gz(howTo) },
    fromLobby: { files: names(fromLobby), gzip: sum(fromLobby) },
    fromRoom: { files: names(fromRoom), gzip: sum(fromRoom) },
  }),
);
