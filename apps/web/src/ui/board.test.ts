/**
 * The playmat rendered from a real engine projection (react-dom/server, no browser): every zone and counter
 * the issue lists is drawn, from the view alone, with an accessible name on every control; a spectator's and
 * an opponent's markup hold no hand card.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  deciders,
  legalActions,
  makeRng,
  project,
  realise,
  step,
  type CardView,
  type Legal,
  type GameState,
  type GameView,
  type ManagerId,
} from '@vroyale/engine';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { store } from '../store';
import { Board, BoardCard, boardCtx, handFan, placeMenu, stageCardWidth } from './board';
import { nameSize } from './card';
import { breakPieces, NAME_MAX_CQW } from './card-face/name-fit';
import { labels } from '../game/labels';

const names: Record<ManagerId, string> = { A: 'Aiko', B: 'Bea' };

/** A mid-game state: random legal play until both Main Stages hold cards. */
function midGame(): GameState {
  const created = createGame({ seed: 'board-test', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[2]! } });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const rnd = makeRng('board-test-play');
  for (let i = 0; i < 4000; i++) {
    if (s.phase === 'game-over') throw new Error('the game ended before the stages filled');
    if (s.turn >= 6 && s.phase === 'main' && s.managers.A.main.length >= 2 && s.managers.B.main.length >= 2 && s.managers.A.graduation.length > 0) return s;
    const who = deciders(s)[0]!;
    const legal = legalActions(s, who).filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
    const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  throw new Error('no suitable position');
}

const mark = (c: CardView, patch: Partial<CardView>) => Object.assign(c, patch);

/** The projection, with one of every marker the playmat must show put on real cards. */
function richView(viewer: 'A' | 'spectator'): GameView {
  const v = project(midGame(), viewer);
  const a = v.managers.A;
  const b = v.managers.B;
  mark(b.main[0]!, { tilted: true, damage: 2, counters: { hype: 2 } });
  mark(a.main[0]!, { burnout: true, token: true, keywords: { raid: true } });
  const asset = cardList.find((d) => d.types.includes('asset'))!;
  v.defs[asset.id] = asset;
  a.main.push({ id: 'equip-1', def: asset.id, owner: 'A', token: false, tilted: false, damage: 0, burnout: false, counters: {}, attachedTo: a.main[0]!.id });
  const highlight = cardList.find((d) => d.types.includes('highlight'))!;
  v.defs[highlight.id] = highlight;
  v.stack = [
    { id: 'st-1', controller: 'B', source: 'gone-1', sourceDef: highlight.id, kind: 'highlight', ability: 0, targets: [a.main[0]!.id, 'A'], card: null },
  ];
  v.played = 2;
  v.active = 'A';
  v.priority = 'A';
  a.deckOuts = 1;
  b.deckOuts = 0;
  return v;
}

function render(view: GameView, me: ManagerId | null, legal: Legal[] = []): string {
  store.setState({ defs: { ...view.defs } });
  return renderToStaticMarkup(createElement(Board, { view, legal, names, me, busy: false, onAct: () => undefined }));
}

/** Every control's accessible name: aria-label, or its text. */
function unnamedControls(html: string): string[] {
  const out: string[] = [];
  const re = /<(button|a|select|input)\b([^>]*)>([\s\S]*?)(?:<\/\1>|$)/g;
  for (const m of html.matchAll(re)) {
    const attrs = m[2]!;
    const text = m[1] === 'input' ? '' : m[3]!.replace(/<[^>]+>/g, '').trim();
    if (!/aria-label="[^"]+"/.test(attrs) && !text) out.push(m[0].slice(0, 120));
  }
  for (const m of html.matchAll(/<[a-z]+\b[^>]*role="(button|img|menuitem)"[^>]*>/g)) if (!/aria-label="[^"]+"/.test(m[0])) out.push(m[0].slice(0, 120));
  return out;
}

