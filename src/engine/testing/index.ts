/**
 * Test and benchmark helpers of the engine, for code outside src/engine
 * (tests, benches) only; never part of the service (kept out of dist/).
 * The engine's own specs import the helpers directly, including the gnubg
 * notation fixtures (testing/gnubg-notation.ts), which read fixture files
 * and so are not offered here.
 */
export { longSession, playRandomMatch, type Limits, type Played } from './random-match.js';
export { mulberry32 } from '../prng.js';
export { openingPlayed, playOf } from './known-events.js';
export { playEngineGame, playSeries, type EngineGame, type PlayChooser, type SeriesResult } from './engine-game.js';
export { randomPick, randomPlayer } from './random-player.js';
export { ORGANISER, TournamentRun, terms as tournamentTerms } from './tournament-run.js';
