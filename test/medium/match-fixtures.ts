import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_RULES, type MatchEvent } from '../../src/engine/index.js';
import type { MatchProjection, NewMatchEvent, NewMatchRecord } from '../../src/matches/model/match-record.js';

/**
 * Rows for the matches store, as a test states them: the fixed terms, a
 * projection, and events. The values need not be a match the engine would
 * play; the store keeps what it is given (the service's tests play real ones).
 */

/** A new match's terms: a 5-point backgammon match by `creatorId` with a fresh id and dice seed. */
export function matchTerms(creatorId: string, overrides: Partial<NewMatchRecord> = {}): NewMatchRecord {
  const seed = randomBytes(32).toString('hex');
  return {
    id: randomUUID(),
    variant: 'backgammon',
    length: 5,
    rules: DEFAULT_RULES,
    daysPerTurn: 3,
    bankDays: 7,
    creatorId,
    invitedId: null,
    diceCommitment: createHash('sha256').update(seed).digest('hex'),
    diceSeed: seed,
    source: 'played',
    importedPlayers: null,
    rated: false,
    unratedReason: null,
    ...overrides,
  };
}

/** An open invitation's projection (nobody on turn, no clock running), with the given changes. */
export function projection(overrides: Partial<MatchProjection> = {}): MatchProjection {
  return {
    status: 'invited',
    whiteId: null,
    blackId: null,
    scoreWhite: 0,
    scoreBlack: 0,
    gameNumber: 1,
    crawford: false,
    cubeValue: 1,
    cubeOwner: null,
    turnColour: null,
    turnUserId: null,
    awaiting: null,
    clock: { turnStartedAt: null, deadline: null, bankMs: { white: 0, black: 0 } },
    winner: null,
    endReason: null,
    finishedAt: null,
    lastPlay: null,
    ...overrides,
  };
}

/** An event made by `actorId` (null: the server's own), with no Position ID. */
export function stored(
  event: MatchEvent,
  actorId: string | null = null,
  positionId: string | null = null,
): NewMatchEvent {
  return { event, actorId, positionId };
}

/** `minutes` after a fixed instant: distinct, ordered times for rows that sort by time. */
export function minute(minutes: number): Date {
  return new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);
}