describe('the playmat from a projection', () => {
  const view = richView('A');
  const html = render(view, 'A');
  const a = view.managers.A;
  const b = view.managers.B;

  it('draws every zone of both managers, with counts', () => {
    for (const zone of ['Star Pool', 'Backstage', 'Centre Stage', 'Main Stage']) expect(html.split(`aria-label="${zone}"`).length - 1).toBe(2);
    expect(html).toContain(`aria-label="Roster: ${a.rosterCount} cards"`);
    expect(html).toContain(`aria-label="Roster: ${b.rosterCount} cards"`);
    // The Graduation Zone opens to browse.
    expect(html).toMatch(new RegExp(`<button[^>]*aria-label="Graduation: ${a.graduation.length} cards?, open to browse"`));
    // Sanity of both, the available stars of both.
    expect(html).toContain(`aria-label="You: ${a.sanity} sanity, has priority"`);
    expect(html).toContain(`aria-label="Bea: ${b.sanity} sanity"`);
    // Both Star Pools as "available / total" (Hearthstone's mana), on both sides at all times.
    // (Each twice: in the Star Pool zone, and beside the manager where an upright phone shows it instead.)
    expect(html.match(/aria-label="[^"]*Star Pool: \d+ of \d+ stars to spend/g)?.length).toBe(4);
    expect(html.match(/class="star-counter"/g)?.length).toBe(4);
  });

  it('reads cards played (x/3) and deck-outs from the view, each shown where it matters', () => {
    expect(html).toContain('Played 2/3'); // the active manager: view.played
    expect(html).not.toContain('Played 0/3'); // not the other's: they play nothing in this Main Phase
    expect(html).toMatch(/Deck-outs 1/);
    expect(html).not.toMatch(/Deck-outs 0/); // a count of none says nothing
  });

  it('says who went first and who went second (cards read it)', () => {
    expect(view.first).not.toBeNull();
    expect(html.match(/>Went first</g)?.length).toBe(1);
    expect(html.match(/>Went second</g)?.length).toBe(1);
  });

  it('shows the own hand face up and the opponent hand as backs', () => {
    for (const c of a.hand!) expect(html).toContain(`data-card-id="${c.id}"`);
    expect(html.split(/aria-label="Bea&#x27;s hand card \d+"/).length - 1).toBe(b.handCount);
  });

  it('shows the phase, priority and the stack with each item’s targets', () => {
    expect(html).toContain('aria-current="step">Main<');
    expect(html).toContain('You have priority');
    const target = view.defs[a.main[0]!.def]!.name;
    expect(html).toContain(`Targets: ${target} on your Main Stage, You`);
    // Whose item it is, in the viewer's persons.
    expect(html).toMatch(/ — a highlight of Bea&#x27;s</);
  });

  it('draws tilted cards turned, damage, counters, tokens, equipped assets and Debut Burnout', () => {
    expect(html).toMatch(new RegExp(`class="slot tilted[^"]*"[^>]*><div class="slot-btn"[^>]*aria-label="[^"]*tilted, 2 damage`));
    expect(html).toContain('aria-label="2 damage"');
    expect(html).toContain('2 hype');
    expect(html).toMatch(/class="card card-sm t-[a-z]+[^"]*is-token/);
    expect(html).toMatch(/class="equipped"[^>]*aria-label="[^"]+ equipped"/);
    expect(html).toContain('>Burnout<');
  });

  it('explains keyword icons (their name is the explanation; hovering shows it)', () => {
    expect(html).toMatch(/class="kw kw-raid kw-sm"[^>]*aria-label="Raid: Any excess damage is dealt to the defending character&#x27;s manager/);
  });

  it('gives every control an accessible name', () => {
    expect(unnamedControls(html)).toEqual([]);
  });

  it('never puts a hand card in a spectator’s markup, nor the opponent’s hand in a manager’s', () => {
    const spec = richView('spectator');
    const hands = midGame();
    const specHtml = render(spec, null);
    for (const m of ['A', 'B'] as const) for (const id of hands.managers[m].hand) expect(specHtml).not.toContain(`data-card-id="${id}"`);
    expect(unnamedControls(specHtml)).toEqual([]);
    // Nor one of A's hand in B's.
    const bHtml = render(project(hands, 'B'), 'B');
    for (const id of hands.managers.A.hand) expect(bHtml).not.toContain(`data-card-id="${id}"`);
    for (const id of hands.managers.B.hand) expect(bHtml).toContain(`data-card-id="${id}"`);
  });

  it('shows block problems (Callout/Clout/Moderator) live in the block prompt, from the offer', () => {
    const v = richView('A');
    v.phase = 'combat-block';
    v.active = 'B';
    const attacker = b.main[1]!.id;
    v.combat = { attackers: [attacker], blocks: [], blocked: [] };
    const blocker = v.managers.A.main[1]!;
    const out = render(v, 'A', [
      { type: 'concede', manager: 'A' },
      {
        type: 'choose-blocks',
        manager: 'A',
        attackers: [{ id: attacker, label: 'Sample', atk: 2, callout: true, clout: false }],
        blockers: [{ id: blocker.id, label: 'Wall', atk: 1, capacity: 1, moderator: false }],
      },
    ]);
    expect(out).toContain('Declare blocks: click your characters to block ');
    // The prompt names the card and the keyword that forces a block, before any block is made, once.
    const name = view.defs[b.main[1]!.def]!.name;
    expect(out).toMatch(
      new RegExp(`<ul class="forced unmet"[^>]*><li>${name}( \\(\\d\\))? has Callout: block it with at least one character if you can.</li>`),
    );
    expect(out).not.toContain('it must be blocked while you are able to');
    expect(out).toMatch(/<button class="btn primary" disabled="">Declare blocks<\/button>/);
  });
});

