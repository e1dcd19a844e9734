/**
 * Plays the generated sounds (public/sounds/*.wav, scripts/make-sounds.ts) through the Web Audio API. A lazy
 * chunk: imported the first time a sound is due, and each file is fetched the first time it is played.
 */
import type { Sound } from './decide';

let ctx: AudioContext | null = null;
const buffers = new Map<Sound, Promise<AudioBuffer | null>>();

function buffer(audio: AudioContext, name: Sound): Promise<AudioBuffer | null> {
  let b = buffers.get(name);
  if (!b) {
    b = fetch(`${import.meta.env.BASE_URL}sounds/${name}.wav`)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status}`))))
      .then((data) => audio.decodeAudioData(data))
      .catch(() => {
        buffers.delete(name); // try again next time
        return null;
      });
    buffers.set(name, b);
  }
  return b;
}

export async function play(name: Sound, volume: number): Promise<void> {
  if (typeof AudioContext === 'undefined') return;
  ctx ??= new AudioContext();
  // Browsers start audio suspended until the page has been interacted with; until then this stays quiet.
  if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
  const b = await buffer(ctx, name);
  if (!b) return;
  const src = ctx.createBufferSource();
  src.buffer = b;
  const gain = ctx.createGain();
  gain.gain.value = Math.max(0, Math.min(1, volume));
  src.connect(gain).connect(ctx.destination);
  src.start();
}
