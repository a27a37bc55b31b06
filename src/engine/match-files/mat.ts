/**
 * Matches as Jellyfish .mat text, laid out exactly as GNU Backgammon 1.07
 * writes it (`export match mat`) and reads it (`import mat`).
 *
 * The file: comment lines (`; [Key "Value"]`), a blank line, ` N point match`
 * and a blank line; then per game ` Game N`, the score line (player 0, on the
 * left, padded to 31 columns: ` alice : 0                      bob : 1`) and
 * the numbered turns, two columns: `%3d) ` and the left player's record padded
 * to 27 characters and a space, then the right player's. A record is a roll
 * (`52: 13/8 24/22 `: the dice, larger first, and each checker step of the
 * play, one die each, in gnubg's order, with `25` for the bar, `0` for off and
 * `*` on the first landing on a point where an opposing checker stood; every
 * step but a fourth is followed by a space, and a roll with no legal play is
 * `66: `), ` Doubles => 2`, ` Takes`, ` Drops`, or a resignation; the winner's
 * `Wins N point(s)` follows the deciding record in the winner's column, on
 * the same line or the next as gnubg places it. When player 1 starts a game
 * its first line is `  1)` and the left column left empty. A roll followed by
 * a resignation before any play shows the dice alone (`52: `). In two cases
 * gnubg's own export puts a record where gnubg cannot read it back, and this
 * writer does not: a first roll of player 1 shown alone goes to the right
 * column, and the result of a resignation by the player who did not roll
 * goes to the next line rather than after that roll.
 *
 * Player 0 is white, player 1 black (as in the gnubg Match ID). What .mat
 * cannot say is left out: the opening throws that tied (a game whose ties
 * made automatic doubles, M4, says how many in a `; [Automatic doubles "N"]`
 * line after its score line, and the header gives the option), rejected
 * resignations, timeouts and a money session's end; a money game forfeited
 * by leaving it is written as a resignation of what it scored. A beaver is written
 * ` Beavers => 4` in the beaverer's column and its take is implied by the
 * doubler's next roll, which is how gnubg reads beavers. Long nardy uses the
 * same layout with a `; Variant: long-nardy` header line and no hits.
 *
 * notation/mat-parse.ts reads such text back; mat-events.ts turns it into events.
 */
import { newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import { foldEvents } from '../fold.js';
import { gamesAndTurns, type GameRecord } from '../games-and-turns.js';
import type { MatchState } from '../match-state.js';
import type { RulesOptions } from '../rules-options.js';
import type { MatchScore } from '../scoring.js';
import { opponentOf, type Colour, type Dice, type Move, type Position, type Variant } from '../types.js';

/** A match to write: its terms, the names of its players, and its events (a legal history). */
export interface MatWriteInput {
  readonly variant: Variant;
  /** Points to win; 0 for a money session (` 0 point match`). */
  readonly length: number;
  readonly rules?: Partial<RulesOptions>;
  readonly players: { readonly white: string; readonly black: string };
  readonly events: readonly MatchEvent[];
  /** For the header: the match's id (`[Match ID]`) and when it was created (`[EventDate]`, `[EventTime]`, UTC). */
  readonly id?: string;
  readonly date?: Date;
}

/** 0: the left column, player 0, white; 1: the right column, player 1, black. */
type Side = 0 | 1;

/** A gnubg move record, as the columns show it. */
type MatRecord =
  | RollRecord
  | { readonly kind: 'double' | 'beaver'; readonly side: Side; readonly value: number }
  | { readonly kind: 'take'; readonly side: Side }
  | { readonly kind: 'drop' | 'resign'; readonly side: Side; points: number };

/** A roll and its play. */
interface RollRecord {
  readonly kind: 'roll';
  readonly side: Side;
  readonly dice: Dice;
  /** The play (canonical steps); null when none was made (a resignation followed the roll, or the file ends). */
  moves: readonly Move[] | null;
  /** The position before the play, for the hits. */
  before: Position | null;
  /** Points won when the play ended the game. */
  wins: number | null;
}

interface MatGameRecords {
  readonly number: number;
  readonly score: MatchScore;
  /** The automatic doubles its tied opening throws made (M4), written `; [Automatic doubles "N"]`. */
  readonly automaticDoubles: number;
  readonly records: MatRecord[];
}

const sideOf = (colour: Colour): Side => (colour === 'white' ? 0 : 1);

/** The .mat text of a match: the games played so far (a game under way ends where it stands). */
export function writeMat(input: MatWriteInput): string {
  const state0 = newMatch({ variant: input.variant, length: input.length, rules: input.rules });
  const games = gameRecords(state0, input.events);
  const names = { white: nameFor(input.players.white, 'white'), black: nameFor(input.players.black, 'black') };
  let text = headerLines(input, state0.config.rules, names).join('\n') + '\n\n';
  text += ` ${input.length} point match\n\n`;
  for (const game of games) text += gameText(game, names, input.variant);
  return text.endsWith('\n') ? text : text + '\n';
}

/** The records of each game that has any, from the games and turns of the match (games-and-turns.ts). */
function gameRecords(initial: MatchState, events: readonly MatchEvent[]): MatGameRecords[] {
  const games: MatGameRecords[] = [];
  const automatic = automaticDoublesByGame(initial, events);
  for (const game of gamesAndTurns(initial, events)) {
    const records = recordsOf(game);
    const automaticDoubles = automatic.get(game.number) ?? 0;
    if (records.length > 0) games.push({ number: game.number, score: game.score, automaticDoubles, records });
  }
  return games;
}

/** The automatic doubles each game made (M4, B2), by game number: its tied opening throws, which .mat does not show. */
function automaticDoublesByGame(initial: MatchState, events: readonly MatchEvent[]): Map<number, number> {
  const made = new Map<number, number>();
  if (initial.config.effectiveRules.automaticDoubles === 0) return made;
  foldEvents(initial, events, ({ after }) => {
    if (after.game.automaticDoubles > 0) made.set(after.game.number, after.game.automaticDoubles);
  });
  return made;
}

/** A game's records: its turns' items as gnubg writes them, in order. */
function recordsOf(game: GameRecord): MatRecord[] {
  const records: MatRecord[] = [];
  /** The roll waiting for its play. */
  let pending: RollRecord | null = null;
  /** The record the item before made: a `wins` completes it. */
  let last: MatRecord | null = null;
  for (const item of game.turns.flatMap((turn) => turn.items)) {
    let made: MatRecord | null = null;
    switch (item.kind) {
      case 'throw': {
        const [a, b] = item.dice;
        const roll: RollRecord = {
          kind: 'roll',
          side: sideOf(item.by),
          dice: a >= b ? item.dice : [b, a],
          moves: item.passed ? [] : null,
          before: null,
          wins: null,
        };
        made = roll;
        pending = item.passed ? null : roll;
        break;
      }
      case 'play':
        if (pending === null) break;
        pending.moves = item.canonicalMoves;
        pending.before = item.before;
        last = pending;
        pending = null;
        continue;
      case 'double':
      case 'beaver':
        made = { kind: item.kind, side: sideOf(item.by), value: item.cubeValue };
        break;
      case 'take':
        // The take of a beaver is implied by the doubler's next roll.
        if (last?.kind !== 'beaver') made = { kind: 'take', side: sideOf(item.by) };
        break;
      case 'drop':
        made = { kind: 'drop', side: sideOf(item.by), points: 0 };
        break;
      case 'resignation-answer':
        if (!item.accepted) break;
        // The resignation of the opponent of the player who accepted it; a roll before it stays without a play.
        made = { kind: 'resign', side: sideOf(opponentOf(item.by)), points: 0 };
        pending = null;
        break;
      case 'wins':
        if (last?.kind === 'roll') last.wins = item.points;
        else if (last?.kind === 'drop' || last?.kind === 'resign') last.points = item.points;
        break;
      case 'resign':
        break;
    }
    if (made !== null) records.push(made);
    last = made;
  }
  // A money game forfeited by leaving (docs/rules.md M6): written as what it scored, the leaver's resignation.
  if (game.left !== null) records.push({ kind: 'resign', side: sideOf(game.left.by), points: game.left.points });
  return records;
}

/** `Wins N point(s)`. */
function winsText(points: number): string {
  return `Wins ${points} point${points === 1 ? '' : 's'}`;
}

/**
 * A play as gnubg's plain move text: each step `from/to`, `*` on the first
 * landing where an opposing checker stood before the play, a space after
 * each of the first three steps.
 */
function playText(variant: Variant, moves: readonly Move[], before: Position | null): string {
  let text = '';
  for (let i = 0; i < moves.length; i++) {
    const { from, to } = moves[i];
    text += `${from}/${to}`;
    // In backgammon my point q is the opponent's 25 - q: its points[24 - q].
    if (variant === 'backgammon' && before !== null && to > 0 && before.opponent.points[24 - to] > 0) {
      let earlier = false;
      for (let j = 0; j < i; j++) earlier ||= moves[j].to === to;
      if (!earlier) text += '*';
    }
    if (i < 3) text += ' ';
  }
  return text;
}

/** One game: ` Game N`, the score line, and the records in gnubg's two columns. */
function gameText(game: MatGameRecords, names: Record<Colour, string>, variant: Variant): string {
  let text = ` Game ${game.number}\n`;
  text += ' ' + `${names.white} : ${game.score.white}`.padEnd(31) + `${names.black} : ${game.score.black}\n`;
  if (game.automaticDoubles > 0) text += `; [Automatic doubles "${game.automaticDoubles}"]\n`;
  // gnubg's record counter: even in the left column, odd in the right; the turn number is slot / 2 + 1.
  let slot = 0;
  // A roll shown without a play just before (gnubg places a resignation's line by it).
  let diceAlone = false;
  for (const record of game.records) {
    // gnubg does this for a first roll of player 1; a long-nardy game may also open with its double.
    if (slot === 0 && record.side === 1) {
      text += '  1)' + ' '.repeat(29);
      slot = 1;
    }
    const right = (slot & 1) === 1;
    const alone = record.kind === 'roll' && record.moves === null;
    let entry: string;
    switch (record.kind) {
      case 'roll':
        entry = `${record.dice[0]}${record.dice[1]}: ` + playText(variant, record.moves ?? [], record.before);
        diceAlone = alone;
        break;
      case 'double':
        entry = ` Doubles => ${record.value}`;
        break;
      case 'beaver':
        entry = ` Beavers => ${record.value}`;
        break;
      case 'take':
        entry = ' Takes';
        break;
      case 'drop':
        entry = ' Drops' + (right ? '\n      ' : ' '.repeat(23)) + winsText(record.points);
        break;
      case 'resign': {
        // The result in the winner's column: of this line when it is free, else of the next one, as
        // gnubg places it; but where the roll of the player who did not resign is shown alone in the
        // winner's column, gnubg 1.07 would append the result to that roll (and lose it when reading
        // the file back), so it goes to the next line.
        const wins = winsText(record.points) + '\n';
        if (record.side === 1) entry = (right || diceAlone ? '\n' : '') + '      ' + wins;
        else if (right) entry = (diceAlone ? ' '.repeat(24) : ' ') + wins;
        else entry = (diceAlone ? '\n' : '') + ' '.repeat(34) + wins;
        break;
      }
    }
    if (right || record.kind === 'resign') text += entry + (alone ? '' : '\n');
    else text += `${String(slot / 2 + 1).padStart(3)}) ` + (alone ? entry.padEnd(3) : entry.padEnd(27) + ' ');
    if (record.kind === 'drop') text += right ? '\n' : '\n\n';
    if (record.kind === 'roll' && record.wins !== null)
      text += (right ? ' '.repeat(34) : '\n      ') + winsText(record.wins) + '\n\n';
    slot++;
  }
  return text;
}

/** A name as a .mat line can hold it: no colon (it ends a name on the score line), quote or control character. */
function nameFor(name: string, colour: Colour): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f:"]/g, '_').trim();
  return clean === '' ? colour : clean;
}

