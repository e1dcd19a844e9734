/**
 * Display names are shown to strangers (seats, lobby, chat), so the server accepts only names that look like
 * what they are. A name is NFC-normalised (the same letters typed on two keyboards are the same name), trimmed,
 * its runs of spaces collapsed, and then refused with a reason when it holds characters that are invisible or
 * that reorder the text around them (a bidi override can make "Aiko" render as something else), control
 * characters, or broken UTF-16; or when it passes itself off as the server's bot ("Bot (strongBot)").
 * The web app may run the same schema to explain a refusal before sending.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the invisible marks LRM/RLM/ALM. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Zero-width space/joiners, word joiner, BOM, and every other invisible format character (Unicode Cf). */
const INVISIBLE = /\p{Cf}/u;
/** C0 and C1 controls, DEL, and the line/paragraph separators (a name is one line). */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Half of a surrogate pair without the other: not a character at all. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Look-alikes that survive NFKC (which already folds fullwidth Ｂｏｔ and mathematical 𝐁𝐨𝐭): Cyrillic and Greek
 * letters drawn like b, o, t, and the digit zero.
 */
const CONFUSABLE: Record<string, string> = { в: 'b', β: 'b', ь: 'b', о: 'o', ο: 'o', σ: 'o', '0': 'o', т: 't', τ: 't' };

/** The name as a reader might take it: compatibility-folded, lower case, accents dropped, look-alikes mapped. */
export function nameSkeleton(name: string): string {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()].map((c) => CONFUSABLE[c] ?? c).join('');
}

/**
 * Names whose first word reads "bot" are the server bot's ("Bot (strongBot)"), in any case or disguise:
 * "bot", "BOT 2", "B0t", "Вот", "Ｂｏｔ", "[bot] Mika". A name that merely starts with those letters ("Botan") is
 * a name.
 */
export function impersonatesBot(name: string): boolean {
  return /^[^\p{L}\p{N}]*bot(?![\p{L}\p{N}])/u.test(nameSkeleton(name));
}

/**
 * NFC, trimmed, inner runs of spaces and tabs as one space. Only those: JavaScript's \s also matches line
 * breaks and U+FEFF, which inside a name must be refused, not quietly turned into spaces.
 */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFC')
    .trim()
    .replace(/[\p{Zs}\t]+/gu, ' ');
}

/** Why a normalised name is refused, or null when it is fine. */
export function nameProblem(name: string): string | null {
  if (LONE_SURROGATE.test(name)) return 'contains a broken character (an unpaired UTF-16 surrogate)';
  if (CONTROL.test(name)) return 'must not contain control characters or line breaks';
  if (BIDI.test(name)) return 'must not contain text-direction controls (bidi overrides or isolates)';
  if (INVISIBLE.test(name)) return 'must not contain invisible characters (zero-width spaces, joiners, BOM)';
  if (impersonatesBot(name)) return "names starting with 'Bot' are reserved for the server's bot";
  return null;
}

export const DisplayName = z
  .string()
  // Bounds the work of normalising; the real limit applies to the normalised name below.
  .max(LIMITS.nameMax * 4)
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(1, 'a name is required')
      .max(LIMITS.nameMax)
      .superRefine((name, ctx) => {
        const problem = nameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: `the name ${problem}` });
      }),
  );
