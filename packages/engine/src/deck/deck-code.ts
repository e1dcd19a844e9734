/**
 * Deck codes: a roster as a short, URL-safe string that the server and the web app both read.
 *
 * Format v1: `v1-` then unpadded base64url ([A-Za-z0-9_-]) of `body ‖ crc16`.
 *   body (bit-packed, most significant bit first, zero-padded to a whole byte):
 *     n1, n2, n3, nx   6 bits each: how many distinct cards the roster holds exactly 1, 2, 3 copies of,
 *                      and how many it holds some other number (4..255) of
 *     centre group     2 bits: which of those four groups holds the Centre (0 = n1 ... 3 = nx)
 *     entries          the four groups in order; each entry is the card's 24-bit id hash, and in the
 *                      last group also an 8-bit copy count. In each group the Centre's card comes
 *                      first (in its group), the rest by ascending hash, so every roster has one code.
 *   crc16: CRC-16/CCITT-FALSE over the version byte and the body, so a mistyped or cut-off code is caught.
 *
 * Format v2 (a roster with a side deck, PR-22): `v2-`, the same layout with the side deck's cards after the
 * roster's: its four group sizes, then its entries as above, with no Centre group (the side deck has no
 * Centre). A roster without a side deck is still written as v1, so every code made before v2 reads, and is
 * written, exactly as it was.
 *
 * Cards are named by a stable 24-bit hash of their id (FNV-1a, folded), not by a position in the pool,
 * so adding cards never changes what an old code means. Two ids of one pool with the same hash are
 * refused when the lookup table is built (the test over the real card set would catch it first).
 * The decoded roster lists the cards in code order (the Centre first): order has no meaning in a roster.
 */
import type { CardDef } from '../cards/schema.js';
import type { Roster } from './validate-roster.js';

/** The newest format this code writes and reads (v1: a roster; v2: a roster with a side deck). */
export const DECK_CODE_VERSION = 2;
const PREFIX = 'v1-';

export type DeckCodeError = 'malformed' | 'unsupported-version' | 'checksum' | 'unknown-card';
/** `side` is the side deck's cards (empty for a v1 code). */
export type DecodeResult = { ok: true; roster: Roster; side: string[] } | { ok: false; code: DeckCodeError; message: string };
/** A roster, optionally with its side deck. */
export type DeckList = Roster & { side?: readonly string[] };

type Pool = Record<string, CardDef> | readonly CardDef[];

const GROUP_BITS = 6;
const HASH_BITS = 24;
const COUNT_BITS = 8;
const MAX_GROUP = (1 << GROUP_BITS) - 1;
const MAX_COUNT = (1 << COUNT_BITS) - 1;

/** The stable 24-bit hash of a card id (FNV-1a over UTF-16 code units, folded to 24 bits). Never change it. */
export function cardIdHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return ((h >>> 24) ^ (h & 0xffffff)) >>> 0;
}

// ---------------------------------------------------------------------------------------------------------
// The id ↔ hash table of a pool, built once per pool object.

const tables = new WeakMap<object, Map<number, string>>();

function poolIds(pool: Pool): string[] {
  return Array.isArray(pool) ? (pool as readonly CardDef[]).map((d) => d.id) : Object.keys(pool);
}

/** hash → card id for a pool. Throws if two ids share a hash (a new code version would then be needed). */
export function deckCodeTable(pool: Pool): Map<number, string> {
  const hit = tables.get(pool);
  if (hit) return hit;
  const table = new Map<number, string>();
  for (const id of poolIds(pool)) {
    const h = cardIdHash(id);
    const prev = table.get(h);
    if (prev !== undefined && prev !== id)
      throw new Error(`Deck codes: cards '${prev}' and '${id}' have the same id hash (${h.toString(16)}); rename one of them`);
    table.set(h, id);
  }
  tables.set(pool, table);
  return table;
}

// ---------------------------------------------------------------------------------------------------------
// Bits, base64url and the checksum.

class BitWriter {
  bytes: number[] = [];
  private acc = 0;
  private n = 0;
  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.n === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.n = 0;
      }
    }
  }
  finish(): number[] {
    if (this.n > 0) this.write(0, 8 - this.n);
    return this.bytes;
  }
}

class BitReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get remaining(): number {
    return this.bytes.length * 8 - this.pos;
  }
  read(bits: number): number | null {
    if (bits > this.remaining) return null;
    let v = 0;
    for (let i = 0; i < bits; i++, this.pos++) v = (v << 1) | ((this.bytes[this.pos >> 3]! >> (7 - (this.pos & 7))) & 1);
    return v >>> 0;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i] as const));

