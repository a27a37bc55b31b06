/**
 * A whole match as a small .mat file (a 1-point match won by a drop): the example of the import's
 * OpenAPI description, and the file the import pool reads at boot to warm its worker (import-pool.ts).
 */
export const MAT_EXAMPLE = [
  '; [Player 1 "alice"]',
  '; [Player 2 "bob"]',
  '; [Variation "Backgammon"]',
  '; [Crawford "On"]',
  '',
  ' 1 point match',
  '',
  ' Game 1',
  ' alice : 0                      bob : 0',
  '  1) 31: 8/5 6/5                 64: 24/18 13/9 ',
  '  2)  Doubles => 2                Drops',
  '      Wins 1 point',
  '',
].join('\n');
