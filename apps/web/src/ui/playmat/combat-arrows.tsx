/**
 * Combat drawn as arrows over the playmat: from each attacker to each of its blockers, or to the defending
 * manager while it is unblocked; dashed while the declaration is still a draft. Positions are read from the page
 * (cards by `data-card-id`, the badge by `.side[data-manager] .manager-badge`) after each render and on resize;
 * the board itself stays pure (server-side rendering draws no arrows).
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { ManagerId } from '@vroyale/engine';
import { other, type Ctx } from './context';

interface Arrow {
  key: string;
  d: string;
  blocked: boolean;
  draft: boolean;
  head: { x: number; y: number; angle: number };
}

function centre(el: Element, box: DOMRect): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
}

/** A gentle curve from a to b, ending short of b so the head sits on its edge. */
function curve(a: { x: number; y: number }, b: { x: number; y: number }, short: number): Arrow['head'] & { d: string } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const end = { x: b.x - (dx / len) * short, y: b.y - (dy / len) * short };
  // Bend sideways by a tenth of the length: parallel arrows stay apart.
  const c = { x: (a.x + end.x) / 2 - (dy / len) * len * 0.12, y: (a.y + end.y) / 2 + (dx / len) * len * 0.12 };
  const angle = (Math.atan2(end.y - c.y, end.x - c.x) * 180) / Math.PI;
  return { d: `M${a.x.toFixed(1)},${a.y.toFixed(1)} Q${c.x.toFixed(1)},${c.y.toFixed(1)} ${end.x.toFixed(1)},${end.y.toFixed(1)}`, x: end.x, y: end.y, angle };
}

function measure(root: HTMLElement, ctx: Ctx): Arrow[] {
  const box = root.getBoundingClientRect();
  const find = (id: string) => root.querySelector(`.side [data-card-id="${CSS.escape(id)}"]`);
  const attacker = ctx.view.combat ? ctx.view.active : ctx.me;
  const defender: ManagerId = other((attacker ?? ctx.view.active) as ManagerId);
  const badge = root.querySelector(`.side[data-manager="${defender}"] .manager-badge`);
  const draft = ctx.offer?.type === 'choose-attackers';
  const out: Arrow[] = [];
  for (const a of ctx.attackers) {
    const from = find(a);
    if (!from) continue;
    const start = centre(from, box);
    const blockers = ctx.blockedBy.get(a) ?? [];
    if (blockers.length === 0) {
      if (!badge) continue;
      const { d, ...head } = curve(start, centre(badge, box), 22);
      out.push({ key: `${a}>m`, d, blocked: false, draft, head });
      continue;
    }
    for (const b of blockers) {
      const to = find(b);
      if (!to) continue;
      const { d, ...head } = curve(start, centre(to, box), 30);
      out.push({ key: `${a}>${b}`, d, blocked: true, draft: ctx.offer?.type === 'choose-blocks', head });
    }
  }
  return out;
}

export function CombatArrows({ ctx, root }: { ctx: Ctx; root: RefObject<HTMLElement | null> }) {
  const [arrows, setArrows] = useState<Arrow[]>([]);
  const key = `${ctx.view.seq}|${[...ctx.attackers].join()}|${[...ctx.blockedBy].map(([a, b]) => `${a}:${b.join('+')}`).join()}`;
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || ctx.attackers.size === 0 || ctx.view.phase === 'game-over') {
      setArrows((old) => (old.length ? [] : old));
      return;
    }
    const update = () => setArrows(measure(el, ctx));
    update();
    // Cards move into place with a short animation, and zones reflow as the window changes.
    const settle = window.setTimeout(update, 320);
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => {
      window.clearTimeout(settle);
      ro.disconnect();
    };
    // `key` says everything the arrows depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (arrows.length === 0) return null;
  return (
    <svg className="combat-arrows" aria-hidden="true">
      {arrows.map((a) => (
        <g key={a.key} className={`arrow${a.blocked ? ' blocked' : ''}${a.draft ? ' draft' : ''}`}>
          <path className="arrow-glow" d={a.d} />
          <path className="arrow-line" d={a.d} />
          <path
            className="arrow-head"
            d="M0,0 L-14,-8 L-10,0 L-14,8 Z"
            transform={`translate(${a.head.x.toFixed(1)} ${a.head.y.toFixed(1)}) rotate(${a.head.angle.toFixed(1)})`}
          />
        </g>
      ))}
    </svg>
  );
}
