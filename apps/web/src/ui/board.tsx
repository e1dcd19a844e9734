/**
 * The playmat: both managers' zones, the stack, the phase tracker and the prompt. Pure from its props (the
 * replay viewer renders it too); the only actions it offers are the legal ones it is given. Its parts live in
 * `playmat/`; this module keeps the board's public surface (the re-exports below) in one place.
 */
import type { ManagerId } from '@vroyale/engine';
import { actionsByCard, narrow } from '../game/choices';
import { draftFor, offerIn, problemsOf } from '../game/declaration';
import { labels } from '../game/labels';
import { useRef } from 'react';
import { useUi, type UiState } from '../store';
import { Browse } from './playmat/browse';
import { CombatArrows } from './playmat/combat-arrows';
import { BoardDnd } from './playmat/dnd';
import { other, type BoardProps, type Ctx } from './playmat/context';
export { BoardCard } from './playmat/board-card';
import { PhaseTracker } from './playmat/phase-tracker';
import { Prompt } from './playmat/prompt';
import { Side } from './playmat/side';
import { StackPanel } from './playmat/stack-panel';

export type { BoardProps } from './playmat/context';
export { placeMenu } from './playmat/card-menu';
export { useBoardKeys } from './playmat/keys';
export { handFan, stageCardWidth } from './playmat/layout';
export { starCount } from './playmat/star-stack';
import './playmat/playmat.css';

/** What every part of the playmat reads, from the board's props and the ui store's aim and draft (pure). */
export function boardCtx(props: BoardProps, aiming: UiState['aiming'], stored: UiState['draft']): Ctx {
  const { view, me } = props;
  // While a declaration is being built, the board shows the draft; otherwise what was declared.
  const offer = offerIn(props.legal);
  const draft = draftFor(stored, view.seq);
  const attackers = new Set(offer?.type === 'choose-attackers' ? draft.attackers : (view.combat?.attackers ?? []));
  const blocks = new Map<string, string[]>();
  const blockedBy = new Map<string, string[]>();
  for (const b of offer?.type === 'choose-blocks' ? draft.blocks : (view.combat?.blocks ?? [])) {
    blocks.set(b.blocker, [...(blocks.get(b.blocker) ?? []), b.attacker]);
    blockedBy.set(b.attacker, [...(blockedBy.get(b.attacker) ?? []), b.blocker]);
  }
  const problems = new Map<string, string[]>();
  if (offer?.type === 'choose-blocks') for (const p of problemsOf(offer, draft)) problems.set(p.card, [...(problems.get(p.card) ?? []), p.message]);
  const declarable = new Set<string>(
    offer?.type === 'choose-attackers'
      ? offer.eligible.map((e) => e.id)
      : offer
        ? [...offer.blockers.map((b) => b.id), ...(draft.selected ? offer.attackers.map((a) => a.id) : [])]
        : [],
  );
  return {
    ...props,
    byCard: actionsByCard(props.legal),
    aimingNext: new Set(aiming ? narrow(aiming.candidates, aiming.picked).next : []),
    attackers,
    blocks,
    blockedBy,
    problems,
    offer,
    draft,
    declarable,
    labels: labels(view, props.names, me),
  };
}

export function Board(props: BoardProps) {
  const aiming = useUi((s) => s.aiming);
  const stored = useUi((s) => s.draft);
  const root = useRef<HTMLDivElement>(null);
  const { view, me } = props;
  const bottom: ManagerId = me ?? 'A';
  const top = other(bottom);
  const ctx = boardCtx(props, aiming, stored);
  return (
    <BoardDnd ctx={ctx}>
      <div
        ref={root}
        className={`board${aiming ? ' is-aiming' : ''}${props.busy ? ' is-busy' : ''}`}
        data-seq={view.seq}
        data-phase={view.phase}
        data-turn={view.turn}
        data-legal={props.legal.length}
      >
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
        <CombatArrows ctx={ctx} root={root} />
      </div>
    </BoardDnd>
  );
}
