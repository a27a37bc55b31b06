/**
 * Reads Jellyfish .mat text (match-files/mat.ts writes it; GNU Backgammon,
 * Jellyfish and other programs write it too) into a neutral structure: the header, and per
 * game the players, the score before it and its records in order, each with
 * its side (left column: player 0, right: player 1), the turn number of its
 * line and the line number. Nothing is judged against the rules here (see
 * match-files/mat-events.ts): the text of a play is kept as written.
 *
 * Read as gnubg reads it: comment lines (`;` or `#`) carry header tags
 * (`; [Key "Value"]`, keys compared without case) and anywhere else are
 * skipped; ` N point match` starts the match, a `Game N` line each game, the
 * next line is the score line (`name : score   name : score`). On a turn line
 * the records are found by what starts them (two dice and a colon, Doubles,
 * Beavers, Takes, Drops, Wins) and the line is split into the left and right
 * columns as gnubg splits it (before a second roll, else at the first two
 * blanks from column 15 on). A roll may show no play (none was legal, it was forced, or a
 * resignation followed); `Cannot Move` and XG's `???` mean the same.
 *
 * The text is untrusted, so it is read in time linear in its size: the score
 * line and header tags by hand scanners (mat-scan.ts), every other line by
 * patterns without adjacent or nested runs over the same characters (a test
 * checks each pattern and bounds the characters visited for adversarial lines).
 */
import { VARIANTS, type Dice, type Die, type Variant } from '../types.js';
import { hasControlCharacter, readScoreLine, readTag, UNCOUNTED, type ReadingWork } from './mat-scan.js';

/** Which player's column: 0 the left one (player 0, white), 1 the right one. */
export type MatSide = 0 | 1;

interface MatRecordBase {
  readonly side: MatSide;
  /** The turn number of its line (`12)`), or of the line before for a line without one. */
  readonly turn: number;
  /** 1-based line of the file. */
  readonly line: number;
}

export type MatAction = MatRecordBase &
  (
    | { readonly kind: 'roll'; readonly dice: Dice; readonly play: string }
    | { readonly kind: 'double' | 'beaver'; readonly value: number | null }
    | { readonly kind: 'take' | 'drop' }
    | { readonly kind: 'win'; readonly points: number }
  );

export interface MatGame {
  /** As the file numbers it. */
  readonly number: number;
  /** The line of its `Game N`. */
  readonly line: number;
  /** Player 0 (left) and player 1 (right), as its score line names them. */
  readonly players: readonly [string, string];
  readonly score: readonly [number, number];
  /**
   * The automatic doubles made on its tied opening throws (docs/rules.md M4), from its
   * `; [Automatic doubles "N"]` line: .mat has no record of the throws that tied. 0 without one.
   */
  readonly automaticDoubles: number;
  readonly actions: readonly MatAction[];
}

export interface MatDocument {
  /** Points to win; 0 for a money session. */
  readonly length: number;
  readonly variant: Variant;
  /** Header tags `; [Key "Value"]` by lower-cased key. */
  readonly tags: ReadonlyMap<string, string>;
  readonly games: readonly MatGame[];
}

export type MatSyntaxReason = 'not-a-match-file' | 'bad-score-line' | 'bad-line' | 'unsupported';

/** Text that is not a .mat file as this reader knows it. */
export class MatSyntaxError extends Error {
  override readonly name = 'MatSyntaxError';
  constructor(
    message: string,
    readonly reason: MatSyntaxReason,
    /** 1-based line; 0 for the file as a whole. */
    readonly line: number,
    /** The game (as the file numbers it) the line is in, if any. */
    readonly game: number | null,
    readonly turn: number | null = null,
  ) {
    super(message);
  }
}

