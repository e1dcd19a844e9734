/**
 * Cards drawn in code: a CSS frame coloured by type, an SVG emblem generated from the card's id, cost,
 * rarity mark, stars, ATK/HP, keyword icons and the engine's generated rules text. No image assets.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type React from 'react';
import { rulesText, type CardDef, type CardView } from '@vroyale/engine';
import { keywordList, typeLabel } from '../game/glossary';
import { language, t, useLanguage, useT, type Language } from '../i18n';
import { store, ui } from '../store';
import { KeywordIcon } from './keyword-icon';

export type CardSize = 'xs' | 'sm' | 'md' | 'lg';

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const lookup = (id: string) => store.getState().defs[id];

/**
 * Long single words would break mid-word on small cards (Chromium has no hyphenation dictionary here):
 * shrink the name until its longest word fits on one line of the name box instead.
 */
export function nameScale(name: string): { fontSize: string } | undefined {
  const longest = Math.max(...name.split(/[\s-]+/).map((w) => w.length));
  if (longest <= 7) return undefined;
  return { fontSize: `${Math.max(0.64, Math.min(1, 7.6 / longest)).toFixed(2)}em` };
}

const rulesCache: Record<Language, WeakMap<CardDef, string[]>> = { en: new WeakMap(), ja: new WeakMap() };
/** The engine's rules text of a definition in a language (the interface's by default), computed once per definition object. */
export function rulesFor(def: CardDef, lang: Language = language()): string[] {
  let r = rulesCache[lang].get(def);
  if (!r) rulesCache[lang].set(def, (r = rulesText(def, lookup, lang)));
  return r;
}

/**
 * A card's accessible name: what it is, its state, and its rules text (the zoom is only for the eyes).
 * `name` is the board's label for it ("Kiri Moonbeam (2)", game/labels.ts) where it differs from the printed one.
 */
export function cardLabel(def: CardDef, v?: CardView | null, name = def.name): string {
  const parts = [name, def.types.map(typeLabel).join(' '), t('cards.costLower', { cost: def.cost })];
  if (v?.atk !== undefined || def.atk !== undefined) parts.push(t('cards.stats', { atk: v?.atk ?? def.atk, hp: v?.hp ?? def.hp }));
  if (v?.tilted) parts.push(t('cards.tilted'));
  if (v?.damage) parts.push(t('cards.damage', { n: v.damage }));
  if (v?.burnout && (def.types.includes('character') || def.types.includes('leader'))) parts.push(t('cards.burnoutName'));
  if (v && Object.keys(v.counters).length) parts.push(Object.entries(v.counters).map(([k, n]) => t('cards.counters', { count: n, counter: k })).join(t('cards.sep')));
  return t('cards.label', { parts: parts.join(t('cards.sep')), rules: rulesFor(def).join(' ') });
}

/** The emblem: a hue from the id, a figure for characters, a symbol for the other types. */
const Art = memo(function Art({ def }: { def: CardDef }) {
  const h = hash(def.id);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const gid = `g${def.id}`;
  const fighter = def.types.includes('character') || def.types.includes('leader');
  const bx = 8 + ((h >>> 4) % 24);
  const by = 4 + ((h >>> 12) % 14);
  return (
    <svg className="c-art-svg" viewBox="0 0 100 60" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id={gid} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 58%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 65% 32%)`} />
        </linearGradient>
      </defs>
      <rect width="100" height="60" fill={`url(#${gid})`} />
      <circle cx={bx + 60} cy={by + 6} r={10 + ((h >>> 16) % 10)} fill="rgba(255,255,255,.13)" />
      <circle cx={bx} cy={by + 40} r={6 + ((h >>> 20) % 8)} fill="rgba(255,255,255,.1)" />
      {fighter ? (
        <g fill={`hsl(${hue2} 40% 14% / .82)`}>
          <circle cx="50" cy="26" r="12" />
          <path d="M24 62c2-16 12-22 26-22s24 6 26 22z" />
          {h % 3 === 0 && <path d="M38 18l-6-12 12 8zM62 18l6-12-12 8z" />}
          {h % 3 === 1 && <path d="M36 22c0-14 28-14 28 0l-4-6c-6 4-14 4-20 0z" />}
          {h % 3 === 2 && <rect x="36" y="22" width="28" height="4" rx="2" fill={`hsl(${hue} 90% 80%)`} />}
        </g>
      ) : def.types.includes('highlight') ? (
        <path d="M55 6L36 34h12l-6 22 22-32H52z" fill="rgba(255,255,255,.85)" />
      ) : def.types.includes('event') ? (
        <g fill="none" stroke="rgba(255,255,255,.85)" strokeWidth="3.5">
          <rect x="34" y="14" width="32" height="30" rx="3" />
          <path d="M34 23h32M42 10v8M58 10v8" />
        </g>
      ) : (
        <path d="M50 8l16 14-16 30-16-30z" fill="rgba(255,255,255,.8)" />
      )}
    </svg>
  );
});

function RarityMark({ r }: { r: CardDef['rarity'] }) {
  const t = useT();
  return (
    <span className={`c-rarity rar-${r}`} title={t('cards.rarity', { r })} aria-label={t('cards.rarity', { r })}>
      {r}
    </span>
  );
}

