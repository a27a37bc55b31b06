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
export type { MatchRecord, MatchSource, NewMatchEvent, StoredMatchEvent } from './model/match-record.js';

// The store: load a match (record and folded state); creating one: played here, or imported from a file.
export { MatchStore, type LoadedMatch } from './core/match-store.js';
export { MatchesService, checkMatchTerms, type ArrangedMatchTerms } from './core/matches.service.js';

// Acting on a match as a player, and hearing of every committed write on any node (the house bots, docs/bots.md):
// the matches waiting for given players, the action and the refusal that says another action got in first.
export { MatchActionsService } from './core/match-actions.service.js';
export type { MatchAction } from './core/match-action.js';
export { MatchFeed } from './core/match-feed.js';
export { PendingDecisionsRepository, type PendingDecision } from './read/pending-decisions.repository.js';
// The matches not over in which an account has a part (an account's departure, docs/accounts.md).
export { OpenMatchesRepository, type OpenMatchOfAccount } from './read/open-matches.repository.js';
export { NotAPlayerError, VersionConflictError } from './model/match.errors.js';
export { isOver } from './model/match-status.js';
// Every match of an account with its events (the export of an account's data, docs/accounts.md).
export { AccountMatches, type AccountMatch } from './read/account-matches.js';

// What the API answers with.
export type { MatchView } from './view/match-view.js';
export { colourOf } from './model/seats.js';
export { deadlinePassed } from './model/match-clock.js';
export { playerOf, positionIdOf } from './view/match-presenter.js';

// A match id in a path, checked where the request comes in (404 `match-not-found` for one that is no UUID).
export { MatchIdPipe } from './http/match-id.pipe.js';

// The OpenAPI models other modules' documents refer to.
export { MatchFormatDto, MatchRulesDto } from './http/dto/create-match.dto.js';
export { MATCH_EVENT_MODELS, MATCH_EVENT_SCHEMAS, eventSchemaRef } from './http/dto/match-event.dto.js';
export { MatchStateDto } from './http/dto/match-state.dto.js';
// The node's count of live streams per account and address, which every live stream of the service shares.
export { StreamSlots, streamHolder, type StreamHolder } from './live/stream-slots.js';
// Side events pushed to matches' and players' live streams on every node (a match message, a warning).
export { LiveNotices, type LiveNotice } from './live/live-notices.js';
// The query shapes other logs' reads and streams share (a page of events after a version; where a stream resumes).
export { EventsQueryDto, StreamQueryDto } from './http/dto/list-query.dto.js';
// What the module tells its consumers of its matches (notifications), read in the consumer's transaction.
export {
  readDueDeadlines,
  readMatchFacts,
  readTurnStates,
  type MatchFacts,
  type Party,
  type RemindedDeadline,
  type TurnState,
} from './read/match-facts.repository.js';
// What a player's rated wins cost their opponents: the moderators' rating refunds (docs/moderation.md).
export { ratedLossesTo, type RatedLoss } from './read/rated-losses.repository.js';
export { recentMatchesOf, type RecentMatch } from './read/recent-matches.repository.js';
