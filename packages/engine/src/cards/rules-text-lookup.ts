import type { CardDef } from './schema.js';

/** How rules text finds a card it names (tokens, "search for X"): both languages' writers take one. */
export type RulesTextLookup = (id: string) => CardDef | undefined;
