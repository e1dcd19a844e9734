import type { Action } from '../../actions/schema.js';

/** What one root search found per candidate action: shared by the search, halving and the turn tree. */
export interface RootStats {
  keys: string[];
  actions: Action[];
  visits: number[];
  totals: number[];
  iterations: number;
  /**
   * Each visit's reward by candidate, keyed by worker and visit number: with dealt hidden cards a candidate's
   * j-th visit sees the j-th deal of its worker, so two candidates' rewards under one key are a paired
   * comparison (`pairedGain`). Absent where the search does not record them (the turn tree).
   */
  samples?: Map<string, number>[];
}