function Stat({ label, now, printed }: { label: 'ATK' | 'HP'; now: number; printed: number | undefined }) {
  const cls = printed === undefined || now === printed ? '' : now > printed ? ' up' : ' down';
  const t = useT();
  return (
    <span className={`c-stat c-${label.toLowerCase()}${cls}`} aria-label={t(label === 'ATK' ? 'cards.atk' : 'cards.hp', { n: now })}>
      {now}
    </span>
  );
}

export interface CardFaceProps {
  def: CardDef;
  view?: CardView | null | undefined;
  size: CardSize;
  /** Hovering shows the enlarged card. */
  zoom?: boolean;
}

function sameView(a: CardView | null | undefined, b: CardView | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.id === b.id &&
    a.tilted === b.tilted &&
    a.damage === b.damage &&
    a.burnout === b.burnout &&
    a.atk === b.atk &&
    a.hp === b.hp &&
    a.attachedTo === b.attachedTo &&
    a.returnsFromHiatus === b.returnsFromHiatus &&
    JSON.stringify(a.counters) === JSON.stringify(b.counters) &&
    JSON.stringify(a.keywords) === JSON.stringify(b.keywords)
  );
}

const sameProps = (a: CardFaceProps, b: CardFaceProps) => a.def === b.def && a.size === b.size && a.zoom === b.zoom && sameView(a.view, b.view);

/**
 * Whether a mouse can hover here: touch-only screens (`hover: none`) get the zoom by a long press instead, and
 * ignore the mouse events browsers make up around taps.
 */
export const canHover = (): boolean => typeof matchMedia !== 'function' || matchMedia('(any-hover: hover)').matches;

/** How long a finger rests on a card before its zoom opens. */
export const LONG_PRESS_MS = 450;

interface LongPress {
  x: number;
  y: number;
  fired: boolean;
  timer: number;
}

/** Stops a press's timer; a press that fired is kept (when `keepFired`) until its click has been swallowed. */
function endPress(ref: { current: LongPress | null }, keepFired: boolean): void {
  const p = ref.current;
  if (!p) return;
  window.clearTimeout(p.timer);
  if (!(keepFired && p.fired)) ref.current = null;
}

