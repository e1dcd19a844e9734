/**
 * The playmat: both managers' zones, the stack, the phase tracker and the prompt. Pure from its props (the
 * replay viewer renders it too); the only actions it offers are the legal ones it is given. Its parts live in
 * `playmat/`; this module keeps the board's public surface (the re-exports below) in one place.
 */
import type { ManagerId } from '@vroyale/engine';
import { actionsByCard, narrow } from '../game/choices';
import { labels } from '../game/labels';
import { useUi } from '../store';
import { Browse } from './playmat/browse';
import { other, type BoardProps, type Ctx } from './playmat/context';
import { PhaseTracker } from './playmat/phase-tracker';
import { Prompt } from './playmat/prompt';
import { Side } from './playmat/side';
import { StackPanel } from './playmat/stack-panel';

export type { BoardProps } from './playmat/context';
export { placeMenu } from './playmat/card-menu';
export { useBoardKeys } from './playmat/keys';
export { rowCardWidth, stageCardWidth, starGap } from './playmat/layout';

export function Board(props: BoardProps) {
  const aiming = useUi((s) => s.aiming);
  const { view, me } = props;
  const bottom: ManagerId = me ?? 'A';
  const top = other(bottom);
  const attackers = new Set(view.combat?.attackers ?? []);
  const blocks = new Map<string, string[]>();
  const blockedBy = new Map<string, string[]>();
  for (const b of view.combat?.blocks ?? []) {
    blocks.set(b.blocker, [...(blocks.get(b.blocker) ?? []), b.attacker]);
    blockedBy.set(b.attacker, [...(blockedBy.get(b.attacker) ?? []), b.blocker]);
  }
  const problems = new Map<string, string[]>();
  for (const p of view.combat?.problems ?? []) problems.set(p.card, [...(problems.get(p.card) ?? []), p.message]);
  const ctx: Ctx = {
    ...props,
    byCard: actionsByCard(props.legal),
    aimingNext: new Set(aiming ? narrow(aiming.candidates, aiming.picked).next : []),
    attackers,
    blocks,
    blockedBy,
    problems,
    labels: labels(view, props.names, me),
  };
  return (
    <div className={`board${aiming ? ' is-aiming' : ''}`} data-seq={view.seq} data-phase={view.phase} data-legal={props.legal.length}>
      <Side ctx={ctx} m={top} top />
      <div className="midline">
        <PhaseTracker view={view} names={props.names} me={me} />
        <div className="mid-main">
          {props.status ?? <Prompt ctx={ctx} />}
          <StackPanel ctx={ctx} />
        </div>
      </div>
      <Side ctx={ctx} m={bottom} top={false} />
      <Browse ctx={ctx} />
    </div>
  );
}
