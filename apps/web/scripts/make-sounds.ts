/**
 * Synthesizes the game's sounds into apps/web/public/sounds/ (run: `npx tsx apps/web/scripts/make-sounds.ts`).
 * Sines with short attack/decay envelopes and a little square for the thump: mono, 22,050 Hz, 8-bit PCM
 * WAV, all of them together well under 100 KB. Made here; CC0 (see public/sounds/README.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const OUT = fileURLToPath(new URL('../public/sounds/', import.meta.url));

type Wave = 'sine' | 'square' | 'triangle';
interface Note {
  /** Start, seconds. */
  at: number;
  /** Length, seconds. */
  len: number;
  /** Frequency, Hz; `to` glides there over the note. */
  hz: number;
  to?: number;
  wave?: Wave;
  gain?: number;
}

function osc(wave: Wave, phase: number): number {
  const x = phase % 1;
  if (wave === 'square') return x < 0.5 ? 1 : -1;
  if (wave === 'triangle') return 1 - 4 * Math.abs(x - 0.5);
  return Math.sin(2 * Math.PI * x);
}

function render(notes: Note[]): Float32Array {
  const total = Math.max(...notes.map((n) => n.at + n.len));
  const out = new Float32Array(Math.ceil(total * RATE));
  for (const n of notes) {
    const start = Math.round(n.at * RATE);
    const count = Math.round(n.len * RATE);
    let phase = 0;
    for (let i = 0; i < count && start + i < out.length; i++) {
      const t = i / count;
      const hz = n.to ? n.hz + (n.to - n.hz) * t : n.hz;
      phase += hz / RATE;
      // 5 ms attack, then an exponential fall: a chime, not a beep.
      const env = Math.min(1, i / (0.005 * RATE)) * Math.exp(-4.5 * t) * (1 - t);
      // A quiet octave above gives the sine some sparkle.
      const v = osc(n.wave ?? 'sine', phase) + (n.wave ? 0 : 0.25 * osc('sine', phase * 2));
      out[start + i]! += v * env * (n.gain ?? 0.5);
    }
  }
  return out;
}

/** 8-bit unsigned PCM, mono. */
function wav(samples: Float32Array): Buffer {
  const b = Buffer.alloc(44 + samples.length);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples.length, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(RATE, 24);
  b.writeUInt32LE(RATE, 28); // bytes per second
  b.writeUInt16LE(1, 32); // block align
  b.writeUInt16LE(8, 34); // bits per sample
  b.write('data', 36);
  b.writeUInt32LE(samples.length, 40);
  for (let i = 0; i < samples.length; i++) b[44 + i] = Math.round(128 + 127 * Math.max(-1, Math.min(1, samples[i]!)));
  return b;
}

const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const A5 = 880;
const C6 = 1046.5;
const G4 = 392;
const Eb4 = 311.13;
const C4 = 261.63;

const SOUNDS: Record<string, Note[]> = {
  // Your turn: two rising notes.
  turn: [
    { at: 0, len: 0.16, hz: E5 },
    { at: 0.1, len: 0.24, hz: A5 },
  ],
  // A decision waiting on you: one soft ping.
  prompt: [{ at: 0, len: 0.16, hz: C6, gain: 0.4 }],
  // Combat damage: a short falling thump.
  damage: [
    { at: 0, len: 0.14, hz: 180, to: 70, wave: 'square', gain: 0.35 },
    { at: 0, len: 0.1, hz: 90, to: 50, wave: 'triangle', gain: 0.5 },
  ],
  // The match won: a rising arpeggio.
  win: [
    { at: 0, len: 0.2, hz: C5 },
    { at: 0.1, len: 0.2, hz: E5 },
    { at: 0.2, len: 0.2, hz: G5 },
    { at: 0.3, len: 0.32, hz: C6 },
  ],
  // The match lost: a falling minor arpeggio.
  lose: [
    { at: 0, len: 0.22, hz: G4 },
    { at: 0.14, len: 0.22, hz: Eb4 },
    { at: 0.28, len: 0.34, hz: C4 },
  ],
  // Your clock is running low: two quick ticks.
  clock: [
    { at: 0, len: 0.06, hz: 1400, wave: 'triangle', gain: 0.45 },
    { at: 0.12, len: 0.06, hz: 1400, wave: 'triangle', gain: 0.45 },
  ],
};

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [name, notes] of Object.entries(SOUNDS)) {
  const data = wav(render(notes));
  writeFileSync(`${OUT}${name}.wav`, data);
  total += data.length;
  console.log(`${name}.wav: ${data.length} bytes`);
}
console.log(`total: ${total} bytes`);
