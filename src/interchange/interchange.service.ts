/**
 * Match interchange (docs/architecture.md, "Interchange"): a match written
 * out as a Jellyfish .mat file (as GNU Backgammon reads it; long nardy in the
 * same layout) or as the JSON document of its whole event log, and a file of
 * either kind read into a new match: finished, read-only, unrated, with
 * nobody seated, its players named as the file names them and the importer
 * as its creator. Every event of an import is judged by the engine first;
 * a file it refuses stores nothing.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Clock } from '../common/clock.js';
import type { Environment } from '../config/environment.js';
import { writeMat, type Colour } from '../engine/index.js';
import {
  MatchesService,
  MatchStore,
  type MatchRecord,
  type MatchView,
  type StoredMatchEvent,
} from '../matches/index.js';
import { ImportPool } from './import-pool.js';
import { ImportQueueFullError, TooManyImportsError } from './interchange.errors.js';
import { ImportsRepository } from './imports.repository.js';
import type { MatchFile } from './match-file.pipe.js';
import { refusalOf, type ImportCaps } from './match-file-reader.js';
import { matchLogOf, type MatchLog } from './match-log.js';

/** An export: what to name the file, and its content. */
export interface ExportedFile<T> {
  readonly filename: string;
  readonly content: T;
}

/** The window of the hourly import cap. */
const HOUR_MS = 60 * 60 * 1000;

@Injectable()
export class InterchangeService {
  private readonly caps: ImportCaps;
  private readonly hourlyLimit: number;

  constructor(
    private readonly store: MatchStore,
    private readonly matches: MatchesService,
    private readonly imports: ImportsRepository,
    private readonly pool: ImportPool,
    private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.caps = {
      maxGames: config.get('IMPORT_MAX_GAMES', { infer: true }),
      maxEvents: config.get('IMPORT_MAX_EVENTS', { infer: true }),
    };
    this.hourlyLimit = config.get('IMPORT_HOURLY_LIMIT', { infer: true });
  }

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

  /**
   * Reads a file into a new finished match; the importer becomes its creator.
   * The file is read and judged in a worker thread (ImportPool), held to the
   * configured caps; a user may ask for IMPORT_HOURLY_LIMIT imports an hour,
   * stored or refused (a refused file took a thread as long as a stored one);
   * then stored as every new match is (MatchesService.importMatch), with the
   * Idempotency-Key's answer. With the pool's queue full the import is refused
   * before it counts.
   */
  async importMatch(userId: string, file: MatchFile): Promise<MatchView> {
    if (!this.pool.hasRoom()) throw new ImportQueueFullError();
    const attemptId = await this.admit(userId);
    const reading = await this.pool.read({ file, caps: this.caps }).catch(async (err: unknown) => {
      // Filled up while the attempt was recorded: the file was never read, so it does not count.
      if (err instanceof ImportQueueFullError) await this.imports.release(attemptId);
      throw err;
    });
    if (!reading.ok) throw refusalOf(reading);
    return this.matches.importMatch(userId, reading.imported, reading.events);
  }

  /**
   * Counts the import against the hourly cap, or refuses it past the cap, saying when the oldest
   * import of the hour leaves the window.
   */
  private async admit(userId: string): Promise<string> {
    const now = this.clock.now();
    const admission = await this.imports.admit(userId, new Date(now.getTime() - HOUR_MS), now, this.hourlyLimit);
    if (admission.admitted) return admission.attemptId;
    const frees = admission.first.getTime() + HOUR_MS;
    throw new TooManyImportsError(this.hourlyLimit, Math.max(1, Math.ceil((frees - now.getTime()) / 1000)));
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
