/**
 * The card set a bench or demo plays: the real one (cards/index.ts: `cardPool`, `demoRosters`) when it
 * exists, else the engine's small test pool. `--pool fixture` forces the test pool.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CardDef, Roster } from '@vroyale/engine';
import { basicPool, basicRoster } from '../../engine/test/fixtures/basic-pool.js';

export interface BenchPool {
  name: string;
  pool: Record<string, CardDef> | readonly CardDef[];
  rosters: Roster[];
}

export async function loadPool(prefer: 'cards' | 'fixture' = 'cards'): Promise<BenchPool> {
  const fixture: BenchPool = { name: 'fixture (packages/engine/test/fixtures/basic-pool.ts)', pool: basicPool, rosters: [basicRoster()] };
  if (prefer === 'fixture') return fixture;
  const url = new URL('../../../cards/index.ts', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return fixture;
  const mod = (await import(url.href)) as { cardPool?: BenchPool['pool']; demoRosters?: unknown };
  const list = Array.isArray(mod.demoRosters) ? mod.demoRosters : Object.values((mod.demoRosters ?? {}) as Record<string, unknown>);
  const rosters = list.filter((r): r is Roster => !!r && typeof r === 'object' && 'centre' in r && 'cards' in r);
  if (!mod.cardPool || rosters.length === 0) throw new Error('cards/index.ts must export cardPool and demoRosters');
  const names = rosters.map((r) => (r as Roster & { name?: string }).name ?? r.centre).join(', ');
  return { name: `cards (cards/index.ts; demo rosters: ${names})`, pool: mod.cardPool, rosters };
}

/** A simple flag reader: `--name value` or `--name=value`. */
export function flag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
