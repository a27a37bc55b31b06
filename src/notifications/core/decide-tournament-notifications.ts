/**
 * What a tournament's new events tell whom (docs/notifications.md, "Tournaments"): pure, from the
 * events not decided yet, each with the state it made. Entries open: the players in the rating
 * window it was read for (not the organiser, not who entered already), while it still takes
 * entries. A match created: both its players. A player going on to a next round (not from the
 * final): that player. The end: every entrant, with the champion and their own place. Each
 * notification's id is made from the tournament, the event's version and the account, so that
 * deciding it again (a relay run again after a crash, another node) queues it once. House bots are
 * never told.
 */
import type { Language } from '../../common/languages.js';
import { stableId } from '../../common/stable-id.js';
import { slotPlayers, standings, type TournamentEvent, type TournamentState } from '../../engine/index.js';
import type { Decided } from './decide-notifications.js';
import { matchName } from './decide-notifications.js';
import type { Party } from './match-facts.js';
import { notificationText } from './notification-words/notification-words.js';
import type { Notification, TournamentNotificationType } from './notification.js';
import { announcing } from './tournament-announcement.js';
import type { TournamentChange, TournamentFacts } from './tournament-facts.js';

type EventOf<T extends TournamentEvent['type']> = Extract<TournamentEvent, { type: T }>;

/** What one notification says and links to, before it is addressed. */
interface News {
  readonly type: TournamentNotificationType;
  readonly title: string;
  readonly body: string;
  readonly path: string;
  readonly matchId?: string;
  readonly data: Record<string, unknown>;
}

function told(
  facts: TournamentFacts,
  change: TournamentChange,
  to: Party,
  now: Date,
  news: (language: Language | null) => News,
): Decided {
  const { type, title, body, path, matchId, data } = news(to.language);
  const notification: Notification = {
    ...(to.language === null ? {} : { language: to.language }),
    id: stableId(`tournament:${facts.tournamentId}:${change.version}:${to.id}`),
    kind: 'tournament',
    type,
    userId: to.id,
    createdAt: now.toISOString(),
    matchId: matchId ?? null,
    tournamentId: facts.tournamentId,
    title,
    body,
    path,
    data: { tournamentId: facts.tournamentId, tournament: change.after.terms.name, ...data },
  };
  return { notification, still: { kind: 'always' } };
}

/** The account `id` as notifications know it, when it is one to tell (known, not a house bot). */
function reachable(facts: TournamentFacts, id: string | null): Party | null {
  const party = id === null ? undefined : facts.people.get(id);
  return party === undefined || party.houseBot ? null : party;
}

/** A player's name as the tournament's log has it (the accounts' rows when read). */
function nameOf(facts: TournamentFacts, state: TournamentState, id: string | null): string {
  if (id === null) return '';
  return facts.people.get(id)?.username ?? state.entrants.find((e) => e.id === id)?.username ?? '';
}

const tournamentPath = (facts: TournamentFacts): string => `/tournaments/${facts.tournamentId}`;

function announcement(facts: TournamentFacts, change: TournamentChange, now: Date): Decided[] {
  const { latest } = facts;
  if (!announcing([change], latest, now)) return [];
  const { terms, organiser } = change.after;
  const entered = new Set(latest.entrants.map((e) => e.id));
  const limits =
    terms.minRating !== null && terms.maxRating !== null
      ? 'both'
      : terms.minRating !== null
        ? 'min'
        : terms.maxRating !== null
          ? 'max'
          : 'none';
  return facts.audience.flatMap((id) => {
    const to = reachable(facts, id);
    if (to === null || id === organiser.id || entered.has(id)) return [];
    return [
      told(facts, change, to, now, (language) => ({
        type: 'tournament.open',
        title: notificationText(language, 'tournament.open.title', { tournament: terms.name }),
        body: notificationText(language, 'tournament.open.body', {
          organiser: nameOf(facts, change.after, organiser.id) || organiser.username,
          format: terms.format,
          variant: terms.variant,
          players: terms.maxPlayers,
          limits,
          min: terms.minRating ?? 0,
          max: terms.maxRating ?? 0,
        }),
        path: tournamentPath(facts),
        data: {
          organiser: organiser.username,
          variant: terms.variant,
          format: terms.format,
          maxPlayers: terms.maxPlayers,
          minRating: terms.minRating,
          maxRating: terms.maxRating,
        },
      })),
    ];
  });
}