const MATCH_LINE = /^\s*(\d{1,4})\s+point\s+match\b/i;
const GAME_LINE = /^\s*game\s+(\d{1,4})\s*$/i;
/** `Variant:`; what it names is the rest of the comment. */
const VARIANT_COMMENT = /^variant\s*:/i;
const TURN_PREFIX = /^\s*(\d{1,4})\)/;
/** Where a record starts: two dice and a colon, or a cube or result word. */
const RECORD_START = /(?<![\w/*])[1-6][1-6]:|\b(?:doubles?|beavers?|raccoons?|takes?|drops?|wins?|resigns?)\b/gi;
/** Beyond any real match (a 25-point match has a few dozen games and a few thousand records): bounds the work. */
const MAX_GAMES = 1_000;
/** The key of a game's `; [Automatic doubles "N"]` line, lower-cased (MatGame `automaticDoubles`). */
export const AUTOMATIC_DOUBLES_KEY = 'automatic doubles';
const AUTOMATIC_DOUBLES_VALUE = /^\d{1,2}$/;
const MAX_RECORDS = 20_000;

/**
 * Reads .mat text. `work` counts the characters visited (a test bounds it by the text's size).
 * @throws MatSyntaxError naming the line it could not read.
 */
export function parseMat(text: string, work: ReadingWork = UNCOUNTED()): MatDocument {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/);
  work.visited += text.length;
  const tags = new Map<string, string>();
  let variant: Variant = 'backgammon';
  let length: number | null = null;
  let i = 0;
  for (; i < lines.length && length === null; i++) {
    const line = lines[i];
    work.visited += line.length;
    if (isComment(line)) variant = readComment(line, i + 1, tags, work) ?? variant;
    else length = readMatchLine(line);
  }
  if (length === null) {
    throw new MatSyntaxError('This is not a .mat file: it has no "N point match" line.', 'not-a-match-file', 0, null);
  }
  const variation = tags.get('variation');
  if (variation !== undefined && !BACKGAMMON.test(variation.trim())) {
    throw new MatSyntaxError(
      `Only backgammon and long nardy are played here, not ${variation}.`,
      'unsupported',
      lineOf(lines, 'Variation'),
      null,
    );
  }
  const games: MatGame[] = [];
  let records = 0;
  while (i < lines.length) {
    const line = lines[i];
    work.visited += line.length;
    const game = GAME_LINE.exec(line);
    if (game !== null) {
      if (games.length >= MAX_GAMES) throw new MatSyntaxError('Too many games.', 'unsupported', i + 1, null);
      const read = readGame(lines, i, Number(game[1]), work);
      games.push(read.game);
      records += read.game.actions.length;
      if (records > MAX_RECORDS) {
        throw new MatSyntaxError(`More than ${MAX_RECORDS} records: too long a file.`, 'unsupported', i + 1, null);
      }
      i = read.next;
    } else if (isBlank(line) || isComment(line)) {
      i++;
    } else {
      throw new MatSyntaxError(`Line ${i + 1} is outside any game: ${quoted(line)}.`, 'bad-line', i + 1, null);
    }
  }
  return { length, variant, tags, games };
}

/** The length of a ` N point match` line, or null for another line. */
function readMatchLine(line: string): number | null {
  const match = MATCH_LINE.exec(line);
  return match === null ? null : Number(match[1]);
}

/** Longest piece of a line a message quotes: the text is the sender's, and may be a megabyte long. */
const QUOTE_LENGTH = 60;

/** Part of the file, in quotes, for a message: trimmed, and cut short when long. */
function quoted(text: string): string {
  const trimmedText = text.trim();
  return `"${trimmedText.length > QUOTE_LENGTH ? `${trimmedText.slice(0, QUOTE_LENGTH)}…` : trimmedText}"`;
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function isComment(line: string): boolean {
  const start = line.trimStart();
  return start.startsWith(';') || start.startsWith('#');
}

/** Records a header tag; returns the variant a `Variant:` comment names. */
function readComment(line: string, number: number, tags: Map<string, string>, work: ReadingWork): Variant | undefined {
  const body = line.trimStart().slice(1).trim();
  const tag = readTag(body, work);
  if (tag !== null) {
    tags.set(tag.key.toLowerCase(), tag.value);
    return undefined;
  }
  const named = VARIANT_COMMENT.exec(body);
  const name = named === null ? '' : body.slice(named[0].length).trim();
  if (name === '') return undefined;
  const value = name.toLowerCase().replace(/\s+/g, '-');
  if ((VARIANTS as readonly string[]).includes(value)) return value as Variant;
  throw new MatSyntaxError(
    `Only backgammon and long nardy are played here, not ${quoted(name)}.`,
    'unsupported',
    number,
    null,
  );
}

function lineOf(lines: readonly string[], word: string): number {
  const index = lines.findIndex((line) => isComment(line) && line.includes(word));
  return index + 1;
}

/** A game from its `Game N` line at `start`: the game and the index of the line after it. */
function readGame(
  lines: readonly string[],
  start: number,
  number: number,
  work: ReadingWork,
): { game: MatGame; next: number } {
  let i = start + 1;
  while (i < lines.length && isBlank(lines[i])) work.visited += lines[i++].length;
  const scoreLine = lines[i] ?? '';
  const score = readScoreLine(scoreLine, work);
  if (score === null) {
    throw new MatSyntaxError(
      `Game ${number}: line ${i + 1} should name the players and their scores ("alice : 0   bob : 0").`,
      'bad-score-line',
      i + 1,
      number,
    );
  }
  if (score.players.some((name) => hasControlCharacter(name))) {
    throw new MatSyntaxError(
      `Game ${number}: the player's name on line ${i + 1} has a control character.`,
      'bad-score-line',
      i + 1,
      number,
    );
  }
  const actions: MatAction[] = [];
  let turn = 0;
  let automaticDoubles = 0;
  for (i++; i < lines.length && !GAME_LINE.test(lines[i]); i++) {
    const line = lines[i];
    work.visited += line.length;
    if (isBlank(line)) continue;
    if (isComment(line)) {
      const tag = readTag(line.trimStart().slice(1).trim(), work);
      if (tag !== null && tag.key.trim().toLowerCase() === AUTOMATIC_DOUBLES_KEY) {
        if (!AUTOMATIC_DOUBLES_VALUE.test(tag.value.trim())) {
          throw new MatSyntaxError(
            `Game ${number}: line ${i + 1} should give the automatic doubles as a number.`,
            'bad-line',
            i + 1,
            number,
          );
        }
        automaticDoubles = Number(tag.value.trim());
        continue;
      }
      if (SET_POSITION.test(line)) {
        throw new MatSyntaxError(
          `Game ${number}: a position set up on line ${i + 1} cannot be replayed.`,
          'unsupported',
          i + 1,
          number,
          turn,
        );
      }
      continue;
    }
    turn = readTurnLine(line, i + 1, number, turn, actions);
  }
  return {
    game: {
      number,
      line: start + 1,
      players: score.players,
      score: score.score,
      automaticDoubles,
      actions,
    },
    next: i,
  };
}

/**
 * The records of one line, appended to `actions`; returns the line's turn
 * number. The line is split into the two columns as gnubg splits it: before
 * a second roll when it has two, else at its first two blanks from column 15
 * on; a column may hold more than one record (a roll shown alone and the
 * result of a resignation).
 */
function readTurnLine(line: string, number: number, game: number, lastTurn: number, actions: MatAction[]): number {
  const prefix = TURN_PREFIX.exec(line);
  const turn = prefix === null ? lastTurn : Number(prefix[1]);
  const from = prefix === null ? 0 : prefix[0].length;
  const starts: number[] = [];
  RECORD_START.lastIndex = from;
  for (let m = RECORD_START.exec(line); m !== null; m = RECORD_START.exec(line)) starts.push(m.index);
  const fail = (what: string): never => {
    throw new MatSyntaxError(`Game ${game}, line ${number}: ${what}`, 'bad-line', number, game, turn);
  };
  if (starts.length > 4) fail(`too many records on one line: ${quoted(line)}.`);
  const rolls = starts.filter((start) => ROLL_START.test(line.slice(start, start + 3)));
  const blanks = line.indexOf('  ', 15);
  const split = rolls.length >= 2 ? rolls[1] : blanks >= 0 ? blanks : line.length;
  const columns: ReadonlyArray<readonly [MatSide, number, number]> = [
    [0, from, Math.max(from, split)],
    [1, Math.max(from, split), line.length],
  ];
  for (const [side, begin, end] of columns) {
    const inColumn = starts.filter((start) => start >= begin && start < end);
    if (line.slice(begin, inColumn[0] ?? end).trim() !== '') {
      fail(`${quoted(line.slice(begin, inColumn[0] ?? end))} is not a roll and play, a cube action or a result.`);
    }
    inColumn.forEach((start, k) => {
      const action = readRecord(line.slice(start, inColumn[k + 1] ?? end).trim(), side, turn, number, fail);
      if (action !== null) actions.push(action);
    });
  }
  return turn;
}

const ROLL_START = /^[1-6][1-6]:$/;
/** A roll; its play is the rest of the record. */
const ROLL = /^([1-6])([1-6]):/;
const CUBE = /^(doubles?|beavers?)(?:\s*=>\s*(\d{1,5}))?$/i;
const WINS = /^wins?\s+(\d{1,5})\s+points?(?:\s+and\s+the\s+match)?\.?$/i;
const TAKE = /^takes?$/i;
const DROP = /^drops?$/i;
/** A .gam resignation line says nothing the Wins line after it does not. */
const RESIGN = /^resigns?\b/i;
const RACCOON = /^raccoons?\b/i;
const CANNOT_MOVE = /^cannot\s+move$/i;
/** XG's play of a roll it did not record. */
const UNKNOWN_PLAY = /^\?+$/;
const ILLEGAL_PLAY = /^illegal\s+play/i;
const BACKGAMMON = /^backgammon$/i;
const SET_POSITION = /^\s*;\s*set\s+pos\s*=/i;

function readRecord(
  text: string,
  side: MatSide,
  turn: number,
  line: number,
  fail: (what: string) => never,
): MatAction | null {
  const base = { side, turn, line };
  const roll = ROLL.exec(text);
  if (roll !== null) {
    let play = text.slice(roll[0].length).trim();
    if (CANNOT_MOVE.test(play) || UNKNOWN_PLAY.test(play)) play = '';
    if (ILLEGAL_PLAY.test(play)) fail(`an illegal play cannot be replayed (${quoted(text)}).`);
    return { ...base, kind: 'roll', dice: [Number(roll[1]) as Die, Number(roll[2]) as Die], play };
  }
  const cube = CUBE.exec(text);
  if (cube !== null) {
    const value = cube[2] === undefined ? null : Number(cube[2]);
    return { ...base, kind: /^b/i.test(cube[1]) ? 'beaver' : 'double', value };
  }
  if (TAKE.test(text)) return { ...base, kind: 'take' };
  if (DROP.test(text)) return { ...base, kind: 'drop' };
  const wins = WINS.exec(text);
  if (wins !== null) return { ...base, kind: 'win', points: Number(wins[1]) };
  if (RESIGN.test(text)) return null;
  if (RACCOON.test(text)) fail('raccoons are not played here (one beaver per double).');
  return fail(`${quoted(text)} is not a roll, a cube action or a result.`);
}

/**
 * Every pattern the reader runs on the file's text, for the test that checks
 * each one reads in linear time (no two runs that can match the same characters
 * side by side or one inside the other).
 */
export const READING_PATTERNS: readonly RegExp[] = [
  MATCH_LINE,
  GAME_LINE,
  VARIANT_COMMENT,
  AUTOMATIC_DOUBLES_VALUE,
  TURN_PREFIX,
  RECORD_START,
  ROLL_START,
  ROLL,
  CUBE,
  WINS,
  TAKE,
  DROP,
  RESIGN,
  RACCOON,
  CANNOT_MOVE,
  UNKNOWN_PLAY,
  ILLEGAL_PLAY,
  BACKGAMMON,
  SET_POSITION,
];
