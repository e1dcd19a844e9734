import { describe, expect, it } from 'vitest';
import { isHelpKey } from './help';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const el = (closest: (sel: string) => unknown, editable = false) => ({ isContentEditable: editable, closest }) as unknown as Element;

describe('the help shortcut', () => {
  it('opens on ? and F1, not with modifiers or other keys', () => {
    expect(isHelpKey(key('?'), null)).toBe(true);
    expect(isHelpKey(key('F1'), null)).toBe(true);
    expect(isHelpKey(key('?', { ctrlKey: true }), null)).toBe(false);
    expect(isHelpKey(key('/'), null)).toBe(false);
  });

  it('stays out of text fields and dialogs', () => {
    expect(
      isHelpKey(
        key('?'),
        el((sel) => (sel.includes('input') ? {} : null)),
      ),
    ).toBe(false);
    expect(
      isHelpKey(
        key('?'),
        el((sel) => (sel.includes('dialog') ? {} : null)),
      ),
    ).toBe(false);
    expect(
      isHelpKey(
        key('?'),
        el(() => null),
      ),
    ).toBe(true);
  });
});
