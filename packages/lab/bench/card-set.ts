/**
 * The card set a balance run plays: the pool and the starter rosters from @vroyale/cards, with hashes that
 * say what a result depends on (the whole set for the report, one matchup's cards for checkpoints).
 */
import { createHash } from 'node:crypto';
import type { CardDef, Roster } from '@vroyale/engine';

export interface NamedRoster extends Roster {
  id: string;
  name: string;
}

export interface CardSet {
  pool: Record<string, CardDef>;
  rosters: NamedRoster[];
  hash: string;
}

export async function loadCardSet(): Promise<CardSet> {
  const mod = (await import('@vroyale/cards')) as unknown as { cardPool?: Record<string, CardDef>; starterRosters?: readonly NamedRoster[] };
  const pool = mod.cardPool;
  const rosters = mod.starterRosters ? [...mod.starterRosters] : [];
  if (!pool || rosters.length < 2) throw new Error('@vroyale/cards must export cardPool and at least two starterRosters');
  const canon = JSON.stringify({
    pool: Object.keys(pool)
      .sort()
      .map((k) => pool[k]),
    rosters: rosters.map((r) => ({ id: r.id, centre: r.centre, cards: r.cards })),
  });
  return { pool, rosters, hash: createHash('sha256').update(canon).digest('hex').slice(0, 12) };
}

/**
 * What one matchup's games depend on among the cards: both rosters, the definitions of every card in them and
 * every token definition (tokens are commissioned by name). A checkpointed game is reused only while this is
 * unchanged, so a change to one roster replays only that roster's matchups. (The engine and bot code are not
 * hashed: a checkpoint is for resuming and re-tuning within one version of the code.)
 */
export function matchupHash(set: CardSet, i: number, j: number): string {
  const rs = [set.rosters[i]!, set.rosters[j]!];
  const ids = new Set<string>();
  for (const r of rs) for (const id of [r.centre, ...r.cards]) ids.add(id);
  for (const [id, d] of Object.entries(set.pool)) if (d.token) ids.add(id);
  const canon = JSON.stringify({
    defs: [...ids].sort().map((id) => set.pool[id] ?? null),
    rosters: rs.map((r) => ({ id: r.id, centre: r.centre, cards: r.cards })),
  });
  return createHash('sha256').update(canon).digest('hex').slice(0, 12);
}
