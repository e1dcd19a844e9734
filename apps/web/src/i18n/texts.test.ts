/**
 * Both languages say everything: the same keys (plural forms aside), the same placeholders, no empty text, and
 * no Japanese text left in English.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en/index';
import { ja } from './ja/index';

type Tree = { [k: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Keys without their plural suffix → every form's text. */
function byBase(texts: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of texts) {
    const base = k.replace(PLURAL, '');
    out.set(base, [...(out.get(base) ?? []), v]);
  }
  return out;
}

const placeholders = (forms: string[]) => [...new Set(forms.flatMap((f) => [...f.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!)))].sort();

/** Latin words a Japanese text may keep: the game's name and technical abbreviations. */
const KEEP = new Set(['VRoyale', 'Online', 'ID', 'URL', 'JSON', 'OK', 'VTuber', 'Esc', 'Enter', 'Space', 'Tab', 'Shift']);

/** What of a Japanese text is still English: Latin words of two letters or more, minus placeholders and KEEP. */
export function untranslated(text: string): string[] {
  const bare = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?\w+\s*\/?>/g, ' ');
  return [...bare.matchAll(/[A-Za-z][A-Za-z'’-]+/g)].map((m) => m[0]).filter((w) => !KEEP.has(w));
}

describe('interface texts in both languages', () => {
  const e = byBase(flatten(en as unknown as Tree));
  const j = byBase(flatten(ja as unknown as Tree));

  it('has the same keys in English and Japanese', () => {
    expect([...j.keys()].filter((k) => !e.has(k))).toEqual([]);
    expect([...e.keys()].filter((k) => !j.has(k))).toEqual([]);
  });

  it('keeps every placeholder', () => {
    const wrong = [...e].filter(([k, forms]) => j.has(k) && placeholders(forms).join() !== placeholders(j.get(k)!).join()).map(([k]) => k);
    expect(wrong).toEqual([]);
  });

  it('leaves nothing empty and nothing Japanese in English', () => {
    expect([...flatten(en as unknown as Tree)].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    expect([...flatten(ja as unknown as Tree)].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    const left = [...flatten(ja as unknown as Tree)].map(([k, v]) => [k, untranslated(v)] as const).filter(([, w]) => w.length > 0);
    expect(left).toEqual([]);
  });

  it('finds what is left in English (the check can fail)', () => {
    expect(untranslated('ルーム {{id}} に Return')).toEqual(['Return']);
    expect(untranslated('VRoyale へようこそ <b>{{name}}</b>')).toEqual([]);
  });
});
