/**
 * A game record and its turns in words (GET /api/matches/{id}/games and /games/{n}): the dice, the
 * play in gnubg's notation as the server gives it, the cube actions, a resignation and the result.
 */
import type { Colour, Schemas, Variant } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';

type GameRecord = Schemas['GameRecordDto'];
type CubeAction = Schemas['CubeActionDto'];
type Resignation = Schemas['ResignationRecordDto'];

/** Each colour's player name. */
export type Names = Readonly<Record<Colour, string>>;

/** "3-1", "6-6"; "" when nothing was thrown. */
export function diceText(dice: readonly number[] | null): string {
  return dice === null ? '' : dice.join('-');
}

/** The play; "No legal play" for a throw that had none; "" when nothing was thrown. */
export function playText(play: string | null): string {
  if (play === null) return '';
  return play === '' ? t('games.turn.noLegalPlay') : play;
}

const CUBE_ACTIONS: Readonly<Record<CubeAction['action'], MessageKey>> = {
  double: 'games.turn.double',
  take: 'games.turn.take',
  drop: 'games.turn.drop',
  beaver: 'games.turn.beaver',
};

/** "alice doubles to 2, bob takes". */
export function cubeText(actions: readonly CubeAction[], names: Names): string {
  return actions.map(({ action, by, cubeValue }) => t(CUBE_ACTIONS[action], { name: names[by], cubeValue })).join(', ');
}

/** A game's value by how it was won: single/gammon/backgammon in backgammon, oin/mars/koks in long nardy. */
const STAKES: Record<Variant, readonly [string, string, string]> = {
  backgammon: ['single', 'gammon', 'backgammon'],
  'long-nardy': ['oin', 'mars', 'koks'],
};

/** "bob resigns a gammon: accepted". */
export function resignationText(resignation: Resignation, names: Names, variant: Variant): string {
  const answer = resignation.accepted === null ? 'unanswered' : resignation.accepted ? 'accepted' : 'rejected';
  return t('games.turn.resignation', {
    name: names[resignation.by],
    stake: STAKES[variant][resignation.value - 1],
    answer,
  });
}

/** How a game ended, as the messages' `ending` choice names it (a choice has no "-" in it). */
const ENDINGS: Record<NonNullable<GameRecord['endedBy']>, string> = {
  'bear-off': 'bearOff',
  drop: 'drop',
  resignation: 'resignation',
  timeout: 'timeout',
  leave: 'leave',
};

/** "alice wins 2 points (gammon) by bearing off"; "Under way" while the game goes on. */
export function gameResultText(game: GameRecord, names: Names): string {
  const ending = game.endedBy === null ? 'none' : ENDINGS[game.endedBy];
  if (game.winner === null)
    return game.endedBy === null ? t('games.result.underWay') : t('games.result.ended', { ending });
  return t('games.result.won', {
    name: names[game.winner],
    points: game.points,
    result: game.result ?? 'none',
    ending,
  });
}
