/**
 * The checks both languages' texts must pass (used by the tests of the interface's texts and of the How to
 * play page): the same keys (plural forms aside), the same placeholders, nothing empty, nothing left in English.
 */
export type Tree = { [k: string]: string | Tree | readonly (string | Tree)[] };
const PLURAL = /_(zero|one|two|few|many|other)$/;

export function flatten(tree: Tree | readonly (string | Tree)[], prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v as Tree, key)) out.set(kk, vv);
  }
  return out;
}

/** Keys without their plural suffix → every form's text. */
export function byBase(texts: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of texts) {
    const base = k.replace(PLURAL, '');
    out.set(base, [...(out.get(base) ?? []), v]);
  }
  return out;
}

export const placeholders = (forms: string[]) => [...new Set(forms.flatMap((f) => [...f.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!)))].sort();

/** Latin words a Japanese text may keep: the game's name, card stats, rarity symbols as printed, technical words. */
const KEEP = new Set(['VRoyale', 'Online', 'ID', 'URL', 'JSON', 'OK', 'VTuber', 'Esc', 'Enter', 'Space', 'Tab', 'Shift', 'F1', 'ATK', 'HP', 'SR', 'SSR']);

/** What of a Japanese text is still English: Latin words of two letters or more, minus placeholders and KEEP. */
export function untranslated(text: string): string[] {
  const bare = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?\w+\s*\/?>/g, ' ');
  return [...bare.matchAll(/[A-Za-z][A-Za-z'’-]+/g)].map((m) => m[0]).filter((w) => !KEEP.has(w));
}

/** Everything wrong with a pair of text trees, as readable lines (empty when they agree). */
export function textProblems(en: Tree, ja: Tree): string[] {
  const e = byBase(flatten(en));
  const j = byBase(flatten(ja));
  const out: string[] = [];
  for (const k of j.keys()) if (!e.has(k)) out.push(`${k}: only in Japanese`);
  for (const [k, forms] of e) {
    const other = j.get(k);
    if (!other) out.push(`${k}: missing in Japanese`);
    else if (placeholders(forms).join() !== placeholders(other).join()) out.push(`${k}: placeholders differ`);
  }
  for (const [k, v] of flatten(en)) if (v.trim() === '') out.push(`${k}: empty in English`);
  for (const [k, v] of flatten(ja)) {
    if (v.trim() === '') out.push(`${k}: empty in Japanese`);
    const left = untranslated(v);
    if (left.length > 0) out.push(`${k}: English left in Japanese: ${left.join(', ')}`);
  }
  return out;
}
