/**
 * A contact sheet of every card's art (run: `npx tsx apps/web/scripts/art-sheet.ts [out.png]`): each card at
 * 250 px wide with its name, and again at 50 px, to look at in one picture (default
 * docs/screenshots/card-art.png). Renders the same SVG the app does (src/ui/art/render.ts) in Chromium;
 * `apt-get install pngquant` makes the PNG three times smaller.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { cardPool } from '@vroyale/cards';
import { artSvg } from '../src/ui/art/render';

const out = process.argv[2] ?? fileURLToPath(new URL('../../../docs/screenshots/card-art.png', import.meta.url));
const ORDER = ['leader', 'character', 'highlight', 'event', 'asset'];
const cards = Object.values(cardPool).sort(
  (a, b) => Number(!!a.token) - Number(!!b.token) || ORDER.indexOf(a.types[0]!) - ORDER.indexOf(b.types[0]!) || a.id.localeCompare(b.id),
);
const uri = (s: string) => `data:image/svg+xml;base64,${Buffer.from(s).toString('base64')}`;
const cells = cards
  .map((c) => {
    const src = uri(artSvg(c));
    return `<figure><img class="big" src="${src}"><figcaption><img class="small" src="${src}"><span>${c.name}<br><b>${c.nameJa ?? ''}</b> · ${c.colour ?? ''} ${c.rarity}</span></figcaption></figure>`;
  })
  .join('');
const html = `<!doctype html><meta charset="utf-8"><style>
body{margin:0;padding:10px;background:#14121f;color:#ddd;font:11px "Noto Sans CJK JP",sans-serif;display:grid;grid-template-columns:repeat(9,172px);gap:8px}
figure{margin:0}.big{width:172px;height:103px;display:block;border-radius:6px;object-fit:cover}
figcaption{display:flex;gap:5px;align-items:center;margin-top:3px}.small{width:50px;height:30px;border-radius:3px;object-fit:cover;flex:none}
b{font-weight:400;color:#fff}</style>${cells}`;
const page = fileURLToPath(new URL('../../../test-results/card-art.html', import.meta.url));
writeFileSync(page, html);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const tab = await browser.newPage({ viewport: { width: 1600, height: 800 } });
await tab.goto(`file://${page}`);
await tab.waitForFunction(() => [...document.images].every((i) => i.complete));
await tab.screenshot({ path: out, fullPage: true });
await browser.close();
// Gradients and patterns make a big PNG (2.6 MB); 256 colours look the same at a third of it, where pngquant is installed.
if (existsSync('/usr/bin/pngquant')) spawnSync('/usr/bin/pngquant', ['256', '--speed', '1', '--force', '--output', out, out]);
console.log(JSON.stringify({ cards: cards.length, out, bytes: statSync(out).size }));
