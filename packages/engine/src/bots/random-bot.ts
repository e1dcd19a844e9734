/** The baseline bot: a uniformly random legal action, never conceding unless nothing else is legal. */
import { makeRng } from '../core/rng.js';
import { realise } from '../actions/offers.js';
import type { Bot } from './types.js';

/** An offered declaration is answered with a uniformly random legal one. */
export const randomBot: Bot = ({ legal, seed }) => {
  if (legal.length === 0) throw new Error('randomBot: no legal action to choose from');
  const options = legal.filter((a) => a.type !== 'concede');
  const pool = options.length ? options : legal;
  const rng = makeRng(seed);
  return realise(pool[Math.floor(rng() * pool.length)]!, rng);
};
