/**
 * The stand-in art drawn while a card's portrait or icon loads (and where it cannot: server-side rendering in
 * tests): a gradient from the card's hue with a figure for characters and a symbol for the other types.
 */
import { memo } from 'react';
import type { CardDef } from '@vroyale/engine';

export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const Emblem = memo(function Emblem({ def }: { def: CardDef }) {
  const h = hash(def.id);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const gid = `g${def.id}`;
  const fighter = def.types.includes('character') || def.types.includes('leader');
  return (
    <svg className="c-art-svg" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id={gid} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 58%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 65% 32%)`} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${gid})`} />
      {fighter ? (
        <g fill={`hsl(${hue2} 40% 14% / .7)`}>
          <circle cx="50" cy="42" r="17" />
          <path d="M18 102c2-22 15-32 32-32s30 10 32 32z" />
        </g>
      ) : (
        <circle cx="50" cy="50" r="22" fill="rgba(255,255,255,.35)" />
      )}
    </svg>
  );
});
