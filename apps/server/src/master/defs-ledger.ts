/**
 * Which card definitions every socket of each kind of viewer (A, B, spectator) already holds. A view's defs
 * are ~90% of its size and never change, so updates carry only the new ones; a full view carries all of them.
 * Sockets of one kind share one encoded update, so the ledger keeps what *all* of them hold: a socket that
 * joins late holds only its full view's defs, and a card shown before it came (and hidden since) must be
 * sent again when it reappears.
 */
import type { Viewer } from '@vroyale/engine';

export class DefsLedger {
  private readonly held = new Map<Viewer, Set<string>>();

  /** A full view with these defs went to a new (or returning) socket of this viewer. */
  full(viewer: Viewer, defs: readonly string[]): void {
    const now = new Set(defs);
    const before = this.held.get(viewer);
    this.held.set(viewer, before ? new Set([...before].filter((id) => now.has(id))) : now);
  }

  /** The defs of an update that some socket of this viewer may lack; records them as held by all. */
  fresh(viewer: Viewer, defs: readonly string[]): string[] {
    let held = this.held.get(viewer);
    if (!held) this.held.set(viewer, (held = new Set()));
    const out: string[] = [];
    for (const id of defs)
      if (!held.has(id)) {
        held.add(id);
        out.push(id);
      }
    return out;
  }
}