function matchReady(facts: TournamentFacts, change: TournamentChange, event: EventOf<'match-created'>, now: Date) {
  const state = change.after;
  const round = state.rounds[event.round - 1];
  const slot = round?.slots.find((s) => s.slot === event.slot);
  if (round === undefined || slot === undefined) return [];
  const final = state.terms.format === 'knockout' && event.round === state.rounds.length;
  const players = slotPlayers(slot);
  return players.flatMap((id, side) => {
    const to = reachable(facts, id);
    if (to === null) return [];
    const opponent = nameOf(facts, state, players[1 - side] ?? null);
    return [
      told(facts, change, to, now, (language) => ({
        type: 'tournament.match-ready',
        title: notificationText(language, 'tournament.ready.title', {
          final: final ? 'yes' : 'no',
          round: event.round,
          opponent,
        }),
        body: notificationText(language, 'tournament.ready.body', {
          tournament: state.terms.name,
          match: matchName({ variant: state.terms.variant, length: round.length }, language),
          days: state.terms.daysPerTurn ?? 0,
        }),
        path: `/matches/${event.matchId}`,
        matchId: event.matchId,
        data: { matchId: event.matchId, round: event.round, final, opponent, length: round.length },
      })),
    ];
  });
}

function wentThrough(facts: TournamentFacts, change: TournamentChange, event: EventOf<'advanced'>, now: Date) {
  const state = change.after;
  // A round-robin's `advanced` is a walkover within the group; from the final, the end says it.
  if (state.terms.format !== 'knockout' || event.round >= state.rounds.length) return [];
  const to = reachable(facts, event.player);
  if (to === null) return [];
  const next = event.round + 1;
  const final = next === state.rounds.length;
  const slot = state.rounds[event.round - 1]?.slots.find((s) => s.slot === event.slot);
  const other = slot === undefined ? null : (slotPlayers(slot).find((id) => id !== null && id !== to.id) ?? null);
  const opponent = event.by === 'bye' ? null : nameOf(facts, state, other) || null;
  return [
    told(facts, change, to, now, (language) => ({
      type: 'tournament.advanced',
      title: notificationText(language, 'tournament.advanced.title', { final: final ? 'yes' : 'no', round: next }),
      body: notificationText(language, 'tournament.advanced.body', {
        tournament: state.terms.name,
        by: event.by,
        from: event.round,
        opponent: opponent ?? '',
      }),
      path: tournamentPath(facts),
      data: { round: next, from: event.round, by: event.by, final, opponent },
    })),
  ];
}

function finished(facts: TournamentFacts, change: TournamentChange, event: EventOf<'finished'>, now: Date) {
  const state = change.after;
  const table = standings(state);
  const champion = event.champion === null ? null : nameOf(facts, state, event.champion);
  return table.flatMap((standing) => {
    const to = reachable(facts, standing.id);
    if (to === null) return [];
    const won = event.champion === standing.id;
    return [
      told(facts, change, to, now, (language) => ({
        type: 'tournament.finished',
        title: notificationText(language, 'tournament.finished.title', {
          outcome: won ? 'won' : champion === null ? 'none' : 'champion',
          tournament: state.terms.name,
          champion: champion ?? '',
        }),
        body: notificationText(language, 'tournament.finished.body', {
          rank: standing.rank,
          players: table.length,
        }),
        path: tournamentPath(facts),
        data: { champion, won, rank: standing.rank, players: table.length },
      })),
    ];
  });
}

/** The notifications a tournament's undecided events call for, in the order of the events. */
export function decideTournamentNotifications(facts: TournamentFacts, now: Date): Decided[] {
  return facts.changes.flatMap((change): Decided[] => {
    const { event } = change;
    switch (event.type) {
      case 'created':
        return announcement(facts, change, now);
      case 'match-created':
        return matchReady(facts, change, event, now);
      case 'advanced':
        return wentThrough(facts, change, event, now);
      case 'finished':
        return finished(facts, change, event, now);
      default:
        return [];
    }
  });
}
