/**
 * Building a combat declaration in the browser (RUL-COMBAT-1/2). The server lists the decision as an offer;
 * the person builds attackers or blocks here, locally (the other manager never sees a choice being made),
 * with live feedback from the engine's own legality functions, and sends the whole declaration once.
 * Nothing here decides legality: `attackProblems` / `blockProblems` are the engine's, run on the offer.
 */
import {
  attackProblems,
  blockProblems,
  type Action,
  type AttackOffer,
  type Block,
  type BlockOffer,
  type DeclarationProblem,
  type Legal,
} from '@vroyale/engine';

export type Offer = AttackOffer | BlockOffer;

/** A declaration being built: for one offer (one `seq`), its attackers or blocks so far. */
export interface Draft {
  seq: number;
  attackers: string[];
  blocks: Block[];
  /** The blocker picked first, waiting for the attacker it will block. */
  selected: string | null;
}

export const emptyDraft = (seq: number): Draft => ({ seq, attackers: [], blocks: [], selected: null });

export function offerIn(legal: readonly Legal[]): Offer | null {
  for (const l of legal) if (l.type === 'choose-attackers' || l.type === 'choose-blocks') return l;
  return null;
}

/** The draft for this view: a draft made for another seq (an older decision) counts as empty. */
export function draftFor(draft: Draft | null, seq: number): Draft {
  return draft && draft.seq === seq ? draft : emptyDraft(seq);
}

export function toggleAttacker(d: Draft, id: string): Draft {
  return { ...d, attackers: d.attackers.includes(id) ? d.attackers.filter((x) => x !== id) : [...d.attackers, id] };
}

/** Everyone who may attack, or no one when everyone is already chosen. */
export function allAttackers(offer: AttackOffer, d: Draft): Draft {
  const all = offer.eligible.map((e) => e.id);
  return { ...d, attackers: d.attackers.length === all.length ? [] : all };
}

export function hasBlock(d: Draft, blocker: string, attacker: string): boolean {
  return d.blocks.some((b) => b.blocker === blocker && b.attacker === attacker);
}

export function toggleBlock(d: Draft, blocker: string, attacker: string): Draft {
  const blocks = hasBlock(d, blocker, attacker)
    ? d.blocks.filter((b) => !(b.blocker === blocker && b.attacker === attacker))
    : [...d.blocks, { blocker, attacker }];
  return { ...d, blocks, selected: null };
}

/**
 * A click on a card while blocks are built: a blocker with a single attacker to face toggles that block at
 * once; otherwise the blocker is selected (or unselected), and a click on an attacker then toggles the pair.
 */
export function clickForBlocks(offer: BlockOffer, d: Draft, id: string): Draft | null {
  const isBlocker = offer.blockers.some((b) => b.id === id);
  const isAttacker = offer.attackers.some((a) => a.id === id);
  if (isBlocker) {
    if (offer.attackers.length === 1) return toggleBlock(d, id, offer.attackers[0]!.id);
    return { ...d, selected: d.selected === id ? null : id };
  }
  if (isAttacker && d.selected) return toggleBlock(d, d.selected, id);
  return null;
}

export function problemsOf(offer: Offer, d: Draft): DeclarationProblem[] {
  return offer.type === 'choose-attackers' ? attackProblems(offer, d.attackers) : blockProblems(offer, d.blocks);
}

/** The declaration the draft makes, when the engine's legality function accepts it. */
export function declarationOf(offer: Offer, d: Draft): Action | null {
  if (problemsOf(offer, d).length) return null;
  return offer.type === 'choose-attackers'
    ? { type: 'declare-attackers', manager: offer.manager, attackers: d.attackers }
    : { type: 'declare-blocks', manager: offer.manager, blocks: d.blocks };
}
