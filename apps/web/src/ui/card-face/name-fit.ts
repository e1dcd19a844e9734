/**
 * The size a card's name is drawn at so that it is never cut off: the largest font size (in `cqw`, hundredths of
 * the card's width) at which the name wraps into at most two lines of the name box. The card face is sized in
 * `cqw` throughout, so the answer depends on the name alone, never on how wide a zone draws the card: it is
 * computed once per name and reused at every size.
 *
 * Text is measured with a canvas in the card's own font where there is one (the browser); elsewhere (server-side
 * rendering in tests) from an average glyph width, which errs on the small side.
 */

/** The name box: its width in cqw beside the cost gem, and the largest size a short name is drawn at. */
export const NAME_BOX_CQW = 70;
export const NAME_MAX_CQW = 11.5;
const NAME_MIN_CQW = 5.2;
const LINES = 2;
/** Bold sans-serif glyphs average about this much of the font size; a safe over-estimate for Latin text. */
const AVERAGE_GLYPH = 0.62;
/** Room kept spare on each line (fonts differ a little between the measuring canvas and the page). */
const SLACK = 0.94;

let ctx: CanvasRenderingContext2D | null | undefined;
function canvas(): CanvasRenderingContext2D | null {
  if (ctx !== undefined) return ctx;
  ctx = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
  if (ctx) ctx.font = `800 100px ${getComputedStyle(document.documentElement).fontFamily || 'sans-serif'}`;
  return ctx;
}

/** Width of `text` for a font size of 1 (so a size of f draws it f times as wide). */
function widthAt1(text: string): number {
  const c = canvas();
  if (c) return c.measureText(text).width / 100;
  let w = 0;
  for (const ch of text) w += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 1 : ch === ' ' ? 0.3 : AVERAGE_GLYPH;
  return w;
}

/**
 * Pieces a line may break between: words (kept with a trailing hyphen or comma), and each character of
 * Japanese text, which wraps anywhere.
 */
export function breakPieces(name: string): string[] {
  const out: string[] = [];
  for (const word of name.split(/(?<=[\s-])/)) {
    if (/[\u3000-\u9fff\uff00-\uffef]/.test(word)) out.push(...[...word]);
    else out.push(word);
  }
  return out.filter((p) => p.length > 0);
}

/** How many lines `pieces` take at this size, greedily filled (as the browser wraps). */
function linesAt(pieces: readonly { w: number; space: number }[], size: number, box: number): number {
  let lines = 1;
  let used = 0;
  for (const p of pieces) {
    const w = p.w * size;
    if (w > box) return Infinity;
    if (used > 0 && used + w > box) {
      lines++;
      used = 0;
    }
    used += w + p.space * size;
  }
  return lines;
}

const cache = new Map<string, number>();

/** The name's font size in cqw (between NAME_MIN_CQW and NAME_MAX_CQW). */
export function nameSize(name: string): number {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const pieces = breakPieces(name).map((p) => {
    const trimmed = p.trimEnd();
    return { w: widthAt1(trimmed), space: p.length > trimmed.length ? widthAt1(' ') : 0 };
  });
  const box = NAME_BOX_CQW * SLACK;
  let size = NAME_MAX_CQW;
  while (size > NAME_MIN_CQW && linesAt(pieces, size, box) > LINES) size = Math.round((size - 0.2) * 100) / 100;
  cache.set(name, size);
  return size;
}
