/**
 * The tournaments module's face (docs/tournaments.md): code outside
 * src/tournaments imports from this file only. Inside: model/ (records,
 * errors), core/ (the store, the writer, the use cases, the progress and its
 * relay), view/ (what the API answers), live/ (the stream), http/.
 */
export { TournamentsModule } from './tournaments.module.js';
export { TournamentsService } from './core/tournaments.service.js';
export type { TournamentView } from './view/tournament-view.js';
// The open tournaments an account has entered (an account's departure withdraws them, docs/accounts.md).
export { OpenEntriesRepository } from './core/open-entries.repository.js';
// What the module tells its consumers of its tournaments (notifications), read in the consumer's transaction.
export { readTournamentsSince, type LoggedTournamentEvent } from './core/tournament-facts.repository.js';
