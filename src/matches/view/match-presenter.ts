/**
 * The match state JSON (docs/architecture.md, "Match state JSON") of a match
 * for one caller: what the record and the folded state say, and the actions
 * the caller may POST now, so that a client never needs the rules to draw its
 * buttons.
 */
import {
  betweenMoneyGames,
  encodeMatchId,
  encodePositionId,
  formatPlay,
  legalActions,
  opponentOf,
  pipCount,
  positionFor,
  type Colour,
  type MatchEvent,
  type MatchIdResignation,
  type MatchState,
} from '../../engine/index.js';
import type { ActionName } from '../model/action-names.js';
import { deadlinePassed } from '../model/match-clock.js';
import type { MatchClockState, MatchRecord } from '../model/match-record.js';
import { isOver, statusName, turnOf } from '../model/match-status.js';
import { colourOf } from '../model/seats.js';
import type { GameView, LastPlayView, MatchView, PlayerView, ResultView } from './match-view.js';
import { sideView } from './match-view.js';

/** The engine's event types that a player sends, by the action path that sends them. */
const ACTION_OF_EVENT: Partial<Record<MatchEvent['type'], ActionName>> = {
  roll: 'roll',
  play: 'plays',
  double: 'double',
  take: 'take',
  drop: 'drop',
  beaver: 'beaver',
  resign: 'resign',
  'resignation-accept': 'resignation/accept',
  'resignation-reject': 'resignation/reject',
  timeout: 'claim-timeout',
  leave: 'leave',
  abort: 'abort',
};

const RESIGNATIONS: readonly MatchIdResignation[] = ['none', 'single', 'gammon', 'backgammon'];

/** What the caller may POST now. */
export function actionsFor(
  record: MatchRecord,
  state: MatchState,
  userId: string | null,
  clock: MatchClockState,
  now: Date,
): ActionName[] {
  if (userId === null) return [];
  if (state.status === 'awaiting-players') {
    if (userId === record.creatorId) return ['abort'];
    if (record.invited === null) return ['join'];
    return record.invited.id === userId ? ['join', 'decline'] : [];
  }
  const colour = colourOf(record, userId);
  if (colour === null || state.status !== 'playing') return [];
  const actions: ActionName[] = [];
  if (state.phase.kind === 'opening-roll' && betweenMoneyGames(state)) actions.push('roll');
  for (const type of legalActions(state, colour)) {
    const action = ACTION_OF_EVENT[type];
    if (action === undefined) continue;
    if (action === 'claim-timeout' && !deadlinePassed(clock, now)) continue;
    actions.push(action);
  }
  return actions;
}

/** The colour whose view the gnubg IDs take: the player on roll, or white when nobody is. */
function onRollOf(state: MatchState): Colour {
  const { phase } = state;
  switch (phase.kind) {
    case 'roll':
    case 'play':
      return phase.player;
    case 'cube-response':
      return phase.onRoll;
    case 'resignation-response':
      return phase.resume.player;
    default:
      return state.game.lastRoll?.player ?? 'white';
  }
}

/** Backgammon: the gnubg Position ID seen from the player on roll. */
export function positionIdOf(state: MatchState): string | null {
  return state.config.variant === 'backgammon' ? encodePositionId(positionFor(state, onRollOf(state))) : null;
}

/** Backgammon: the gnubg Match ID of the state (player 0 is white); null where gnubg's fields cannot hold it. */
function matchIdOf(state: MatchState): string | null {
  const { phase, game, progress, config } = state;
  const playerIndex = (colour: Colour): 0 | 1 => (colour === 'white' ? 0 : 1);
  const onRoll = onRollOf(state);
  const toAct = 'player' in phase ? phase.player : onRoll;
  const playing = phase.kind === 'roll' || phase.kind === 'play' || phase.kind === 'cube-response';
  const over = phase.kind === 'game-over' || phase.kind === 'match-over';
  const gameState = playing || phase.kind === 'resignation-response' ? 'playing' : over ? 'over' : 'none';
  const doubleOffered = phase.kind === 'cube-response';
  try {
    return encodeMatchId({
      cubeValue: game.cube.value,
      cubeOwner: game.cube.owner === 'centre' ? null : playerIndex(game.cube.owner),
      onRoll: playerIndex(onRoll),
      crawford: game.crawford,
      gameState,
      turn: playerIndex(toAct),
      doubleOffered,
      resignation: phase.kind === 'resignation-response' ? RESIGNATIONS[phase.offer.value] : 'none',
      dice: phase.kind === 'play' ? phase.dice : null,
      matchLength: config.length,
      score: [progress.score.white, progress.score.black],
      jacoby: config.effectiveRules.jacoby,
    });
  } catch {
    return null;
  }
}

