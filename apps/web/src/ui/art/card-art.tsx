/**
 * `<CardArt def={def} />`: a card's art, filling its box (the SVG is 5:3 and slices to whatever box the frame
 * gives it; what matters is in the middle). Small and eager: it shows the card's colours at once and fetches
 * the art's own chunk (render.ts: DiceBear and the game-icons glyphs) on first use, then every card's art
 * comes from a cache per card id. Decorative: hidden from assistive technology (the frame names the card).
 */
import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import type { CardDef } from '@vroyale/engine';
import { placeholder } from './palette';

type Render = typeof import('./render');

let mod: Render | null = null;
let loading: Promise<Render> | null = null;
const listeners = new Set<() => void>();

/** Fetches the art's chunk once (a room may call it early, while its first messages arrive). */
export function preloadCardArt(): Promise<void> {
  loading ??= import('./render').then((m) => {
    mod = m;
    for (const l of listeners) l();
    return m;
  });
  return loading.then(() => undefined);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
const ready = () => mod !== null;

/** The art's module once its chunk is here (null before: the hook asks for it). */
export function useArt(): Render | null {
  const loaded = useSyncExternalStore(subscribe, ready, () => false);
  useEffect(() => {
    if (!loaded) void preloadCardArt();
  }, [loaded]);
  return loaded ? mod : null;
}

const BOX: CSSProperties = { display: 'block', position: 'relative', width: '100%', height: '100%', overflow: 'hidden' };
const IMG: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' };

export interface CardArtProps {
  def: CardDef;
  /** Added to the box's class (`card-art`). */
  className?: string;
}

export function CardArt({ def, className }: CardArtProps) {
  const art = useArt();
  const url = art ? art.artUrl(def) : null;
  return (
    <span className={className ? `card-art ${className}` : 'card-art'} style={{ ...BOX, background: placeholder(def) }} aria-hidden="true" data-art={def.id}>
      {url && <img src={url} alt="" draggable={false} decoding="async" style={IMG} />}
    </span>
  );
}
