/**
 * The bots module's face (docs/bots.md): the house bots' worker, and GNU Backgammon's settings and
 * analysis script, which the analysis module runs (docs/analysis.md). Code outside src/bots
 * imports from this file only (src/architecture.spec.ts checks it).
 */
export { BotsModule } from './bots.module.js';
export { gnubgSettings } from './gnubg/gnubg-settings.js';
export { analyseWithGnubg } from './gnubg/analysis/gnubg-analyser.js';