export function gameView(state: MatchState): GameView {
  const { game, phase } = state;
  const pips = pipCount(positionFor(state, 'white'));
  const view: GameView = {
    number: game.number,
    board: { white: sideView(game.board.white), black: sideView(game.board.black) },
    cube: { value: game.cube.value, owner: game.cube.owner === 'centre' ? null : game.cube.owner },
    dice: phase.kind === 'play' ? phase.dice : null,
    pips: { white: pips.player, black: pips.opponent },
    lastPlay: lastPlayView(state),
  };
  if (state.config.variant !== 'backgammon') return view;
  const positionId = positionIdOf(state);
  const matchId = matchIdOf(state);
  return { ...view, ...(positionId ? { positionId } : {}), ...(matchId ? { matchId } : {}) };
}

/** The game's last checker play, its text as gnubg writes it (hits marked) on the board it was made on. */
export function lastPlayView(state: MatchState): LastPlayView | null {
  const last = state.game.lastPlay;
  if (last === null) return null;
  const moves = last.moves.map(({ from, to }) => ({ from, to }));
  const before = { player: last.before[last.player], opponent: last.before[opponentOf(last.player)] };
  return { by: last.player, dice: last.dice, moves, text: formatPlay(state.config.variant, moves, before) };
}

export function resultOf(state: MatchState): ResultView | null {
  const { phase } = state;
  if (phase.kind !== 'match-over') return null;
  return { winner: phase.result.winner, reason: phase.result.reason, score: { ...phase.result.score } };
}

/** The match state JSON for `userId` (null: an anonymous reader). */
export function presentMatch(record: MatchRecord, state: MatchState, userId: string | null, now: Date): MatchView {
  const status = statusName(state);
  const clock = record.projection.clock;
  const turn = turnOf(state);
  const banked = record.daysPerTurn !== null && record.bankDays > 0;
  return {
    id: record.id,
    variant: record.variant,
    length: record.length,
    daysPerTurn: record.daysPerTurn,
    bankDays: record.bankDays,
    rules: record.rules,
    status,
    version: record.version,
    source: record.source,
    rated: record.rated,
    unratedReason: record.unratedReason,
    players: {
      white: playerOf(record, 'white'),
      black: playerOf(record, 'black'),
    },
    opponent: record.invited?.username ?? null,
    you: colourOf(record, userId),
    score: { ...state.progress.score },
    crawford: state.game.crawford,
    game: gameView(state),
    turn: { ...turn, deadline: turn.player !== null && clock.deadline ? clock.deadline.toISOString() : null },
    actions: actionsFor(record, state, userId, clock, now),
    result: resultOf(state),
    ratingChange: ratingChangeOf(record),
    banks: banked ? { white: clock.bankMs.white, black: clock.bankMs.black } : null,
    fairness:
      record.source === 'imported'
        ? null
        : { commitment: record.diceCommitment, seed: isOver(status) ? record.diceSeed : null },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** How far the end of a rated match moved each player's rating, by colour; null until then, or unrated. */
function ratingChangeOf(record: MatchRecord): MatchView['ratingChange'] {
  const changes = record.ratingChanges;
  const winner = record.projection.winner;
  if (changes === null || winner === null) return null;
  return winner === 'white'
    ? { white: changes.winner, black: changes.loser }
    : { white: changes.loser, black: changes.winner };
}

/**
 * A seat as the state JSON shows it: the user seated, and whether a program plays the account
 * (docs/bots.md); or an imported match's player as its file names them (no account here: not a bot's).
 */
export function playerOf(record: MatchRecord, colour: Colour): PlayerView | null {
  const seated = record[colour];
  if (seated !== null) {
    const player = { username: seated.username, bot: seated.bot };
    return seated.closed === true ? { ...player, closed: true } : player;
  }
  const named = record.importedPlayers?.[colour];
  return named === undefined ? null : { username: named, bot: false };
}
