/**
 * English rules text, part 1 of 3: words (keywords, card types, numbers), card filters and conditions.
 * Every switch covers its schema union exhaustively (`unreachable`) and the per-field tables are mapped types
 * over the schema's keys, so a new variant or field fails type checking until it has wording.
 */
import type { CardFilter, CardType, Condition, Duration, Keyword, Side, Zone } from './schema.js';

export function unreachable(x: never): never {
  throw new Error(`rules text: unhandled variant ${JSON.stringify(x)}`);
}

export const KEYWORD_NAME: Record<Keyword, string> = {
  ban: 'Ban',
  callout: 'Callout',
  clip: 'Clip',
  clout: 'Clout',
  moderator: 'Moderator',
  raid: 'Raid',
};

export const TYPE_NOUN: Record<CardType, [singular: string, plural: string]> = {
  leader: ['leader', 'leaders'],
  character: ['character', 'characters'],
  highlight: ['highlight', 'highlights'],
  event: ['event', 'events'],
  asset: ['asset', 'assets'],
};

export const DURATION_SUFFIX: Record<Duration, string> = { turn: ' until end of turn', permanent: '' };

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

export function plural(n: number, singular: string, many = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : many}`;
}

/** "a, b and c" / "a or b". */
export function list(items: string[], joiner: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

export function keywordName(k: Keyword, x?: number): string {
  return k === 'moderator' ? `${KEYWORD_NAME[k]} ${x ?? 1}` : KEYWORD_NAME[k];
}

export function counterText(n: number, counter: string): string {
  return n === 1 ? `${article(counter)} counter` : `${n} ${counter} counters`;
}

function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

export function statsText(atk: number | undefined, hp: number | undefined): string {
  const parts: string[] = [];
  if (atk !== undefined && atk !== 0) parts.push(`${signed(atk)} ATK`);
  if (hp !== undefined && hp !== 0) parts.push(`${signed(hp)} HP`);
  return parts.length ? parts.join(' and ') : '+0 ATK';
}

/** "2 or more", "3 or less", "between 1 and 4", "no". */
function rangeText(atLeast: number | undefined, atMost: number | undefined, fewer: 'less' | 'fewer'): string {
  if (atLeast !== undefined && atMost !== undefined) return atLeast === atMost ? `exactly ${atLeast}` : `between ${atLeast} and ${atMost}`;
  if (atLeast !== undefined) return `${atLeast} or more`;
  if (atMost !== undefined) return atMost === 0 ? 'no' : `${atMost} or ${fewer}`;
  return 'any number of';
}

// ---------------------------------------------------------------------------------------------- filters

/** Adjectives that go before the noun and phrases that go after it, one entry per CardFilter field. */
type FilterWords = { pre?: string; withPart?: string; post?: string };
const FILTER_WORDS: { [K in keyof CardFilter]-?: (v: NonNullable<CardFilter[K]>, f: CardFilter) => FilterWords } = {
  other: () => ({ pre: 'other' }),
  tilted: (v) => ({ pre: v ? 'tilted' : 'untilted' }),
  token: (v) => (v ? {} : { pre: 'non-token' }),
  nonLeader: () => ({ pre: 'non-leader' }),
  types: () => ({}),
  keyword: (v) => ({ withPart: KEYWORD_NAME[v] }),
  maxAtk: (v) => ({ withPart: `${v} or less ATK` }),
  minCost: (v, f) => (f.maxCost !== undefined ? {} : { post: `costing ${v} or more` }),
  maxCost: (v, f) => ({ post: f.minCost !== undefined ? `costing ${f.minCost} to ${v}` : `costing ${v} or less` }),
  name: (v) => ({ post: `named "${v}"` }),
};

/** A noun phrase for the cards a filter allows: "other non-leader characters costing 2 or less". */
export function filterNoun(f: CardFilter | undefined, base: string, many: boolean): string {
  const pre: string[] = [];
  const withParts: string[] = [];
  const post: string[] = [];
  if (f)
    for (const key of Object.keys(FILTER_WORDS) as (keyof CardFilter)[]) {
      const v = f[key];
      if (v === undefined) continue;
      const w = (FILTER_WORDS[key] as (v: unknown, f: CardFilter) => FilterWords)(v, f);
      if (w.pre) pre.push(w.pre);
      if (w.withPart) withParts.push(w.withPart);
      if (w.post) post.push(w.post);
    }
  const typeWord = f?.types
    ? list(
        f.types.map((t) => TYPE_NOUN[t][many ? 1 : 0]),
        'or',
      )
    : null;
  let noun: string;
  if (f?.token)
    noun = `${
      f.types
        ? `${list(
            f.types.map((t) => TYPE_NOUN[t][0]),
            'or',
          )} `
        : ''
    }${many ? 'tokens' : 'token'}`;
  else noun = typeWord ?? (many ? `${base}s` : base);
  return [...pre, noun, ...(withParts.length ? [`with ${list(withParts, 'and')}`] : []), ...post].join(' ');
}

// ---------------------------------------------------------------------------------------------- conditions

const ZONE_WORDS: Record<Zone, { you: string; opponent: string; any: string }> = {
  stage: { you: 'on your stage', opponent: 'on their stage', any: 'on stage' },
  hand: { you: 'in your hand', opponent: 'in their hand', any: 'in hands' },
  graduation: { you: 'in your Graduation Zone', opponent: 'in their Graduation Zone', any: 'in Graduation Zones' },
  roster: { you: 'in your roster', opponent: 'in their roster', any: 'in rosters' },
  'star-pool': { you: 'in your Star Pool', opponent: 'in their Star Pool', any: 'in Star Pools' },
  hiatus: { you: 'on Hiatus', opponent: 'on Hiatus', any: 'on Hiatus' },
};

const COUNT_SUBJECT: Record<Side, string> = { you: 'you have', opponent: 'your opponent has', any: 'there are' };

/** A clause that can follow "if" / "as long as": "you have 10 or more cards in your Graduation Zone". */
export function conditionText(c: Condition, self = 'this card'): string {
  switch (c.kind) {
    case 'sanity':
      return `${c.who === 'you' ? 'you have' : 'your opponent has'} ${rangeText(c.atLeast, c.atMost, 'less')} sanity`;
    case 'count':
      return `${COUNT_SUBJECT[c.side]} ${rangeText(c.atLeast, c.atMost, 'fewer')} ${filterNoun(c.filter, 'card', true)} ${ZONE_WORDS[c.zone][c.side]}`;
    case 'counters':
      return `${self} has ${c.atLeast} or more ${c.counter} counters on it`;
    case 'turn':
      return c.whose === 'yours' ? 'it is your turn' : "it is your opponent's turn";
    case 'turn-order':
      return `you went ${c.you}`;
    case 'all':
      return list(
        c.of.map((x) => conditionText(x, self)),
        'and',
      );
    case 'not':
      return `it is not true that ${conditionText(c.of, self)}`;
    default:
      return unreachable(c);
  }
}

/**
 * "if X, " / "during your turn, " before a clause (lower case: the sentence is capitalised later). Several
 * conditions on one clause read "if X and Y, ".
 */
export function conditionPrefix(cs: readonly (Condition | undefined)[], lead: 'if' | 'as long as', self?: string): string {
  const all = cs.filter((c): c is Condition => c !== undefined);
  if (all.length === 0) return '';
  const [only] = all;
  if (all.length === 1 && only!.kind === 'turn') return only!.whose === 'yours' ? 'during your turn, ' : "during your opponent's turn, ";
  return `${lead} ${list(
    all.map((c) => conditionText(c, self)),
    'and',
  )}, `;
}
