/** The baseline bot: a uniformly random legal action, never conceding unless nothing else is legal. */
import { makeRng } from '../core/rng.js';
import type { Bot } from './types.js';

export const randomBot: Bot = ({ legal, seed }) => {
  if (legal.length === 0) throw new Error('randomBot: no legal action to choose from');
  const options = legal.filter((a) => a.type !== 'concede');
  const pool = options.length ? options : legal;
  return pool[Math.floor(makeRng(seed)() * pool.length)]!;
};
