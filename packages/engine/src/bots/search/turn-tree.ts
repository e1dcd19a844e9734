/** Moved to bots/experiments/turn-tree.ts (no level uses it); kept for the tests that import this path. */
export * from '../experiments/turn-tree.js';
