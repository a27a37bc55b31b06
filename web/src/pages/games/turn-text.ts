/**
 * A game record and its turns in words (GET /api/matches/{id}/games and /games/{n}): the dice, the
 * play in gnubg's notation as the server gives it, the cube actions, a resignation and the result.
 */
import type { Colour, Schemas, Variant } from '../../api/client.js';

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
  return play === '' ? 'No legal play' : play;
}

const CUBE_VERBS = { double: 'doubles to', take: 'takes', drop: 'drops', beaver: 'beavers to' } as const;

/** "alice doubles to 2, bob takes". */
export function cubeText(actions: readonly CubeAction[], names: Names): string {
  return actions
    .map(({ action, by, cubeValue }) => {
      const verb = CUBE_VERBS[action];
      return action === 'double' || action === 'beaver' ? `${names[by]} ${verb} ${cubeValue}` : `${names[by]} ${verb}`;
    })
    .join(', ');
}

/** A game's value by how it was won: single/gammon/backgammon in backgammon, oin/mars/koks in long nardy. */
const STAKES: Record<Variant, readonly [string, string, string]> = {
  backgammon: ['a single game', 'a gammon', 'a backgammon'],
  'long-nardy': ['an oin', 'a mars', 'a koks'],
};

/** "bob resigns a gammon: accepted". */
export function resignationText(resignation: Resignation, names: Names, variant: Variant): string {
  const answer = resignation.accepted === null ? 'unanswered' : resignation.accepted ? 'accepted' : 'rejected';
  return `${names[resignation.by]} resigns ${STAKES[variant][resignation.value - 1]}: ${answer}`;
}

const RESULTS: Record<NonNullable<GameRecord['result']>, string> = {
  single: 'single game',
  gammon: 'gammon',
  backgammon: 'backgammon',
  oin: 'oin',
  mars: 'mars',
  koks: 'koks',
};

const ENDINGS: Record<NonNullable<GameRecord['endedBy']>, string> = {
  'bear-off': 'bearing off',
  drop: 'a dropped double',
  resignation: 'resignation',
  timeout: 'timeout',
  leave: 'the opponent leaving',
};

/** "alice wins 2 points (gammon) by bearing off"; "Under way" while the game goes on. */
export function gameResultText(game: GameRecord, names: Names): string {
  if (game.winner === null) return game.endedBy === null ? 'Under way' : `Ended by ${ENDINGS[game.endedBy]}`;
  const points = game.points === 1 ? '1 point' : `${game.points} points`;
  const kind = game.result === null ? '' : ` (${RESULTS[game.result]})`;
  const how = game.endedBy === null ? '' : ` by ${ENDINGS[game.endedBy]}`;
  return `${names[game.winner]} wins ${points}${kind}${how}`;
}
