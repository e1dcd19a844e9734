/**
 * A card drawn in code: a frame coloured by type, the cost gem, the name (always whole: `name-fit.ts`), the art,
 * keyword icons, type and rarity, and ATK/HP gems. Everything inside is sized in `cqw` (the card is a size
 * container), so a card looks the same at any width a zone gives it (`--card-w`, defaults per size class).
 * State shows at a glance: damage marked (HP drops, a splat says by how much), counters, Debut Burnout, a
 * return from Hiatus; tilt and combat marks belong to the slot around it (playmat/board-card.tsx).
 */
import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import type { CardDef, CardView } from '@vroyale/engine';
import { counterName, keywordList, typeLabel } from '../../game/glossary';
import { cardName, cardNameHint } from '../../game/labels';
import { useLanguage, useT } from '../../i18n';
import { ui } from '../../store';
import { KeywordIcon } from '../keyword-icon';
import { CardArt } from '../art/card-art';
import { zoomHandlers, type LongPress, endPress } from './long-press';
import { nameSize } from './name-fit';
import { rulesFor } from './card-label';
import './card-face.css';

export type CardSize = 'xs' | 'sm' | 'md' | 'lg';

function RarityMark({ r }: { r: CardDef['rarity'] }) {
  const t = useT();
  return (
    <span className={`c-rarity rar-${r}`} title={t('cards.rarity', { r })} aria-label={t('cards.rarity', { r })}>
      {r}
    </span>
  );
}

function Stat({ kind, now, printed, damage = 0 }: { kind: 'atk' | 'hp'; now: number; printed: number | undefined; damage?: number }) {
  const t = useT();
  const shown = kind === 'hp' ? Math.max(0, now - damage) : now;
  const cls = damage > 0 ? ' hurt' : printed === undefined || now === printed ? '' : now > printed ? ' up' : ' down';
  return (
    <span className={`c-stat c-${kind}${cls}`} aria-label={t(kind === 'atk' ? 'cards.atk' : 'cards.hp', { n: now })}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {kind === 'atk' ? (
          <path d="M12 1.5l3 3.2 4.4-.4.4 4.4 3.2 3-3.2 3 .2 4.6-4.4-.2-3.6 3.4-3.6-3.4-4.4.2.2-4.6L1 11.7l3.2-3 .4-4.4 4.4.4z" />
        ) : (
          <path d="M12 21.6s-9.6-6.2-9.6-12.6A5.3 5.3 0 0112 6a5.3 5.3 0 019.6 3c0 6.4-9.6 12.6-9.6 12.6z" />
        )}
      </svg>
      <span className="c-stat-n">{shown}</span>
    </span>
  );
}

export interface CardFaceProps {
  def: CardDef;
  view?: CardView | null | undefined;
  size: CardSize;
  /** Hovering (or a long press) shows the enlarged card. */
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

export const CardFace = memo(function CardFace({ def, view, size, zoom = true }: CardFaceProps) {
  const t = useT();
  const lang = useLanguage();
  const lines = useMemo(() => (size === 'lg' ? rulesFor(def, lang) : []), [def, size, lang]);
  const kws = keywordList(view?.keywords ?? def.keywords);
  const fighter = def.atk !== undefined;
  const primary = def.types.includes('leader') ? 'leader' : def.types[0]!;
  const multi = def.types.length > 1 ? ` t2-${def.types.find((x) => x !== primary)}` : '';
  const counters = view?.counters ? Object.entries(view.counters).filter(([, n]) => n > 0) : [];
  const name = cardName(def);
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
  const handlers = zoom ? zoomHandlers(press, show, hide, () => ui.getState().hover !== null) : {};
  const damage = view?.damage ?? 0;
  const style = { ['--name-size' as string]: `${nameSize(name)}cqw` } as CSSProperties;
  return (
    <div
      className={`card card-${size} t-${primary}${multi}${view?.token || def.token ? ' is-token' : ''}${view?.burnout && fighter ? ' is-burnout' : ''}`}
      data-def={def.id}
      data-card-id={view?.id}
      style={style}
      {...handlers}
    >
      <div className="c-top">
        <span className="c-cost" aria-label={t('cards.cost', { cost: def.cost })}>
          {def.cost}
        </span>
        <span className="c-name" lang={lang} title={cardNameHint(def)}>
          {name}
        </span>
      </div>
      <div className="c-art">
        <CardArt def={def} className="c-art-img" />
        {kws.length > 0 && (
          <span className="c-kws">
            {kws.map((k) => (
              <KeywordIcon key={k.key} k={k.key} label={k.label} text={k.text} small={size !== 'lg'} />
            ))}
          </span>
        )}
        {counters.length > 0 && (
          <span className="c-counters">
            {counters.map(([k, n]) => (
              <span key={k} className="c-counter" title={t('cards.counters', { count: n, counter: counterName(k) })}>
                <b>{n}</b> {counterName(k)}
              </span>
            ))}
          </span>
        )}
        {view?.burnout && fighter && (
          <span className="c-burnout" title={t('cards.burnoutTitle')}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M20 14.5A8.5 8.5 0 019.5 4a8.5 8.5 0 1010.5 10.5z" />
            </svg>
            <span className="c-burnout-word">{t('cards.burnout')}</span>
          </span>
        )}
        {view?.returnsFromHiatus && <span className="c-hiatus">{t('cards.returnsNextTurn')}</span>}
      </div>
      <div className="c-type">
        <span className="c-types">{[...def.types.map(typeLabel), ...(def.token ? [t('cards.token')] : [])].join(' · ')}</span>
        <RarityMark r={def.rarity} />
      </div>
      {lines.length > 0 && (
        <div className="c-text">
          {lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          {kws.map((k) => (
            <p key={k.key} className="c-reminder">
              <b>{k.label}</b>: {k.text}
            </p>
          ))}
          {def.flavor && <p className="c-flavor">{def.flavor}</p>}
        </div>
      )}
      <div className="c-bottom">
        {fighter && <Stat kind="atk" now={view?.atk ?? def.atk ?? 0} printed={def.atk} />}
        <span className="c-stars" aria-label={t('cards.stars', { count: def.stars })}>
          {'★'.repeat(def.stars)}
        </span>
        {fighter && <Stat kind="hp" now={view?.hp ?? def.hp ?? 0} printed={def.hp} damage={damage} />}
      </div>
      {damage > 0 && (
        <span className="c-damage" aria-label={t('cards.damage', { n: damage })} title={t('cards.damage', { n: damage })}>
          <span>−{damage}</span>
        </span>
      )}
    </div>
  );
}, sameProps);
