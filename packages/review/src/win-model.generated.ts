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
    0.060189,
    0.318621,
    -0.00827089,
    0.103368,
    0.0222569,
    0.292808,
    -0.134215,
    -0.0268182,
    3.22301,
    0.162113,
    0.314069,
    0.920324,
    -0.00348864
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
    }
  }
};
