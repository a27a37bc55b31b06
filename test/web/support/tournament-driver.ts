/**
 * Tournaments set up and read over HTTP for the browser tests (docs/tournaments.md): created and
 * entered by the tests' players, read back as the API answers them, and waited for while the
 * service moves them on (the matches created at the start, a result recorded by the relay).
 */
import { postJson, type AccountSession } from './api.js';
import { getJson } from './match-driver.js';

/** A tournament as GET /api/tournaments/{id} answers it (the fields the tests read). */
export interface TournamentJson {
  readonly id: string;
  readonly status: string;
  readonly champion: string | null;
  readonly rounds: readonly {
    readonly number: number;
    readonly matches: readonly {
      readonly slot: number;
      readonly matchId: string | null;
      readonly players: readonly (string | null)[];
      readonly winner: string | null;
    }[];
  }[];
}

export type PairingJson = TournamentJson['rounds'][number]['matches'][number];

export function tournamentOf(baseUrl: string, id: string): Promise<TournamentJson> {
  return getJson<TournamentJson>(baseUrl, `/api/tournaments/${id}`);
}

/** Creates a tournament on `terms` (CreateTournamentDto) as `organiser`; answers its id. */
export async function createTournament(
  baseUrl: string,
  organiser: AccountSession,
  terms: Record<string, unknown>,
): Promise<string> {
  return ((await postJson(baseUrl, '/api/tournaments', terms, organiser.token)) as { id: string }).id;
}

/** Each of `players` enters the tournament, in order. */
export async function enter(baseUrl: string, id: string, ...players: AccountSession[]): Promise<void> {
  for (const player of players) await postJson(baseUrl, `/api/tournaments/${id}/entries`, {}, player.token);
}

/** The tournament once `ready` holds of it (polled: the service moves it on in the background). */
export async function untilTournament(
  baseUrl: string,
  id: string,
  ready: (tournament: TournamentJson) => boolean,
  what: string,
): Promise<TournamentJson> {
  for (let poll = 0; poll < 300; poll++) {
    const tournament = await tournamentOf(baseUrl, id);
    if (ready(tournament)) return tournament;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`tournament ${id}: ${what} never came`);
}

/** The tournament once every pairing of two known players has its match (created just after the start). */
export function untilMatchesCreated(baseUrl: string, id: string): Promise<TournamentJson> {
  return untilTournament(
    baseUrl,
    id,
    (tournament) => {
      const pairings = tournament.rounds.flatMap((r) => r.matches).filter((m) => !m.players.includes(null));
      return pairings.length > 0 && pairings.every((m) => m.matchId !== null);
    },
    'the first matches',
  );
}

/** The organiser starts it; answers it once its first matches are created. */
export async function start(baseUrl: string, id: string, organiser: AccountSession): Promise<TournamentJson> {
  await postJson(baseUrl, `/api/tournaments/${id}/start`, {}, organiser.token);
  return untilMatchesCreated(baseUrl, id);
}

/** The pairing of round `round` that `player` plays in. */
export function pairingOf(tournament: TournamentJson, round: number, player: string): PairingJson {
  const pairing = tournament.rounds[round - 1]?.matches.find((m) => m.players.includes(player));
  if (pairing === undefined)
    throw new Error(`${player} plays no match of round ${round}: ${JSON.stringify(tournament)}`);
  return pairing;
}

/** `player` leaves the match of `pairing`, which their opponent wins. */
export async function leave(baseUrl: string, pairing: PairingJson, player: AccountSession): Promise<void> {
  if (pairing.matchId === null) throw new Error(`no match yet: ${JSON.stringify(pairing)}`);
  await postJson(baseUrl, `/api/matches/${pairing.matchId}/leave`, {}, player.token);
}
