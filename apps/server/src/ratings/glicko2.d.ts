/** The few parts of mmai's glicko2js (CommonJS, no types of its own) that ratings/glicko.ts uses. */
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: 'newprocedure' | 'oldprocedure' | 'newprocedure_mod';
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** outcome from player1's side: 1 win, 0.5 draw, 0 loss. */
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
