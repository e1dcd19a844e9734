/**
 * Password hashing: argon2id through @node-rs/argon2 (napi-rs, prebuilt binaries, no install script, the hash runs
 * on libuv's thread pool so the event loop keeps serving). Parameters are OWASP's first argon2id choice,
 * m = 19 MiB, t = 2, p = 1 (Password Storage Cheat Sheet): about 20-40 ms on one core, memory-hard enough that a
 * GPU farm gains little, and 19 MiB per concurrent login keeps a burst of logins far from the server's memory.
 * They are also the library's defaults; they are written out so a library update cannot change them silently.
 * The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) carries them, so old hashes still verify after a change.
 */
import { hash as argonHash, verify as argonVerify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum in the library's types, which isolatedModules cannot read). */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for anything that is not an argon2 PHC string (never throws). */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await argonVerify(phc, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a password nobody knows, with the same parameters: a login for an unknown username verifies
 * against it, so the answer takes as long as a wrong password for a real account (no username probing by timing).
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$G/W4MyIC8NOxUoS6px9HaumMnanrhhfsmRnjc48Z8aY';

export type Verifier = (phc: string, password: string) => Promise<boolean>;

/**
 * The one way credentials are checked: exactly one argon2 verify whatever the username, against the account's
 * hash or `DUMMY_HASH`. Returns the account only when it exists and the password matches.
 */
export async function checkCredentials<A extends { passwordHash: string }>(
  account: A | null,
  password: string,
  verify: Verifier = verifyPassword,
): Promise<A | null> {
  const ok = await verify(account?.passwordHash ?? DUMMY_HASH, password);
  return ok && account ? account : null;
}