function toBase64Url(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >>> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * Decodes strict unpadded base64url. 'length': no byte string has that length (cut off); 'bits': the unused
 * low bits of the last character are not zero (a changed character).
 */
function fromBase64Url(text: string): Uint8Array | 'length' | 'bits' {
  if (text.length % 4 === 1) return 'length';
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (const ch of text) {
    acc = ((acc << 6) | INDEX.get(ch)!) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >>> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return 'bits';
  return out;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xffff): catches every error burst up to 16 bits long. */
function crc16(bytes: Iterable<number>): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

// ---------------------------------------------------------------------------------------------------------
// Encoding

interface Entry {
  id: string;
  hash: number;
  count: number;
}

function groupOf(count: number): 0 | 1 | 2 | 3 {
  return count === 1 ? 0 : count === 2 ? 1 : count === 3 ? 2 : 3;
}

/** The copy groups of a list of cards, each sorted as the format says (the Centre's card first in its group). */
function groupsOf(cards: readonly string[], table: Map<number, string>, centre: string | null, what: string): Entry[][] {
  const counts = new Map<string, number>();
  for (const id of cards) counts.set(id, (counts.get(id) ?? 0) + 1);
  if (centre !== null && !counts.has(centre)) throw new RangeError(`The Centre '${centre}' is not one of the roster's cards`);
  const groups: Entry[][] = [[], [], [], []];
  for (const [id, count] of counts) {
    const hash = cardIdHash(id);
    if (table.get(hash) !== id) throw new RangeError(`Card '${id}' is not in the card pool`);
    if (count > MAX_COUNT) throw new RangeError(`A deck code holds at most ${MAX_COUNT} copies of a card ('${id}' has ${count})`);
    groups[groupOf(count)]!.push({ id, hash, count });
  }
  for (const g of groups) {
    if (g.length > MAX_GROUP) throw new RangeError(`A deck code holds at most ${MAX_GROUP} distinct cards with the same copy count in ${what}`);
    g.sort((a, b) => (a.id === centre ? -1 : b.id === centre ? 1 : a.hash - b.hash));
  }
  return groups;
}

function writeEntries(w: BitWriter, groups: Entry[][]): void {
  groups.forEach((g, gi) => {
    for (const e of g) {
      w.write(e.hash, HASH_BITS);
      if (gi === 3) w.write(e.count, COUNT_BITS);
    }
  });
}

/**
 * The deck code of a roster (v1), or of a roster with a non-empty side deck (v2). Throws a RangeError for a
 * list that cannot have one: a card that is not in the pool, a Centre that is not among the cards, or sizes
 * beyond the format (63 distinct cards per copy group, 255 copies of one card). Legality is not checked here
 * (that is `validateRoster` and `validateSideDeck`).
 */
export function encodeDeckCode(deck: DeckList, pool: Pool): string {
  const table = deckCodeTable(pool);
  const side = deck.side ?? [];
  const version = side.length > 0 ? 2 : 1;
  const groups = groupsOf(deck.cards, table, deck.centre, 'the roster');
  const centreGroup = groups.findIndex((g) => g[0]?.id === deck.centre);
  const w = new BitWriter();
  for (const g of groups) w.write(g.length, GROUP_BITS);
  w.write(centreGroup, 2);
  writeEntries(w, groups);
  if (version === 2) {
    const sideGroups = groupsOf(side, table, null, 'the side deck');
    for (const g of sideGroups) w.write(g.length, GROUP_BITS);
    writeEntries(w, sideGroups);
  }
  const body = w.finish();
  const crc = crc16([version, ...body]);
  return `v${version}-` + toBase64Url([...body, crc >> 8, crc & 0xff]);
}

// ---------------------------------------------------------------------------------------------------------
// Decoding

const fail = (code: DeckCodeError, message: string): DecodeResult => ({ ok: false, code, message });
const CUT_OFF = 'This deck code is incomplete (it looks cut off); copy the whole code again';
const DAMAGED = 'This deck code is damaged or incomplete (its checksum does not match); copy the whole code again';

/** Reads a deck code back into a roster (and its side deck), or says in plain words why it cannot. Never throws on bad input. */
export function decodeDeckCode(code: string, pool: Pool): DecodeResult {
  const text = typeof code === 'string' ? code.trim() : '';
  if (text === '') return fail('malformed', 'The deck code is empty');
  const head = /^[vV](\d{1,6})-/.exec(text);
  if (!head) return fail('malformed', `This is not a VRoyale deck code (deck codes start with '${PREFIX}')`);
  const version = Number(head[1]);
  if (version > DECK_CODE_VERSION)
    return fail('unsupported-version', `This deck code was made for a newer version (v${version}); this site reads v1 and v${DECK_CODE_VERSION}`);
  if (version < 1)
    return fail('unsupported-version', `This deck code uses an old format (v${version}) that this site no longer reads; it reads v1 and v${DECK_CODE_VERSION}`);
  const payload = text.slice(head[0].length);
  for (let i = 0; i < payload.length; i++)
    if (!INDEX.has(payload[i]!))
      return fail('malformed', `Deck codes only use letters, digits, '-' and '_'; this one has '${payload[i]}' at position ${head[0].length + i + 1}`);
  if (payload.length === 0) return fail('malformed', `The deck code has nothing after '${head[0]}'`);
  const bytes = fromBase64Url(payload);
  if (bytes === 'length' || (bytes !== 'bits' && bytes.length < 3)) return fail('malformed', CUT_OFF);
  if (bytes === 'bits') return fail('checksum', DAMAGED);
  const body = bytes.subarray(0, bytes.length - 2);
  const crc = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
  if (crc16([version, ...body]) !== crc) return fail('checksum', DAMAGED);

  // The checksum holds, so anything odd from here on is a code that no encoder of this version writes.
  const odd = (why: string) => fail('malformed', `This deck code is not in the v${version} format (${why})`);
  const r = new BitReader(body);
  const table = deckCodeTable(pool);
  const sizes = [0, 1, 2, 3].map(() => r.read(GROUP_BITS));
  const centreGroup = r.read(2);
  if (sizes.some((n) => n === null) || centreGroup === null) return odd('too short');
  const roster = readEntries(r, table, sizes as number[], centreGroup, 0);
  if (!roster.ok) return roster.code === 'unknown-card' ? fail('unknown-card', roster.why) : odd(roster.why);
  if (roster.centre === null) return odd('it names no Centre');
  let side: string[] = [];
  if (version === 2) {
    const sideSizes = [0, 1, 2, 3].map(() => r.read(GROUP_BITS));
    if (sideSizes.some((n) => n === null)) return odd('it ends before the side deck');
    const read = readEntries(r, table, sideSizes as number[], -1, roster.n);
    if (!read.ok) return read.code === 'unknown-card' ? fail('unknown-card', read.why) : odd(read.why);
    if (read.cards.length === 0) return odd('its side deck is empty');
    side = read.cards;
  }
  if (r.remaining >= 8 || r.read(r.remaining) !== 0) return odd('it has extra data at the end');
  return { ok: true, roster: { centre: roster.centre, cards: roster.cards }, side };
}

type Entries = { ok: true; cards: string[]; centre: string | null; n: number } | { ok: false; code: 'odd' | 'unknown-card'; why: string };

/** Reads four copy groups of entries; `centreGroup` -1 for a list without a Centre. `n` numbers cards on from `first`. */
function readEntries(r: BitReader, table: Map<number, string>, sizes: number[], centreGroup: number, first: number): Entries {
  const cards: string[] = [];
  let centre: string | null = null;
  let n = first;
  const seen = new Set<number>();
  for (let gi = 0; gi < 4; gi++) {
    let last = -1;
    for (let k = 0; k < sizes[gi]!; k++) {
      n++;
      const hash = r.read(HASH_BITS);
      const count = gi === 3 ? r.read(COUNT_BITS) : gi + 1;
      if (hash === null || count === null) return { ok: false, code: 'odd', why: 'it ends in the middle of a card' };
      if (gi === 3 && count < 4) return { ok: false, code: 'odd', why: `card #${n} has a copy count of ${count} in the wrong group` };
      if (seen.has(hash)) return { ok: false, code: 'odd', why: `card #${n} appears twice` };
      seen.add(hash);
      const isCentre = gi === centreGroup && k === 0;
      if (!isCentre) {
        if (hash <= last) return { ok: false, code: 'odd', why: 'its cards are out of order' };
        last = hash;
      }
      const id = table.get(hash);
      if (id === undefined)
        return {
          ok: false,
          code: 'unknown-card',
          why: `Card #${n} in this code is not in the current card pool — the code is outdated or from another card set`,
        };
      if (isCentre) centre = id;
      for (let c = 0; c < count; c++) cards.push(id);
    }
  }
  return { ok: true, cards, centre, n };
}
