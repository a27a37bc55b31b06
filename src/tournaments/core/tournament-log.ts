/**
 * A tournament's log as the versioned-log writer writes it (docs/tournaments.md, "The log";
 * docs/architecture.md, "The versioned-log writer"): the head row `tournaments`, its state moved
 * with the events of `tournament_events`, and the effects an append may carry: the players'
 * entries (`tournament_players`) and the mark for a step (tournament-step.effect.ts).
 */
import type { Commit, EffectApplier, LogStream } from '../../database/versioned-log/log-stream.js';
import type { TournamentState } from '../../engine/index.js';
import type { NewTournamentEvent } from '../model/tournament-record.js';
import { tournamentStepApplier, type TournamentStepEffect } from './tournament-step.effect.js';

/** Who entered and who left the entries, so that a player's tournaments can be listed. */
export interface EntryChanges {
  readonly entered?: readonly string[];
  readonly left?: readonly string[];
}

interface EntriesEffect extends EntryChanges {
  readonly kind: 'tournament-entries';
}

type TournamentEffect = EntriesEffect | TournamentStepEffect;

/** The entries kept with the append: an entry once (again: nothing), a leave removes it. */
const entriesApplier: EffectApplier<EntriesEffect> = {
  shape: (effect) => `${(effect.entered ?? []).length > 0}/${(effect.left ?? []).length > 0}`,
  fragment(effect, params, { at }) {
    const after: string[] = [];
    if ((effect.entered ?? []).length > 0) {
      after.push(`entered AS (
  INSERT INTO tournament_players (tournament_id, user_id, entered_at)
  SELECT head.id, entrant, ${at} FROM head, unnest(${params.add(effect.entered, 'uuid[]')}) AS entrant
  ON CONFLICT DO NOTHING
)`);
    }
    if ((effect.left ?? []).length > 0) {
      after.push(`withdrawn AS (
  DELETE FROM tournament_players USING head
   WHERE tournament_players.tournament_id = head.id AND tournament_players.user_id = ANY(${params.add(effect.left, 'uuid[]')})
)`);
    }
    return { after };
  },
};

const TOURNAMENT_LOG: LogStream<TournamentState, NewTournamentEvent, TournamentEffect> = {
  table: 'tournaments',
  key: 'id',
  keyType: 'uuid',
  version: 'version',
  returning: 'tournaments.id AS id',
  assignments: (state, at, params) =>
    `state = ${params.add(JSON.stringify(state), 'jsonb')}, status = ${params.add(state.status, 'text')}, updated_at = ${at}`,
  insertEvents: (events, first, at, params) => {
    const rows = JSON.stringify(events.map((e, i) => ({ version: first + i, data: e.event, actor_id: e.actorId })));
    return `INSERT INTO tournament_events (tournament_id, version, type, data, actor_id, created_at)
SELECT head.id, e.version, e.data->>'type', e.data, e.actor_id, ${at}
  FROM head, jsonb_to_recordset(${params.add(rows, 'jsonb')}) AS e(version int, data jsonb, actor_id uuid)`;
  },
  appliers: { 'tournament-entries': entriesApplier, 'tournament-step': tournamentStepApplier },
};

/** One append to a tournament's log (TournamentsRepository.append). */
export interface TournamentAppend {
  readonly id: string;
  readonly expectedVersion: number;
  readonly events: readonly NewTournamentEvent[];
  readonly state: TournamentState;
  readonly at: Date;
  readonly entries?: EntryChanges;
  /** Mark the tournament for a step (matches or forfeits are due after it). */
  readonly step?: boolean;
}

/** The writer's commit of `append`. */
export function tournamentCommit(
  append: TournamentAppend,
): Commit<TournamentState, NewTournamentEvent, TournamentEffect> {
  const { id, expectedVersion, events, state, at, entries = {}, step = false } = append;
  const effects: TournamentEffect[] = [{ kind: 'tournament-entries', ...entries }];
  if (step) effects.push({ kind: 'tournament-step' });
  return { stream: TOURNAMENT_LOG, id, expectedVersion, events, state, effects, at };
}
