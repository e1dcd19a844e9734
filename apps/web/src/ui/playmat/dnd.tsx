/**
 * Dragging cards where they go (dnd-kit): a hand card onto your stage (debut or play it), onto your Star Pool
 * (place it as a star card), and while attackers are chosen, your character onto the opponent's side. A drop does
 * exactly what the same card's menu entry would (`dropAction`): nothing here decides legality, and a drop the
 * listed actions do not allow does nothing. The keyboard keeps its own path (Enter acts or opens the menu,
 * Space passes), so no keyboard sensor competes for those keys; dnd-kit's announcements speak for the pointer.
 */
import '../../i18n/later-texts';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useId, useState, type ReactNode } from 'react';
import type { CardDef } from '@vroyale/engine';
import { menuFor, type MenuEntry } from '../../game/choices';
import { toggleAttacker } from '../../game/declaration';
import { useT } from '../../i18n';
import { ui } from '../../store';
import { CardFace } from '../card';
import { startEntry } from './actions';
import { lookup, type Ctx } from './context';

/** Where a card can be dropped. */
export type DropTarget = 'stage' | 'stars' | 'opponent';

/** What dropping this card there does: a menu entry to start, a new attack draft, or nothing. */
export function dropAction(ctx: Ctx, card: string, def: CardDef | undefined, target: DropTarget): { entry: MenuEntry } | { attack: true } | null {
  if (target === 'opponent') {
    if (ctx.offer?.type !== 'choose-attackers' || !ctx.offer.eligible.some((e) => e.id === card)) return null;
    return { attack: true };
  }
  const entries = menuFor(ctx.byCard.get(card) ?? [], def, lookup);
  const entry = entries.find((e) => (target === 'stars' ? e.key === 'place-star' : e.key === 'play'));
  return entry ? { entry } : null;
}

/** Whether a card may be picked up: something can be done by dropping it somewhere. */
export function draggable(ctx: Ctx, card: string, def: CardDef | undefined): boolean {
  if (ctx.busy || ui.getState().aiming) return false;
  return (['stage', 'stars', 'opponent'] as const).some((t) => dropAction(ctx, card, def, t) !== null);
}

export function BoardDnd({ ctx, children }: { ctx: Ctx; children: ReactNode }) {
  const [dragging, setDragging] = useState<string | null>(null);
  const t = useT();
  // A small move starts a drag with the mouse; a finger holds a moment first, so a swipe still scrolls.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
  );
  const defOf = (id: string) => {
    for (const m of ['A', 'B'] as const) {
      const mv = ctx.view.managers[m];
      const c = [...(mv.hand ?? []), ...mv.main, ...mv.centre].find((x) => x.id === id);
      if (c) return { card: c, def: ctx.view.defs[c.def] };
    }
    return null;
  };
  const onStart = (e: DragStartEvent) => {
    setDragging(String(e.active.id));
    ui.setState({ menu: null, hover: null });
  };
  const onEnd = (e: DragEndEvent) => {
    setDragging(null);
    const card = String(e.active.id);
    const target = e.over?.id as DropTarget | undefined;
    if (!target || ctx.busy) return;
    const found = defOf(card);
    const what = dropAction(ctx, card, found?.def, target);
    if (!what) return;
    if ('attack' in what) {
      if (!ctx.draft.attackers.includes(card)) ui.setState({ draft: toggleAttacker(ctx.draft, card), menu: null });
      return;
    }
    startEntry(ctx, card, what.entry);
  };
  const held = dragging ? defOf(dragging) : null;
  return (
    <DndContext
      sensors={sensors}
      // Where the pointer is, not where most of the carried card is: a drop lands where the player points.
      collisionDetection={pointerWithin}
      onDragStart={onStart}
      onDragEnd={onEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ screenReaderInstructions: { draggable: t('playmat.dragInstructions') } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {held?.def ? (
          <div className="drag-card">
            <CardFace def={held.def} view={held.card} size="md" zoom={false} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * A drop area's ref and class (highlighted while a card is carried, brighter while over it). `target` undefined:
 * not a drop area (the hook still runs, under a unique id, so hooks keep their order).
 */
export function useDrop(target: DropTarget | undefined): { ref: (el: HTMLElement | null) => void; cls: string } {
  const own = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: target ?? own, disabled: !target });
  if (!target) return { ref: setNodeRef, cls: '' };
  return { ref: setNodeRef, cls: [' drop-area', active ? ' drop-ready' : '', isOver && active ? ' drop-over' : ''].join('') };
}

/** Makes its child card draggable (pointer and touch); renders the child alone when it cannot be dragged. */
export function DragCard({ id, enabled, children }: { id: string; enabled: boolean; children: ReactNode }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id, disabled: !enabled });
  if (!enabled) return <>{children}</>;
  // dnd-kit's own role/tabIndex would replace the card's button semantics: only the pointer listeners are used.
  void attributes;
  return (
    <div ref={setNodeRef} className={`drag-card-src${isDragging ? ' is-dragging' : ''}`} {...listeners}>
      {children}
    </div>
  );
}