export const CardFace = memo(function CardFace({ def, view, size, zoom = true }: CardFaceProps) {
  const t = useT();
  const lang = useLanguage();
  const lines = useMemo(() => (size === 'lg' ? rulesFor(def, lang) : []), [def, size, lang]);
  const kws = keywordList(view?.keywords ?? def.keywords);
  const fighter = def.atk !== undefined;
  const primary = def.types.includes('leader') ? 'leader' : def.types[0]!;
  const multi = def.types.length > 1 ? ` t2-${def.types.find((t) => t !== primary)}` : '';
  const counters = view?.counters ? Object.entries(view.counters).filter(([, n]) => n > 0) : [];
  const atk = view?.atk ?? def.atk ?? 0;
  const hp = view?.hp ?? def.hp ?? 0;
  // A card that leaves the page while hovered (it moved zones, the replay stepped) takes its zoom with it.
  const hovered = useRef(false);
  useEffect(() => () => void (hovered.current && ui.setState((s) => (s.hover?.def === def.id ? { hover: null } : s))), [def.id]);
  const press = useRef<LongPress | null>(null);
  useEffect(() => () => endPress(press, false), []);
  const show = (el: HTMLElement) => {
    hovered.current = true;
    const r = el.getBoundingClientRect();
    ui.setState({ hover: { def: def.id, view: view ?? undefined, rect: { left: r.left, right: r.right, top: r.top } } });
  };
  const hide = () => {
    hovered.current = false;
    ui.setState((s) => (s.hover?.def === def.id ? { hover: null } : s));
  };
  // A mouse shows the zoom while it is over the card; the mouse events a browser makes up after a tap do not
  // (pointer events say which is which). The zoom closes when the position changes (net/client.ts); a pointer
  // still on the card brings it back.
  // Touch: a long press (LONG_PRESS_MS without moving) shows it, the click that would follow is swallowed,
  // and the next touch anywhere closes it.
  const handlers: React.HTMLAttributes<HTMLDivElement> = zoom
    ? {
        onPointerEnter: (e) => void (e.pointerType === 'mouse' && canHover() && show(e.currentTarget)),
        onPointerMove: (e) => {
          if (e.pointerType === 'mouse') return void (ui.getState().hover === null && canHover() && show(e.currentTarget));
          const p = press.current;
          if (p && !p.fired && Math.hypot(e.clientX - p.x, e.clientY - p.y) > 10) endPress(press, false);
        },
        onPointerLeave: (e) => void (e.pointerType === 'mouse' && hide()),
        onPointerDown: (e) => {
          if (e.pointerType === 'mouse') return;
          endPress(press, false);
          const el = e.currentTarget;
          const p: LongPress = { x: e.clientX, y: e.clientY, fired: false, timer: 0 };
          p.timer = window.setTimeout(() => {
            p.fired = true;
            show(el);
            const close = () => hide();
            window.setTimeout(() => document.addEventListener('pointerdown', close, { capture: true, once: true }), 0);
          }, LONG_PRESS_MS);
          press.current = p;
        },
        onPointerUp: () => endPress(press, true),
        onPointerCancel: () => endPress(press, true),
        onClickCapture: (e) => {
          if (press.current?.fired) {
            e.stopPropagation();
            e.preventDefault();
          }
          press.current = null;
        },
        onContextMenu: (e) => void (press.current && e.preventDefault()),
      }
    : {};
  return (
    <div
      className={`card card-${size} t-${primary}${multi}${view?.token || def.token ? ' is-token' : ''}`}
      data-def={def.id}
      data-card-id={view?.id}
      {...handlers}
    >
      <div className="c-top">
        <span className="c-cost" aria-label={t('cards.cost', { cost: def.cost })}>
          {def.cost}
        </span>
        <span className="c-name" style={size === 'lg' ? undefined : nameScale(def.name)}>
          {def.name}
        </span>
      </div>
      <div className="c-art">
        <Art def={def} />
        {kws.length > 0 && (
          <span className="c-kws">
            {kws.map((k) => (
              <KeywordIcon key={k.key} k={k.key} label={k.label} text={k.text} small={size !== 'lg'} />
            ))}
          </span>
        )}
      </div>
      <div className="c-type">
        <span>
          {[...def.types.map(typeLabel), ...(def.token ? [t('cards.token')] : [])].join(' · ')}
        </span>
        <RarityMark r={def.rarity} />
      </div>
      {lines.length > 0 && (
        <div className="c-text">
          {lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          {size === 'lg' &&
            kws.map((k) => (
              <p key={k.key} className="c-reminder">
                <b>{k.label}</b>: {k.text}
              </p>
            ))}
          {size === 'lg' && def.flavor && <p className="c-flavor">{def.flavor}</p>}
        </div>
      )}
      <div className="c-bottom">
        <span className="c-stars" aria-label={t('cards.stars', { count: def.stars })}>
          {'★'.repeat(def.stars)}
        </span>
        {fighter && (
          <span className="c-stats">
            <Stat label="ATK" now={atk} printed={def.atk} />
            <Stat label="HP" now={hp} printed={def.hp} />
          </span>
        )}
      </div>
      {view && view.damage > 0 && (
        <span className="c-damage" aria-label={t('cards.damage', { n: view.damage })} title={t('cards.damage', { n: view.damage })}>
          <span>{view.damage}</span>
        </span>
      )}
      {counters.length > 0 && (
        <span className="c-counters">
          {counters.map(([k, n]) => (
            <span key={k} className="c-counter" title={t('cards.counters', { count: n, counter: k })}>
              {n} {k}
            </span>
          ))}
        </span>
      )}
      {view?.burnout && fighter && (
        <span className="c-burnout" title={t('cards.burnoutTitle')}>
          {t('cards.burnout')}
        </span>
      )}
      {view?.returnsFromHiatus && <span className="c-hiatus">{t('cards.returnsNextTurn')}</span>}
    </div>
  );
}, sameProps);

export function CardBack({ size, label }: { size: CardSize; label?: string }) {
  const t = useT();
  return (
    <div className={`card card-${size} card-back`} role="img" aria-label={label ?? t('cards.faceDown')}>
      <span className="back-logo">V</span>
    </div>
  );
}

/** The enlarged card of whatever is hovered. */
const ZOOM_W = 250;
const ZOOM_H = 350;

/**
 * Beside the hovered card: on the preferred side when there is room, else the other; never off screen. The
 * deck builder prefers the left, so the zoom never covers the roster being built.
 */
export function ZoomPreview({ hover, prefer = 'right' }: { hover: { def: string; view?: CardView | undefined; rect?: { left: number; right: number; top: number } | undefined } | null; prefer?: 'left' | 'right' }) {
  const def = hover ? store.getState().defs[hover.def] : undefined;
  const ref = useRef<HTMLDivElement>(null);
  // A card with long rules text is taller than the usual frame: keep all of it on screen.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Layout sizes, not the bounding box: the pop-in animation scales the box while it runs.
    const h = el.offsetHeight;
    if (el.offsetTop + h > window.innerHeight - 8) el.style.top = `${Math.max(8, window.innerHeight - 8 - h)}px`;
  });
  if (!hover || !def) return null;
  const v = hover.view ?? null;
  const r = hover.rect;
  const right = r ? r.right + 12 : 0;
  const left = r ? r.left - ZOOM_W - 12 : 0;
  const fitsRight = right + ZOOM_W < window.innerWidth;
  const fitsLeft = left >= 4;
  const style = r
    ? {
        left: prefer === 'left' ? (fitsLeft ? left : fitsRight ? right : 4) : fitsRight ? right : Math.max(4, left),
        top: Math.max(50, Math.min(window.innerHeight - ZOOM_H - 8, r.top - 60)),
      }
    : undefined;
  return (
    <div className="zoom" aria-hidden="true" style={style} ref={ref}>
      <CardFace def={def} view={v} size="lg" zoom={false} />
    </div>
  );
}
