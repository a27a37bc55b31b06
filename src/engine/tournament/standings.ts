/**
 * A tournament's standings (docs/tournaments.md "Standings"). Each entrant's
 * matches played, won and lost, and points won and conceded, over its decided
 * slots (a walkover counts as won by the round's length to nothing; a bye is
 * no match and counts nothing).
 *
 * Round-robin order: matches won; then, among those still level, matches won
 * between them alone (head-to-head); then points difference; then points won;
 * then seed. Whenever a rule splits a level group, the rules start again
 * from head-to-head within each smaller group, so head-to-head always counts
 * only the players still level. The seed is a total order, so every tie ends.
 *
 * Knock-out order: how far each got (the champion, the finalist, the losers
 * of each round before), players going out in the same round sharing a rank
 * (1, 2, 3, 3, 5, 5, 5, 5, …); those still in share the rank of the round they
 * play; within a rank, by seed.
 */
import type { Slot, TournamentState } from './tournament-state.js';

/** Which rule placed a player above the next in the table. */
export type TieBreak = 'head-to-head' | 'points-difference' | 'points-won' | 'seed';

export interface Standing {
  readonly id: string;
  readonly username: string;
  readonly seed: number | null;
  readonly played: number;
  readonly won: number;
  readonly lost: number;
  readonly pointsFor: number;
  readonly pointsAgainst: number;
  readonly rank: number;
  /** The rule that put this player above the next one when their matches won were level; null otherwise. */
  readonly tieBreak: TieBreak | null;
  readonly withdrawn: boolean;
}

interface Tally {
  played: number;
  won: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
}

/** The decided slots with a result between two players (matches and walkovers). */
function results(state: TournamentState): Slot[] {
  return state.rounds.flatMap((r) =>
    r.slots.filter(
      (s) =>
        s.winner !== null &&
        s.points !== null &&
        s.sides.every((side) => side.kind === 'player') &&
        s.decided !== 'bye',
    ),
  );
}

function tallies(state: TournamentState): Map<string, Tally> {
  const map = new Map(
    state.entrants.map((e) => [e.id, { played: 0, won: 0, lost: 0, pointsFor: 0, pointsAgainst: 0 }]),
  );
  for (const slot of results(state)) {
    slot.sides.forEach((side, i) => {
      if (side.kind !== 'player') return;
      const t = map.get(side.id);
      if (t === undefined || slot.points === null) return;
      t.played++;
      if (slot.winner === side.id) t.won++;
      else t.lost++;
      t.pointsFor += slot.points[i];
      t.pointsAgainst += slot.points[1 - i];
    });
  }
  return map;
}

type Key = (id: string, group: readonly string[]) => number;

export function standings(state: TournamentState): Standing[] {
  const tally = tallies(state);
  const seedOf = new Map(state.entrants.map((e, i) => [e.id, e.seed ?? state.entrants.length + i + 1]));
  const ordered =
    state.terms.format === 'round-robin' ? roundRobinOrder(state, tally, seedOf) : knockoutOrder(state, seedOf);
  const byId = new Map(state.entrants.map((e) => [e.id, e]));
  return ordered.map(({ id, rank, tieBreak }) => {
    const entrant = byId.get(id);
    const t = tally.get(id);
    if (entrant === undefined || t === undefined) throw new Error(`no entrant ${id}`);
    return { id, username: entrant.username, seed: entrant.seed, ...t, rank, tieBreak, withdrawn: entrant.withdrawn };
  });
}

interface Placed {
  readonly id: string;
  readonly rank: number;
  readonly tieBreak: TieBreak | null;
}

function roundRobinOrder(state: TournamentState, tally: Map<string, Tally>, seedOf: Map<string, number>): Placed[] {
  const played = results(state);
  const t = (id: string): Tally => tally.get(id) as Tally;
  const headToHead: Key = (id, group) =>
    played.filter((s) => s.winner === id && s.sides.every((side) => side.kind === 'player' && group.includes(side.id)))
      .length;
  const rules: readonly [TieBreak, Key][] = [
    ['head-to-head', headToHead],
    ['points-difference', (id) => t(id).pointsFor - t(id).pointsAgainst],
    ['points-won', (id) => t(id).pointsFor],
    ['seed', (id) => -(seedOf.get(id) ?? 0)],
  ];
  // Boundaries: the rule that split each adjacent pair of the final order (null: matches won).
  const order: string[] = [];
  const splits: (TieBreak | null)[] = [];
  const place = (group: readonly string[]): void => {
    if (group.length === 1) {
      order.push(group[0]);
      return;
    }
    for (let r = 0; r < rules.length; r++) {
      const [name, key] = rules[r];
      const parts = split(group, (id) => key(id, group));
      if (parts.length === 1) continue;
      parts.forEach((part, i) => {
        if (i > 0) splits[order.length - 1] = name;
        place(part);
      });
      return;
    }
    throw new Error(`no rule splits ${group.join(', ')}`);
  };
  const byWins = split(
    state.entrants.map((e) => e.id),
    (id) => t(id).won,
  );
  byWins.forEach((group, i) => {
    if (i > 0) splits[order.length - 1] = null;
    place(group);
  });
  // Every place its own rank: the seed ends every tie.
  return order.map((id, i) => ({ id, rank: i + 1, tieBreak: i < order.length - 1 ? (splits[i] ?? null) : null }));
}

/** `ids` in groups of equal `key`, greatest first, keeping their order within a group. */
function split(ids: readonly string[], key: (id: string) => number): string[][] {
  const keyed = ids.map((id) => ({ id, k: key(id) })).sort((a, b) => b.k - a.k);
  const groups: string[][] = [];
  let last: number | null = null;
  for (const { id, k } of keyed) {
    if (last === null || k !== last) groups.push([]);
    groups[groups.length - 1].push(id);
    last = k;
  }
  return groups;
}

function knockoutOrder(state: TournamentState, seedOf: Map<string, number>): Placed[] {
  const rounds = state.rounds.length;
  // The round each player went out in (rounds + 1 for the champion); still in: the round they reached.
  const reached = new Map<string, { round: number; out: boolean }>();
  for (const e of state.entrants) reached.set(e.id, { round: 1, out: false });
  for (const round of state.rounds) {
    for (const slot of round.slots) {
      for (const side of slot.sides) {
        if (side.kind !== 'player') continue;
        const r = reached.get(side.id);
        if (r === undefined || r.out) continue;
        r.round = round.number;
        if (slot.decided !== null && slot.winner !== side.id) r.out = true;
        else if (slot.decided !== null && round.number === rounds) r.round = rounds + 1;
      }
    }
  }
  const rankOf = (id: string): number => {
    const r = reached.get(id) ?? { round: 1, out: true };
    if (r.round > rounds) return 1;
    if (!r.out) return 1;
    return (1 << (rounds - r.round)) + 1;
  };
  const ids = state.entrants.map((e) => e.id);
  ids.sort((a, b) => rankOf(a) - rankOf(b) || (seedOf.get(a) ?? 0) - (seedOf.get(b) ?? 0));
  return ids.map((id) => ({ id, rank: rankOf(id), tieBreak: null }));
}
