/** The building blocks of a manager's side: face-down piles, titled zones, and a stage with equipped assets. */
import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { CardView } from '@vroyale/engine';
import type { CardSize } from '../card';
import { BoardCard } from './board-card';
import { useT } from '../../i18n';
import type { Ctx } from './context';
import { stageCardWidth, useWidth } from './layout';

export function Pile({ title, count, onOpen, children, cls }: { title: string; count: number; onOpen?: () => void; children?: ReactNode; cls?: string }) {
  const t = useT();
  const body = (
    <>
      <span className="pile-title">{title}</span>
      <span className="pile-count">{count}</span>
      {children}
    </>
  );
  return onOpen ? (
    <button className={`pile ${cls ?? ''}`} onClick={onOpen} aria-label={t('playmat.pileOpen', { title, count })}>
      {body}
    </button>
  ) : (
    <div className={`pile ${cls ?? ''}`} role="group" aria-label={t('playmat.pile', { title, count })}>
      {body}
    </div>
  );
}

export function Zone({ title, info, children, cls, fit }: { title: string; info: string; children: ReactNode; cls: string; fit?: CardView[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(fit ? ref : null);
  const style = fit && width ? ({ ['--stage-w' as string]: `${stageCardWidth(fit, width)}px` } as CSSProperties) : undefined;
  return (
    <section className={`zone ${cls}`} aria-label={title}>
      <h3 className="zone-title" title={info}>
        {title}
      </h3>
      <div className="zone-cards" ref={ref} style={style}>
        {children}
      </div>
    </section>
  );
}

export function Stage({ ctx, cards, size }: { ctx: Ctx; cards: CardView[]; size: CardSize }) {
  const attached = new Map<string, CardView[]>();
  for (const c of cards) if (c.attachedTo) attached.set(c.attachedTo, [...(attached.get(c.attachedTo) ?? []), c]);
  const ids = new Set(cards.map((c) => c.id));
  const t = useT();
  return (
    <>
      {cards
        .filter((c) => !c.attachedTo || !ids.has(c.attachedTo))
        .map((c) => (
          <div className="stack-group" key={c.id}>
            {(attached.get(c.id) ?? []).map((a, i) => (
              <div className="equipped" key={a.id} style={{ ['--i' as string]: i }} aria-label={t('playmat.equipped', { card: ctx.labels.name(a.id) })}>
                <BoardCard ctx={ctx} card={a} size="xs" />
              </div>
            ))}
            <BoardCard ctx={ctx} card={c} size={size} />
          </div>
        ))}
    </>
  );
}