const onOff = (on: boolean): string => (on ? 'On' : 'Off');
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The comment lines: the header tags gnubg and other programs write and read
 * (`[Variation "Backgammon"]`, `[Crawford "On"]`, ...), and for long nardy
 * `; Variant: long-nardy` with its own rules where they differ from the
 * defaults. mat-parse.ts reads them all back.
 */
function headerLines(input: MatWriteInput, rules: RulesOptions, names: Record<Colour, string>): string[] {
  const lines: string[] = [];
  const tag = (key: string, value: string | number): void => {
    lines.push(`; [${key} "${value}"]`);
  };
  if (input.id !== undefined) tag('Match ID', nameFor(input.id, 'white'));
  tag('Player 1', names.white);
  tag('Player 2', names.black);
  if (input.date !== undefined) {
    const d = input.date;
    tag('EventDate', `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`);
    tag('EventTime', `${two(d.getUTCHours())}.${two(d.getUTCMinutes())}`);
  }
  if (input.variant === 'long-nardy') lines.push('; Variant: long-nardy');
  else tag('Variation', 'Backgammon');
  if (!rules.cube) tag('Cube', 'Off');
  if (rules.cubeLimit !== null) tag('CubeLimit', rules.cubeLimit);
  if (input.length > 0) tag('Crawford', onOff(rules.crawford));
  else {
    tag('Jacoby', onOff(rules.jacoby));
    tag('Beaver', onOff(rules.beavers));
    if (rules.cube && rules.automaticDoubles > 0) tag('AutomaticDoubles', rules.automaticDoubles);
  }
  if (input.variant === 'long-nardy') {
    if (!rules.koks) tag('Koks', 'Off');
    if (rules.nextGameStarter !== 'winner') tag('NextGameStarter', rules.nextGameStarter);
  }
  return lines;
}
