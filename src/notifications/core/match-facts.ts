// The facts a match's notifications are decided from, as the matches module tells them (its face).
export type { MatchFacts, Party } from '../../matches/index.js';
