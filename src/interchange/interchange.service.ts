/**
 * Match interchange (docs/architecture.md, "Interchange"): a match written
 * out as a Jellyfish .mat file (as GNU Backgammon reads it; long nardy in the
 * same layout) or as the JSON document of its whole event log, and a file of
 * either kind read into a new match: finished, read-only, unrated, with
 * nobody seated, its players named as the file names them and the importer
 * as its creator. Every event of an import is judged by the engine first;
 * a file it refuses stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import {
  apply,
  commitment,
  generateServerSeed,
  MatImportError,
  newMatch,
  readMat,
  writeMat,
  type Colour,
  type MatchState,
} from '../engine/index.js';
import { newClock } from '../matches/match-clock.js';
import { positionIdOf, presentMatch } from '../matches/match-presenter.js';
import { projectionOf } from '../matches/match-projection.js';
import type { MatchRecord, NewMatchEvent, NewMatchRecord, StoredMatchEvent } from '../matches/match-record.js';
import { MatchStore } from '../matches/match-store.js';
import type { MatchView } from '../matches/match-view.js';
import { UserNotFoundError } from '../users/user.errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { InvalidMatchFileError } from './interchange.errors.js';
import type { MatchFile } from './match-file.pipe.js';
import { matchLogOf, readMatchLog, type ImportedMatch, type MatchLog } from './match-log.js';

/** An export: what to name the file, and its content. */
export interface ExportedFile<T> {
  readonly filename: string;
  readonly content: T;
}

/** The longest name a match keeps for a player of an imported file (its column). */
const MAX_PLAYER_NAME = 64;

@Injectable()
export class InterchangeService {
  constructor(
    private readonly store: MatchStore,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /** The games played so far as .mat text; a game under way ends where it stands. */
  async exportMat(id: string): Promise<ExportedFile<string>> {
    const { record, events } = await this.history(id);
    const name = (colour: Colour): string => playerName(record, colour) ?? colour;
    const text = writeMat({
      variant: record.variant,
      length: record.length,
      rules: record.rules,
      players: { white: name('white'), black: name('black') },
      events: events.map((stored) => stored.event),
      id: record.id,
      date: record.createdAt,
    });
    return { filename: `match-${record.id}.mat`, content: text };
  }

  /** The whole event log as the JSON interchange document. */
  async exportLog(id: string): Promise<ExportedFile<MatchLog>> {
    const { record, events } = await this.history(id);
    const players = { white: playerName(record, 'white'), black: playerName(record, 'black') };
    return { filename: `match-${record.id}.json`, content: matchLogOf(record, record.rules, players, events) };
  }

  /** Reads a file into a new finished match; the importer becomes its creator. */
  async importMatch(userId: string, file: MatchFile): Promise<MatchView> {
    const imported = file.format === 'mat' ? readMatFile(file.text) : readMatchLog(file.log);
    const creator = await this.users.findById(userId);
    if (creator === null) throw new UserNotFoundError('(the account of this token)');
    const now = this.clock.now();
    // The dice came from the file: this seed derives none of them (GET /fairness must not say it does).
    const seed = generateServerSeed();
    const record: NewMatchRecord = {
      id: randomUUID(),
      variant: imported.variant,
      length: imported.length,
      rules: imported.rules,
      daysPerTurn: null,
      bankDays: 0,
      creatorId: userId,
      source: 'imported',
      importedPlayers: imported.players,
      rated: false,
      invitedId: null,
      diceCommitment: commitment(seed),
      diceSeed: seed,
    };
    const events = storedEvents(imported);
    const projection = projectionOf(
      { invited: null },
      { whiteId: null, blackId: null },
      imported.state,
      newClock(record),
      now,
    );
    await this.store.create(record, events, imported.state, projection, now);
    const full: MatchRecord = {
      ...record,
      invited: null,
      white: null,
      black: null,
      version: events.length,
      projection,
      createdAt: now,
      updatedAt: now,
    };
    return presentMatch(full, imported.state, userId, now);
  }

  /** The match's record and every event up to its version. */
  private async history(id: string): Promise<{ record: MatchRecord; events: readonly StoredMatchEvent[] }> {
    const record = await this.store.record(id);
    return { record, events: await this.store.events(record) };
  }
}

/** A seat's name: the user seated, or an imported match's player as its file names them; null for an empty seat. */
function playerName(record: MatchRecord, colour: Colour): string | null {
  return record[colour]?.username ?? record.importedPlayers?.[colour] ?? null;
}

/** .mat text read into a finished match, or the engine's refusal as the import's. */
function readMatFile(text: string): ImportedMatch {
  let imported: ImportedMatch;
  try {
    imported = readMat(text);
  } catch (err) {
    if (!(err instanceof MatImportError)) throw err;
    throw new InvalidMatchFileError(err.message, {
      reason: err.reason,
      game: err.game,
      turn: err.turn,
      line: err.line,
    });
  }
  const players = {
    white: imported.players.white.replace(/\s+/g, ' '),
    black: imported.players.black.replace(/\s+/g, ' '),
  };
  for (const name of [players.white, players.black]) {
    if (name.length > MAX_PLAYER_NAME) {
      throw new InvalidMatchFileError(`A player's name is longer than ${MAX_PLAYER_NAME} characters: "${name}".`, {
        reason: 'bad-player-name',
        game: null,
        turn: null,
        line: null,
      });
    }
  }
  return { ...imported, players };
}

/** The events to store, each with the Position ID after it (backgammon), nobody's act. */
function storedEvents(imported: ImportedMatch): NewMatchEvent[] {
  let state: MatchState = newMatch({ variant: imported.variant, length: imported.length, rules: imported.rules });
  return imported.events.map((event) => {
    const result = apply(state, event);
    if (!result.ok) throw new Error(`An imported event no longer applies: ${result.reason}`);
    state = result.state;
    return { event, actorId: null, positionId: positionIdOf(state) };
  });
}
