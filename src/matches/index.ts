/**
 * The matches module's public face (docs/architecture.md, "The matches
 * module"), as src/engine/index.ts is the engine's: code outside src/matches
 * imports from this file only (src/architecture.spec.ts checks it). Inside,
 * the folders draw the module: model/ (records, errors, the clock), view/
 * (what the API answers with), core/ (the store, the versioned append, the
 * commands), read/ (lists and history), live/ (streams), http/
 * (controllers and DTOs).
 */

// The Nest module, for the composition root and the modules built on matches.
export { MatchesModule } from './matches.module.js';

// The match as stored, and the events of its log.
export type {
  MatchRecord,
  MatchSource,
  NewMatchEvent,
  NewMatchRecord,
  StoredMatchEvent,
} from './model/match-record.js';
export { newClock } from './model/match-clock.js';

// The store: load a match (record and folded state), create one.
export { MatchStore, type LoadedMatch } from './core/match-store.js';
export { projectionOf } from './core/match-projection.js';

// What the API answers with.
export type { MatchView } from './view/match-view.js';
export { colourOf } from './model/seats.js';
export { playerOf, positionIdOf, presentMatch } from './view/match-presenter.js';

// The OpenAPI models other modules' documents refer to.
export { MatchFormatDto, MatchRulesDto } from './http/dto/create-match.dto.js';
export { MATCH_EVENT_MODELS, MATCH_EVENT_SCHEMAS, eventSchemaRef } from './http/dto/match-event.dto.js';
export { MatchStateDto } from './http/dto/match-state.dto.js';