describe('same-named cards, quiet stars, sanity', () => {
  /** Bea attacks with two cards of one name; Aiko's first Main Stage card blocks both (a Moderator's way). */
  function twins(): { v: GameView; blocker: CardView; atk: CardView[] } {
    const v = richView('A');
    const b = v.managers.B;
    const name = v.defs[b.main[0]!.def]!;
    const twin = { ...b.main[0]!, id: 'twin-2', tilted: false, damage: 0, counters: {} };
    b.main.push(twin);
    const atk = [b.main[0]!, twin];
    const blocker = v.managers.A.main.find((c) => !c.attachedTo)!;
    v.phase = 'combat-block';
    v.active = 'B';
    v.stack = [];
    v.combat = { attackers: atk.map((c) => c.id), blocks: atk.map((c) => ({ blocker: blocker.id, attacker: c.id })), blocked: [] } as never;
    expect(name.name).toBeTruthy();
    return { v, blocker, atk };
  }

  it('marks same-named cards in stage order in their accessible names and in block badges', () => {
    const { v, blocker, atk } = twins();
    const name = v.defs[atk[0]!.def]!.name;
    const html = render(v, 'A');
    const esc = (x: string) => x.replace(/'/g, '&#x27;');
    expect(html).toContain(`aria-label="${esc(name)} (1), `);
    expect(html).toContain(`aria-label="${esc(name)} (2), `);
    // The blocker's name says which two it blocks; its badges too, one per attacker, marker kept apart.
    const l = labels(v, names, 'A');
    expect(html).toContain(esc(`blocking ${l.full(atk[0]!.id)} and ${l.full(atk[1]!.id)}`));
    expect(l.full(atk[1]!.id)).toMatch(/\(2\)$/);
    // And each attacker says who blocks it.
    expect(html.split(esc(`blocked by ${l.full(blocker.id)}`)).length - 1).toBe(2);
    const badges = html.slice(html.indexOf('<span class="badges badges-art">'));
    expect(badges.match(/class="badge badge-block"/g)?.length).toBe(2);
    expect(badges).toContain('<span class="badge-mark">(1)</span>');
    expect(badges).toContain('<span class="badge-mark">(2)</span>');
    expect(v.managers.A.main.some((c) => c.id === blocker.id)).toBe(true);
  });

  it('does not advertise a Star Pool card whose only action is a manual tilt', () => {
    const v = richView('A');
    const star = v.managers.A.starPool[0]!;
    expect(star).toBeDefined();
    star.tilted = false;
    // The star cards show in the Star Pool's browser (the stack opens it): the same BoardCard, drawn here alone.
    const drawStar = (legal: Legal[]) => {
      store.setState({ defs: { ...v.defs } });
      const ctx = boardCtx({ view: v, legal, names, me: 'A', busy: false, onAct: () => undefined }, null, null);
      return renderToStaticMarkup(createElement(BoardCard, { ctx, card: star, size: 'sm' }));
    };
    const slot = (html: string) =>
      new RegExp(
        `<div class="([^"]*)"><div class="slot-btn" role="(\\w+)"[^>]*aria-label="([^"]*)"[^>]*><div class="card[^"]*"[^>]*data-card-id="${star.id}"`,
      ).exec(html);
    const quiet = slot(drawStar([{ type: 'tilt-star', manager: 'A', card: star.id }]))!;
    expect(quiet[1]).not.toMatch(/actionable/);
    // Still one click away (its menu), and says so to a screen reader.
    expect(quiet[2]).toBe('button');
    expect(quiet[3]).toMatch(/can be tilted for stars$/);
    // The stack says a star card can be tilted (its own class), without the playable glow of a card.
    const board = render(v, 'A', [{ type: 'tilt-star', manager: 'A', card: star.id }]);
    expect(board).toMatch(/class="star-stack can-tilt/);
    // Any other action makes a card playable again (the class the e2e policy and the glow read).
    const hand = v.managers.A.hand![0]!;
    const other = render(v, 'A', [
      { type: 'tilt-star', manager: 'A', card: star.id },
      { type: 'place-star', manager: 'A', card: hand.id },
    ]);
    expect(other).toMatch(
      new RegExp(
        `class="slot actionable[^"]*"><div class="slot-btn"[^>]*>(<div class="drag-card-src"[^>]*>)?<div class="card[^"]*"[^>]*data-card-id="${hand.id}"`,
      ),
    );
  });

  it('never shows sanity below 0', () => {
    const v = richView('A');
    v.managers.B.sanity = -3;
    const html = render(v, 'A');
    expect(html).toContain('aria-label="Bea: 0 sanity"');
    expect(html).not.toMatch(/mb-sanity[^]*?<\/svg>-3/);
    expect(html).toMatch(/mb-sanity[^]*?<\/svg>0</);
  });
});

describe('layout helpers', () => {
  const card = (id: string, tilted = false, attachedTo: string | null = null): CardView => ({
    id,
    def: 'x',
    owner: 'A',
    token: false,
    tilted,
    damage: 0,
    burnout: false,
    counters: {},
    attachedTo,
  });

  it('keeps a card menu off the prompt and on screen', () => {
    const box = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height });
    const prompt = box(10, 290, 980, 80);
    // A card just under the prompt: not above it (that is the prompt), beside it instead.
    const p = placeMenu(box(470, 400, 84, 118), { width: 190, height: 70 }, prompt, 1280, 720);
    expect(p.left).toBeGreaterThanOrEqual(470 + 84);
    expect(p.top + 70 <= prompt.top || p.top >= prompt.bottom).toBe(true);
    // A hand card with room above: above.
    const h = placeMenu(box(400, 560, 88, 123), { width: 190, height: 70 }, prompt, 1280, 720);
    expect(h.top).toBe(560 - 70 - 6);
  });

  it('shrinks a crowded Main Stage instead of hiding cards', () => {
    expect(stageCardWidth([card('a'), card('b')], 500)).toBe(104);
    const seven = Array.from({ length: 7 }, (_, i) => card(`c${i}`, i % 2 === 0));
    const w = stageCardWidth(seven, 500);
    expect(w).toBeLessThan(104);
    expect(w).toBeGreaterThanOrEqual(58);
    // Equipped assets sit behind their character and take no slot of their own.
    expect(stageCardWidth([card('a'), card('e', false, 'a')], 200)).toBe(104);
  });

  it('fans a crowded hand by overlapping cards, never by shrinking them, and keeps a quarter of each in view', () => {
    expect(handFan(5, 700, 112)).toEqual({ step: 120, overlap: false });
    const tight = handFan(7, 500, 112);
    expect(tight.overlap).toBe(true);
    expect(tight.step * 6 + 112).toBeLessThanOrEqual(500);
    expect(handFan(12, 200, 112).step).toBe(28);
  });

  it('sizes a card name to fit two lines: short names at full size, long ones smaller, Japanese broken anywhere', () => {
    expect(nameSize('Chat Regular')).toBe(NAME_MAX_CQW);
    const long = nameSize('Vesper Veilwright, Scandal Queen');
    expect(long).toBeLessThan(NAME_MAX_CQW);
    expect(nameSize('Luma Vireo, Idol of the Hour')).toBeLessThan(NAME_MAX_CQW);
    // A longer single word needs a smaller size than a shorter one.
    expect(nameSize('Anniversarystreamathon')).toBeLessThan(nameSize('Anniversary'));
    expect(breakPieces('Career-Ending Scandal')).toEqual(['Career-', 'Ending ', 'Scandal']);
    expect(breakPieces('配信者')).toEqual(['配', '信', '者']);
  });
});
