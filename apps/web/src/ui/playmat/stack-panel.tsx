import { describeTarget } from '../../game/choices';
import { CardFace } from '../card';
import { pick } from './actions';
import type { Ctx } from './context';

export function StackPanel({ ctx }: { ctx: Ctx }) {
  const { view } = ctx;
  if (view.stack.length === 0) return null;
  return (
    <section className="stack-panel" aria-label="The stack, top first">
      <h3>Stack</h3>
      <ol>
        {[...view.stack].reverse().map((it, i) => {
          const def = view.defs[it.sourceDef];
          const targetable = ctx.aimingNext.has(it.id);
          const text = `${def?.name ?? 'Effect'} — ${it.kind === 'highlight' ? 'highlight' : it.kind === 'ability' ? 'ability' : 'trigger'} of ${it.controller === ctx.me ? 'you' : ctx.names[it.controller]}`;
          const targets = it.targets.map((t) => describeTarget(view, t, ctx.names, ctx.me));
          const body = (
            <>
              <span className="st-pos">{i === 0 ? 'Top' : i + 1}</span>
              {def && <CardFace def={def} view={it.card} size="xs" />}
              <span className="st-text">
                <b>{text}</b>
                {targets.length > 0 && <small>Targets: {targets.join(', ')}</small>}
              </span>
            </>
          );
          return (
            <li key={it.id} className={targetable ? 'targetable' : ''}>
              {targetable ? (
                <button className="st-btn" onClick={() => pick(ctx, it.id)} aria-label={`${text}, can be chosen`}>
                  {body}
                </button>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
