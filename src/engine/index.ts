/**
 * The rules engine's public API, in the manner of lichess's chessops: code
 * outside src/engine imports from this module only (src/engine/purity.spec.ts
 * checks it). Everything else under src/engine is internal: the move
 * generator's typed-array boards and search, the transitions of the match
 * state machine, the notation codecs' bit fiddling. Test helpers (random
 * matches, seeded PRNG) have their own entry, src/engine/testing/index.ts.
 * Inside, imports run down the engine's layers (layers.spec.ts says which).
 *
 * Pure TypeScript: no Nest, Prisma or I/O (dice.ts uses node:crypto).
 */

// Values: variants, colours, the board's numbering (docs/rules.md "Numbering").
export {
  BAR,
  CHECKERS_PER_SIDE,
  COLOURS,
  OFF,
  POINTS,
  VARIANTS,
  opponentOf,
  type Colour,
  type Dice,
  type Die,
  type Move,
  type Play,
  type Position,
  type SideBoard,
  type Variant,
} from './types.js';

// Positions as values (docs/architecture.md "Board JSON").
export {
  initialPosition,
  makePosition,
  opponentPoint,
  pipCount,
  positionFromJson,
  positionHash,
  positionKey,
  positionsEqual,
  sideBoard,
  sideFromCounts,
  swapSides,
  validatePosition,
  type PositionJson,
  type PositionRefusal,
  type PositionRefusalCode,
  type SideJson,
} from './board.js';

// Legal plays and the validation of a submitted play (C1-C5, B3-B5, N2-N6).
export { InvalidInputError, legalPlays, type LegalPlayOptions } from './legal-plays.js';
export { validatePlay, type PlayRefusal, type PlayValidation } from './play-validation.js';
// A play made step by step, as a board UI builds it: the single-die steps that may come next.
export { stepsAfter, stepsOfPlay, type PlayStep, type StepsAfter } from './play-steps.js';
export { positionAfterMoves } from './moves-on-board.js';

// Pubeval, Tesauro's linear evaluator: the yardstick of the house bots' strength (backgammon).
export { PUBEVAL_ALL_OFF, isRace, pubevalPlay, pubevalScore } from './pubeval.js';

// Notation: gnubg Position ID and Match ID, XGID, FIBS boards (gnubg's external mode), gnubg move text, .mat text; whole matches as .mat files (match-files/).
export { NOTATION_ERROR_CODES, NotationError, type NotationErrorCode } from './notation/notation-error.js';
export {
  POSITION_ID_LENGTH,
  decodePositionId,
  encodePositionId,
  gnubgBoardToPosition,
  positionToGnubgBoard,
  type GnubgBoard,
} from './notation/position-id.js';
export {
  MATCH_ID_GAME_STATES,
  MATCH_ID_LENGTH,
  MATCH_ID_RESIGNATIONS,
  MAX_MATCH_ID_CUBE,
  MAX_MATCH_LENGTH,
  decodeMatchId,
  encodeMatchId,
  type MatchIdFields,
  type MatchIdGameState,
  type MatchIdPlayer,
  type MatchIdResignation,
} from './notation/match-id.js';
export {
  XGID_DECISIONS,
  decodeXgid,
  encodeXgid,
  xgidToGnubg,
  type XgSide,
  type XgidDecision,
  type XgidFields,
} from './notation/xgid.js';
export { FIBS_BOARD_NUMBERS, encodeFibsBoard, type FibsBoardFields } from './notation/fibs-board.js';
export { MoveTextError, formatPlay, parseMoveText, tryParseMoveText } from './move-text.js';
export { writeMat, type MatWriteInput } from './match-files/mat.js';
export {
  MatSyntaxError,
  parseMat,
  type MatAction,
  type MatDocument,
  type MatGame,
  type MatSide,
  type MatSyntaxReason,
} from './notation/mat-parse.js';
export { MatImportError, matToEvents, readMat, type MatImport } from './match-files/mat-events.js';

// Provably fair dice (docs/architecture.md "Dice", docs/dice-fairness.md).
export {
  DICE_ALGORITHM,
  REJECT_FROM,
  SEED_BYTES,
  byteToDie,
  commitment,
  deriveDiceSequence,
  deriveOpeningThrow,
  deriveRoll,
  diceBlock,
  diceMessage,
  generateServerSeed,
  verifyCommitment,
  verifyThrows,
  type DiceContext,
  type FairnessMismatch,
  type FairnessVerdict,
  type OpeningThrow,
  type RecordedThrow,
} from './dice.js';

// Rule options, the cube, results and scoring (M1-M5, B6, N3, N7).
export {
  DEFAULT_RULES,
  effectiveRules,
  resolveRules,
  type NextGameStarter,
  type RulesOptions,
  type RulesProblem,
} from './rules-options.js';
export {
  CENTRED_CUBE,
  MAX_CUBE,
  cubeCeiling,
  doubleCanMatter,
  type CubeOffer,
  type CubeOwner,
  type CubeRefusalReason,
  type CubeState,
} from './cube.js';
export { RESULT_KINDS, gameResult, type GameResultValue, type ResultKind, type ResultMultiplier } from './result.js';
export { type GameEndReason, type GameOutcome, type MatchProgress, type MatchScore } from './scoring.js';

