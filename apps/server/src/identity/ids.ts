/** Random identifiers. Room ids double as private invitation links, so they must be unguessable. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 12 random bytes (96 bits) as 16 base64url characters. */
export const newRoomId = (): string => randomBytes(12).toString('base64url');
export const newMatchId = (): string => `m_${randomBytes(9).toString('base64url')}`;
export const newUserId = (): string => `u_${randomBytes(9).toString('base64url')}`;
/** A session token: 32 random bytes. Only its hash is stored, so a leaked database holds no live tokens. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
/** The match seed decides every shuffle: it never leaves the server before the match has ended. */
export const newSeed = (): string => randomBytes(16).toString('hex');

let scripted = 0;
/** A match seed: random, or with config.matchSeed set (measurements, tests) `<matchSeed>:<n>` for the n-th match. */
export const matchSeed = (fixed: string | null): string => (fixed === null ? newSeed() : `${fixed}:${scripted++}`);
/** An index in [0, n): random, or with config.matchSeed set, fixed by it (the bot's roster in a scripted match). */
export const scriptedOr = (fixed: string | null, n: number): number =>
  fixed === null ? uniformInt(0, n - 1) : Number(BigInt(`0x${hashToken(fixed).slice(0, 12)}`) % BigInt(n));
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A uniform integer in [min, max] from the OS generator (nothing about a match can predict it). */
export const uniformInt = (min: number, max: number): number => (max <= min ? min : randomInt(min, max + 1));
