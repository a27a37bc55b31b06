/**
 * Reading an imported file into the match to store: the part of an import
 * that costs CPU (parsing, and the engine judging every event), kept free of
 * Nest and of the database so that a worker thread runs it (import-pool.ts)
 * while the event loop goes on answering other requests. A refusal comes back
 * as data, since an error's class does not survive the way back from a worker.
 */
import { foldEvents, MatImportError, newMatch, readMat } from '../engine/index.js';
import { positionIdOf, type NewMatchEvent } from '../matches/index.js';
import { InvalidMatchFileError, type MatchFileFault } from './interchange.errors.js';
import type { MatchFile } from './match-file.pipe.js';
import { readMatchLog, type ImportedMatch } from './match-log.js';

/** The largest import a server takes, beyond the body limit (configuration: IMPORT_MAX_GAMES, IMPORT_MAX_EVENTS). */
export interface ImportCaps {
  readonly maxGames: number;
  readonly maxEvents: number;
}

/** A file read: the match with the events to store, or where and why it was refused. */
export type FileReading =
  | { readonly ok: true; readonly imported: ImportedMatch; readonly events: readonly NewMatchEvent[] }
  | { readonly ok: false; readonly message: string; readonly fault: MatchFileFault };

/** The longest name a match keeps for a player of an imported file (its column). */
const MAX_PLAYER_NAME = 64;

/** Reads and judges a file; never throws for what the file holds. */
export function readMatchFile(file: MatchFile, caps: ImportCaps): FileReading {
  try {
    const imported = file.format === 'mat' ? readMatFile(file.text) : readMatchLog(file.log);
    checkCaps(imported, caps);
    return { ok: true, imported, events: storedEvents(imported) };
  } catch (err) {
    if (!(err instanceof InvalidMatchFileError)) throw err;
    return { ok: false, message: err.message, fault: err.extensions as unknown as MatchFileFault };
  }
}

/** The refusal a reading carries, as the domain error the use case throws. */
export function refusalOf(reading: Extract<FileReading, { ok: false }>): InvalidMatchFileError {
  return new InvalidMatchFileError(reading.message, reading.fault);
}

function checkCaps(imported: ImportedMatch, caps: ImportCaps): void {
  const games = imported.events.filter((event) => event.type === 'game-end').length;
  if (games > caps.maxGames) {
    throw new InvalidMatchFileError(`The file has ${games} games; an import takes at most ${caps.maxGames}.`, {
      reason: 'too-many-games',
      game: null,
    });
  }
  if (imported.events.length > caps.maxEvents) {
    throw new InvalidMatchFileError(
      `The match has ${imported.events.length} events; an import takes at most ${caps.maxEvents}.`,
      { reason: 'too-many-events', game: null },
    );
  }
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
      throw new InvalidMatchFileError(
        `A player's name is longer than ${MAX_PLAYER_NAME} characters: "${name.slice(0, MAX_PLAYER_NAME)}…".`,
        { reason: 'bad-player-name', game: null, turn: null, line: null },
      );
    }
  }
  return { ...imported, players };
}

/** The events to store, each with the Position ID after it (backgammon), nobody's act. */
function storedEvents(imported: ImportedMatch): NewMatchEvent[] {
  const events: NewMatchEvent[] = [];
  const start = newMatch({ variant: imported.variant, length: imported.length, rules: imported.rules });
  foldEvents(start, imported.events, ({ event, after }) => {
    events.push({ event, actorId: null, positionId: positionIdOf(after) });
  });
  return events;
}
