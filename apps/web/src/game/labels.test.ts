import { afterAll, describe, expect, it } from 'vitest';
import type { CardView, GameView, ManagerView } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { setLanguage } from '../i18n';
import { abilityOf, article, cardName, labels } from './labels';

const names = { A: 'Aiko', B: 'Bea' } as const;

const card = (id: string, def: string, owner: 'A' | 'B' = 'A', patch: Partial<CardView> = {}): CardView => ({
  id,
  def,
  owner,
  token: false,
  tilted: false,
  damage: 0,
  burnout: false,
  counters: {},
  attachedTo: null,
  ...patch,
});

const side = (patch: Partial<ManagerView> = {}): ManagerView => ({
  sanity: 20,
  rosterCount: 20,
  handCount: 0,
  hand: null,
  backstage: null,
  centre: [],
  main: [],
  starPool: [],
  graduation: [],
  hiatus: [],
  availableStars: 0,
  deckOuts: 0,
  mulligan: 'kept',
  ...patch,
});

function view(a: Partial<ManagerView>, b: Partial<ManagerView>, extra: Partial<GameView> = {}): GameView {
  return {
    viewer: 'A',
    seq: 1,
    turn: 3,
    active: 'B',
    first: 'A',
    coinWinner: 'A',
    phase: 'main',
    priority: 'A',
    managers: { A: side({ hand: [], ...a }), B: side(b) },
    stack: [],
    combat: null,
    pending: null,
    played: 0,
    playLimit: { A: 3, B: 3 },
    starPlaced: false,
    windowOpen: false,
    winner: null,
    endReason: null,
    defs: cardPool,
    ...extra,
  };
}

describe('card labels', () => {
  it('keeps a name plain when it is the only one the viewer sees', () => {
    const l = labels(view({ main: [card('a1', 'chat-regular')] }, { main: [card('b1', 'hype-streamer', 'B')] }), names, 'A');
    expect(l.name('a1')).toBe('Chat Regular');
    expect(l.full('b1')).toBe('Hype Streamer');
    expect(l.name('nope')).toBe('a card');
  });

  it('numbers same-named cards of one stage in stage order: Centre, then Main left to right', () => {
    const v = view(
      {},
      { centre: [card('c', 'chat-regular', 'B')], main: [card('m1', 'hype-streamer', 'B'), card('m2', 'chat-regular', 'B'), card('m3', 'chat-regular', 'B')] },
    );
    const l = labels(v, names, 'A');
    expect(['c', 'm2', 'm3'].map((id) => l.name(id))).toEqual(['Chat Regular (1)', 'Chat Regular (2)', 'Chat Regular (3)']);
    expect(l.name('m1')).toBe('Hype Streamer');
    // Only Bea shows the name: no "whose".
    expect(l.full('m2')).toBe('Chat Regular (2)');
  });

  it('tells cards of one printed name apart even when their definitions differ (an SSR printing)', () => {
    const l = labels(view({ main: [card('p1', 'professor-owlbright'), card('p2', 'professor-owlbright-ssr')] }, {}), names, 'A');
    expect([l.name('p1'), l.name('p2')]).toEqual(['Professor Owlbright (1)', 'Professor Owlbright (2)']);
  });

  it('says whose a card is when both sides show the name, in the viewer’s persons', () => {
    const v = view({ main: [card('a1', 'chat-regular')] }, { main: [card('b1', 'chat-regular', 'B'), card('b2', 'chat-regular', 'B')] });
    const mine = labels(v, names, 'A');
    expect(mine.full('a1')).toBe('your Chat Regular');
    expect(mine.full('b2')).toBe("Bea's Chat Regular (2)");
    // Not when the sentence is already about that manager.
    expect(mine.full('b2', 'B')).toBe('Chat Regular (2)');
    expect(mine.name('a1')).toBe('Chat Regular');
    const spectator = labels(v, names, null);
    expect(spectator.full('a1')).toBe("Aiko's Chat Regular");
    // The same name in the other side's Star Pool is no reason to say whose a stage card is.
    const pool = labels(view({ main: [card('a1', 'chat-regular')] }, { starPool: [card('s1', 'chat-regular', 'B')] }), names, 'A');
    expect(pool.full('a1')).toBe('Chat Regular');
  });

  it('counts each zone apart and sees only what the viewer sees', () => {
    const v = view(
      {
        hand: [card('h1', 'chat-regular'), card('h2', 'chat-regular')],
        main: [card('a1', 'chat-regular')],
        starPool: [card('s1', 'chat-regular', 'A', { tilted: true })],
      },
      // Bea's hand is hidden (null): nothing there can make a name ambiguous.
      { handCount: 3 },
    );
    const l = labels(v, names, 'A');
    expect([l.name('h1'), l.name('h2'), l.name('a1'), l.name('s1')]).toEqual(['Chat Regular (1)', 'Chat Regular (2)', 'Chat Regular', 'Chat Regular']);
    expect(l.ref('a1')).toMatchObject({ side: 'A', zone: 'main', group: 'stage', shared: false });
  });

  it('labels a highlight on the stack by its controller', () => {
    const v = view(
      {},
      {},
      {
        stack: [
          {
            id: 'st1',
            controller: 'B',
            source: 'z1',
            sourceDef: 'chat-regular',
            kind: 'highlight',
            ability: 0,
            targets: [],
            card: card('z1', 'chat-regular', 'B'),
          },
        ],
      },
    );
    expect(labels(v, names, 'A').ref('z1')).toMatchObject({ side: 'B', zone: 'stack' });
  });

  it('writes possessives and articles that read right', () => {
    expect(abilityOf('Chat Regular')).toBe("Chat Regular's ability");
    expect(abilityOf('Chat Regular (2)')).toBe('the ability of Chat Regular (2)');
    expect(article('Idol')).toBe('an Idol');
    expect(article('Devoted Viewer')).toBe('a Devoted Viewer');
  });
});

describe('card labels in Japanese', () => {
  afterAll(() => setLanguage('en', false));

  it('show the Japanese name and tell same-named cards apart by their identity, an SSR printing included', async () => {
    await setLanguage('ja', false);
    const v = view(
      { centre: [card('c1', 'midnight-diva')], main: [card('m1', 'midnight-diva-ssr'), card('m2', 'chat-regular')] },
      { main: [card('b1', 'chat-regular', 'B')] },
    );
    const l = labels(v, names, 'A');
    expect([l.name('c1'), l.name('m1'), l.name('m2')]).toEqual(['真夜中の歌姫 (1)', '真夜中の歌姫 (2)', 'コメ欄の常連']);
    expect(l.full('b1')).toBe('Beaのコメ欄の常連');
    expect(l.ref('m1')?.name).toBe(cardName(cardPool['midnight-diva']!));
  });
});