// A match as the fold of its events (docs/architecture.md "Match event model", "Match state JSON").
export {
  isFinalEvent,
  throwsIn,
  type LoggedThrow,
  MATCH_EVENT_TYPES,
  type AbortEvent,
  type DeclineEvent,
  type BeaverEvent,
  type ColourBoard,
  type DoubleEvent,
  type DropEvent,
  type GameEndEvent,
  type JoinEvent,
  type LeaveEvent,
  type MatchEndEvent,
  type MatchEndReason,
  type MatchEvent,
  type MatchEventType,
  type MatchResult,
  type OpeningRollEvent,
  type PlayEvent,
  type ResignEvent,
  type ResignationAcceptEvent,
  type ResignationOffer,
  type ResignationRejectEvent,
  type RollEvent,
  type TakeEvent,
  type TimeoutEvent,
} from './events.js';
export {
  positionFor,
  toAct,
  type GameState,
  type LastPlay,
  type MatchConfig,
  type MatchState,
  type MatchStatus,
  type NewMatchOptions,
  type Phase,
  type PhaseKind,
  type ResumablePhase,
} from './match-state.js';
export { type ApplyResult, type Refusal, type RefusalReason } from './apply-result.js';
export { IllegalEventError, apply, applyCommand, applyOrThrow, legalActions, newMatch } from './apply.js';
export { foldEvents, replay, type FoldStep, type FoldVisitor } from './fold.js';
export { playEventFor } from './transitions/plays.js';
export { recordsDue } from './transitions/records.js';

// What a match's log reads as: its games and their turns (docs/architecture.md "Games and turns").
export { gamesAndTurns, type GameRecord, type TurnItem, type TurnRecord } from './games-and-turns.js';

// What the server adds after an event: records, the throws nobody chooses, forced plays
// (docs/architecture.md "Match state JSON", "Data flow").
export {
  betweenMoneyGames,
  followUps,
  nextThrowOrForcedPlay,
  type AppliedFollowUp,
  type DiceSource,
  type FollowUp,
  type FollowUpContext,
} from './follow-ups.js';

// The house bots' decisions (docs/bots.md): what the service needs to make one. Training, benches and
// tests reach the networks, the look-ahead and whole matches of bots through src/engine/training.
export {
  BOT_LEVELS,
  STRONG_PLIES,
  botDecision,
  type BotDecision,
  type BotDecisionOptions,
  type BotLevel,
} from './bot/bot-decision.js';
// A match state as a worker thread receives it (the service's house-bot decisions run in worker threads).
export { portableState, restoredState, type PortableMatchState } from './bot/portable-state.js';
export { mulberry32 } from './prng.js';

// A match's analysis by the service's own network (docs/analysis.md): decisions, luck, each player's figures.
export type {
  AnalysedDecision,
  AnalysedGame,
  AnalysedRoll,
  AnalysisEngine,
  CubeChoice,
  DecisionKind,
  ErrorMark,
  MatchAnalysis,
  PlayerFigures,
} from './analysis/analysis.js';
export { analyseWithNetwork, NET_ENGINE_NAME, type NetAnalysisOptions } from './analysis/net-analysis.js';
export {
  analysisFromGnubg,
  GnubgReportMismatchError,
  type GnubgMatchReport,
  type GnubgPlayerStats,
  type GnubgRecord,
} from './analysis/gnubg-report.js';

// Tournaments (docs/tournaments.md): the terms, the log, its fold, the draw, what follows, the standings.
export {
  KNOCKOUT_MAX_PLAYERS,
  MIN_ENTRANTS,
  ROUND_ROBIN_MAX_PLAYERS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_MAX_LENGTH,
  roundLength,
  roundsOf,
  termsProblems,
  type TermsProblem,
  type TournamentFormat,
  type TournamentTerms,
} from './tournament/tournament-terms.js';
export type {
  AdvanceReason,
  TournamentEvent,
  TournamentEventType,
  TournamentPlayer,
} from './tournament/tournament-events.js';
export {
  allSlots,
  slotOfMatch,
  slotPlayers,
  type Entrant,
  type Slot,
  type SlotSide,
  type TournamentRound,
  type TournamentState,
  type TournamentStatus,
} from './tournament/tournament-state.js';
export {
  IllegalTournamentEventError,
  applyTournament,
  entriesOpen,
  foldTournament,
  newTournament,
  seedOrder,
  type TournamentApplyResult,
  type TournamentRefusal,
  type TournamentRefusalReason,
} from './tournament/apply-tournament.js';
export { bracketOrder } from './tournament/knockout-draw.js';
export {
  dueForfeits,
  dueMatches,
  nextFollowUp,
  tournamentFollowUps,
  type DueForfeit,
  type DueMatch,
} from './tournament/tournament-follow-ups.js';
export { standings, type Standing, type TieBreak } from './tournament/standings.js';
