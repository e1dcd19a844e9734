/**
 * Names that tell same-named cards apart. A person reading "Kiri Moonbeam must block" beside two Kiri
 * Moonbeams cannot tell which is meant, so a name shared within a group (one manager's stage, in stage
 * order) gets its position among the cards of that name: "Kiri Moonbeam (2)". Unique names stay bare.
 * Pure and exported, so the web app labels menus, badges and the log the same way the engine's messages do.
 */
export function sameNameLabels(cards: readonly { id: string; name: string }[]): Map<string, string> {
  const total = new Map<string, number>();
  for (const c of cards) total.set(c.name, (total.get(c.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out = new Map<string, string>();
  for (const c of cards) {
    if (total.get(c.name)! < 2) {
      out.set(c.id, c.name);
      continue;
    }
    const k = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, k);
    out.set(c.id, `${c.name} (${k})`);
  }
  return out;
}
