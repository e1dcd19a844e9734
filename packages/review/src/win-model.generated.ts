// Written by packages/review/bench/fit-win-model.ts (npm run review:fit): do not edit by hand.
export const FITTED = {
  "features": [
    "sanity",
    "lowSanityExtra",
    "character",
    "atk",
    "hp",
    "hand",
    "star",
    "tilted",
    "cardCondition",
    "keywords",
    "support",
    "rosterShort",
    "tempo"
  ],
  "coefficients": [
    0.0367376,
    0.194477,
    -0.00504831,
    0.0630929,
    0.013585,
    0.178722,
    -0.0819206,
    -0.016369,
    1.96723,
    0.0989489,
    0.191699,
    0.561739,
    -0.00212937
  ],
  "fit": {
    "command": "npm run review:fit",
    "normal": 200,
    "hard": 16,
    "seed": "review-fit",
    "holdout": 5,
    "games": 216,
    "positions": {
      "train": 76198,
      "test": 16460
    },
    "temperature": {
      "folds": 5,
      "scale": 0.610371
    }
  }
};
