/**
 * How far two review runs' verdicts on the same games differ (`npm run bench:review -- … --verdicts a.jsonl`, then
 * again with another budget into b.jsonl): `tsx packages/review/bench/verdict-diff.ts a.jsonl b.jsonl`. Per level
 * and in all, over the decisions both judged: the same mark, the same suggestion, the mean |Δ loss|, and the marks
 * each run gave. To read beside the bench's stability figure (one budget against itself on other deals): a change
 * of budget that moves verdicts no more than other deals do costs no quality that these games can show.
 */
import { readFileSync } from 'node:fs';

interface Verdict {
  game: number;
  index: number;
  level: string;
  loss: number;
  mark: string | null;
  best: string;
}

const read = (file: string): Map<string, Verdict> =>
  new Map(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Verdict)
      .map((v) => [`${v.game}:${v.index}`, v] as const),
  );

const [fa, fb] = process.argv.slice(2);
if (!fa || !fb) throw new Error('usage: verdict-diff.ts a.jsonl b.jsonl');
const a = read(fa);
const b = read(fb);
const rows = new Map<string, { n: number; sameMark: number; sameBest: number; absLoss: number; marksA: number[]; marksB: number[] }>();
const MARKS = ['inaccuracy', 'mistake', 'blunder'];
for (const [k, va] of a) {
  const vb = b.get(k);
  if (!vb) continue;
  for (const level of [va.level, 'all']) {
    const r = rows.get(level) ?? { n: 0, sameMark: 0, sameBest: 0, absLoss: 0, marksA: [0, 0, 0], marksB: [0, 0, 0] };
    r.n++;
    if (va.mark === vb.mark) r.sameMark++;
    if (va.best === vb.best) r.sameBest++;
    r.absLoss += Math.abs(va.loss - vb.loss);
    if (va.mark) r.marksA[MARKS.indexOf(va.mark)]!++;
    if (vb.mark) r.marksB[MARKS.indexOf(vb.mark)]!++;
    rows.set(level, r);
  }
}
console.log(`${a.size} and ${b.size} judged decisions, ${rows.get('all')?.n ?? 0} in both`);
for (const [level, r] of rows)
  console.log(
    `${level}: same mark ${r.sameMark}/${r.n} (${((100 * r.sameMark) / r.n).toFixed(1)}%), same suggestion ${((100 * r.sameBest) / r.n).toFixed(1)}%, mean |Δ loss| ${(r.absLoss / r.n).toFixed(2)} points; marks (inaccuracy/mistake/blunder) ${r.marksA.join('/')} → ${r.marksB.join('/')}`,
  );
