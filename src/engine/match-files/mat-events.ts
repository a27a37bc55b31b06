/**
 * A .mat file (mat-parse.ts) replayed into the engine's events, every record
 * judged by `apply`: the joins of both seats, then per game the opening roll
 * (the starter's two dice: the higher one is the starter's die), rolls, the
 * plays through the engine's move-text reading (`playEventFor`, so stored in
 * canonical form with the board after them), doubles, takes, drops and
 * beavers, a `Wins` that no play or drop explains as a resignation of the
 * loser and its acceptance, and after each event the records the server
 * would append itself (`recordsDue`: game-end, match-end). The log so made
 * replays like a match played here.
 *
 * What the file says is checked against what the events give: each score
 * line, each `Doubles => N`, each `Wins N points`, and that the match is
 * over at the end (a money session is then left between games: the file
 * does not say by whom, and the `leave` is white's). Where gnubg fills in what
 * a file leaves out, this does the same: a roll written without its play
 * when that play is forced, and the take of a beaver implied by the doubler's
 * next roll. Header tags give the rules (`[Crawford "Off"]`, `[Jacoby "On"]`,
 * `[Beaver "On"]`, `[AutomaticDoubles "N"]`, `[CubeLimit "N"]`, `[Cube "Off"]`, and for long nardy
 * `[Koks "Off"]`, `[NextGameStarter "opening-roll"]`); without them a match
 * is read as gnubg reads it, with the Crawford rule, and a money session
 * with the Jacoby rule when its results show it.
 *
 * A refusal is a MatImportError naming the game (as the file numbers it),
 * the turn (the number of its line), the line and the reason (the engine's,
 * e.g. `must-use-larger-die`).
 */
import { apply, applyCommand, newMatch } from '../apply.js';
import type { MatchEvent } from '../events.js';
import type { MatchState } from '../match-state.js';
import { resolveRules, type RulesOptions } from '../rules-options.js';
import { recordsDue } from '../transitions/records.js';
import { playEventFor } from '../transitions/plays.js';
import { opponentOf, type Colour, type Variant } from '../types.js';
import { MatSyntaxError, parseMat, type MatAction, type MatDocument, type MatGame } from '../notation/mat-parse.js';

/** A match read from a .mat file: its terms, its players as the file names them, its events and the state they give. */
export interface MatImport {
  readonly variant: Variant;
  readonly length: number;
  readonly rules: RulesOptions;
  readonly players: { readonly white: string; readonly black: string };
  readonly events: readonly MatchEvent[];
  readonly state: MatchState;
}

/** A file whose text or games the engine refuses: where (game, turn, line) and why. */
export class MatImportError extends Error {
  override readonly name = 'MatImportError';
  constructor(
    message: string,
    /** A reading reason (`bad-line`, `score-mismatch`, ...) or the engine's (`illegal-play`'s play reason, ...). */
    readonly reason: string,
    /** The game as the file numbers it; null for the file as a whole. */
    readonly game: number | null,
    /** The turn number of the line (`12)`); null when the fault is not in a turn. */
    readonly turn: number | null,
    /** 1-based line of the file; null when no one line is at fault. */
    readonly line: number | null,
  ) {
    super(message);
  }
}

/** Reads .mat text into a finished match. @throws MatImportError */
export function readMat(text: string): MatImport {
  let document: MatDocument;
  try {
    document = parseMat(text);
  } catch (err) {
    if (!(err instanceof MatSyntaxError)) throw err;
    throw new MatImportError(err.message, err.reason, err.game, err.turn, err.line === 0 ? null : err.line);
  }
  return matToEvents(document);
}

/** The events of a parsed file. @throws MatImportError */
export function matToEvents(document: MatDocument): MatImport {
  const rules = rulesOf(document);
  try {
    return new Replay(document, rules).run();
  } catch (err) {
    // gnubg writes no Jacoby tag: a money session whose results only the Jacoby rule explains is read with it.
    const untold = document.length === 0 && !document.tags.has('jacoby') && rules.cube;
    if (err instanceof MatImportError && err.reason === 'result-mismatch' && untold) {
      try {
        return new Replay(document, { ...rules, jacoby: true }).run();
      } catch {
        throw err;
      }
    }
    throw err;
  }
}

function rulesOf(document: MatDocument): RulesOptions {
  const { tags, length, variant } = document;
  const flag = (key: string): boolean | undefined => {
    const value = tags.get(key)?.trim();
    if (value === undefined) return undefined;
    if (/^(on|yes|true)$/i.test(value)) return true;
    if (/^(off|no|false)$/i.test(value)) return false;
    throw new MatImportError(`The header's ${key} is "${value}", not On or Off.`, 'bad-header', null, null, null);
  };
  const partial: { -readonly [K in keyof RulesOptions]?: RulesOptions[K] } = {
    cube: flag('cube'),
    crawford: length > 0 ? flag('crawford') : undefined,
    jacoby: length === 0 ? flag('jacoby') : undefined,
    beavers: length === 0 ? flag('beaver') : undefined,
  };
  const limit = tags.get('cubelimit');
  if (limit !== undefined) partial.cubeLimit = Number(limit);
  const automatic = tags.get('automaticdoubles');
  if (automatic !== undefined && length === 0) partial.automaticDoubles = Number(automatic);
  if (variant === 'long-nardy') {
    partial.koks = flag('koks');
    const starter = tags.get('nextgamestarter');
    if (starter !== undefined) partial.nextGameStarter = starter.trim() as RulesOptions['nextGameStarter'];
  }
  const resolved = resolveRules(partial);
  if (!resolved.ok) {
    throw new MatImportError(
      `The header's rules make no sense: ${resolved.problems[0].message}.`,
      'bad-header',
      null,
      null,
      null,
    );
  }
  return resolved.rules;
}

const colourOf = (side: 0 | 1): Colour => (side === 0 ? 'white' : 'black');

/** One pass over the file's games, event by event. */
class Replay {
  private state: MatchState;
  private readonly events: MatchEvent[] = [];
  /** Where the record being read is, for refusals. */
  private at: { game: number | null; turn: number | null; line: number | null } = {
    game: null,
    turn: null,
    line: null,
  };
  /**
   * A roll written without its play: the play is made (when it is the only one) or the roller
   * resigned (the result that follows says which); with several plays possible only a resignation
   * may follow.
   */
  private unplayed: { readonly action: MatAction; readonly colour: Colour; readonly forced: boolean } | null = null;

  constructor(
    private readonly document: MatDocument,
    private readonly rules: RulesOptions,
  ) {
    this.state = newMatch({ variant: document.variant, length: document.length, rules });
  }

  run(): MatImport {
    const { games, length, variant } = this.document;
    if (games.length === 0) throw this.fail('no-games', 'The file holds no game.');
    const [white, black] = games[0].players;
    this.push({ type: 'join', colour: 'white' });
    this.push({ type: 'join', colour: 'black' });
    for (const game of games) this.game(game, games[0]);
    const last = games[games.length - 1];
    if (length === 0 && this.state.status === 'playing' && !this.state.game.started) {
      this.push({ type: 'leave', by: 'white' });
    }
    if (this.state.status !== 'finished') {
      const { white: w, black: b } = this.state.progress.score;
      this.at = { game: last.number, turn: null, line: null };
      if (this.state.game.started) throw this.fail('game-unfinished', 'The game ends without a winner.');
      throw this.fail(
        'match-unfinished',
        `The match to ${length} stands at ${w}-${b} after the last game: the file ends before it is won.`,
      );
    }
    return { variant, length, rules: this.rules, players: { white, black }, events: this.events, state: this.state };
  }

  private game(game: MatGame, first: MatGame): void {
    this.at = { game: game.number, turn: null, line: game.line };
    if (this.state.phase.kind === 'match-over') throw this.fail('after-match-end', 'The match was already over.');
    if (this.state.game.started) throw this.fail('game-unfinished', 'The game before it ends without a winner.');
    if (game.players[0] !== first.players[0] || game.players[1] !== first.players[1]) {
      throw this.fail(
        'players-mismatch',
        `The players are ${game.players.join(' and ')}, not ${first.players.join(' and ')} as in game ${first.number}.`,
      );
    }
    const { white, black } = this.state.progress.score;
    if (game.score[0] !== white || game.score[1] !== black) {
      throw this.fail(
        'score-mismatch',
        `The score line says ${game.score[0]}-${game.score[1]}, but the games before it make it ${white}-${black}.`,
      );
    }
    this.automaticDoubles(game);
    const gamesBefore = this.state.games.length;
    this.unplayed = null;
    for (const action of game.actions) {
      this.at = { game: game.number, turn: action.turn, line: action.line };
      if (action.kind === 'win') {
        this.win(action, gamesBefore);
        continue;
      }
      this.playUnplayed();
      if (this.state.games.length > gamesBefore) {
        throw this.fail('after-game-end', `The game is over: nothing may follow its last play.`);
      }
      this.act(action);
    }
    this.playUnplayed();
    if (this.state.games.length === gamesBefore && this.document.games[this.document.games.length - 1] !== game) {
      throw this.fail('game-unfinished', 'The game ends without a winner.');
    }
  }

  /**
   * The game's automatic doubles (M4, B2), as tied opening throws before the one the file shows:
   * .mat keeps no record of the throws that tied, so they are read as 1-1 (the cube is what they give).
   */
  private automaticDoubles(game: MatGame): void {
    const wanted = game.automaticDoubles;
    for (let tie = 0; tie < wanted && this.state.phase.kind === 'opening-roll'; tie++) {
      this.push({ type: 'opening-roll', white: 1, black: 1 });
    }
    if (this.state.game.automaticDoubles !== wanted) {
      throw this.fail(
        'bad-automatic-doubles',
        `The game says ${wanted} automatic doubles; the rules and the game's start allow ${this.state.game.automaticDoubles}.`,
      );
    }
  }

  /** The play of a roll written without one, where something other than a resignation follows it. */
  private playUnplayed(): void {
    const unplayed = this.unplayed;
    if (unplayed === null) return;
    this.unplayed = null;
    const { phase } = this.state;
    if (!unplayed.forced || phase.kind !== 'play') {
      const { turn, line } = unplayed.action;
      this.at = { ...this.at, turn, line };
      throw this.fail(
        'no-play',
        `${unplayed.colour}'s roll is written without its play, and more than one was possible.`,
      );
    }
    this.play(unplayed.colour, phase.plays[0].moves, 'forced play');
  }

  private act(action: Exclude<MatAction, { kind: 'win' }>): void {
    const colour = colourOf(action.side);
    switch (action.kind) {
      case 'roll':
        return this.roll(colour, action);
      case 'double':
      case 'beaver': {
        this.push({ type: action.kind, by: colour });
        const { phase } = this.state;
        if (action.value !== null && phase.kind === 'cube-response' && phase.offer.value !== action.value) {
          throw this.fail('cube-mismatch', `The cube goes to ${phase.offer.value} here, not ${action.value}.`);
        }
        return;
      }
      case 'take':
      case 'drop':
        this.push({ type: action.kind, by: colour });
        return;
    }
  }

  private roll(colour: Colour, action: Extract<MatAction, { kind: 'roll' }>): void {
    const { phase } = this.state;
    // A beaver's take is not written: the doubler's next roll says it was taken.
    if (phase.kind === 'cube-response' && phase.player === colour && phase.offer.beaver) {
      this.push({ type: 'take', by: colour });
    }
    const [a, b] = action.dice;
    const written = `${a}${b}: ${action.play}`.trim();
    if (this.state.phase.kind === 'opening-roll') {
      if (a === b) throw this.fail('bad-dice', `An opening roll is two different dice, not ${a}${b}.`);
      const [high, low] = a > b ? [a, b] : [b, a];
      this.push({
        type: 'opening-roll',
        white: colour === 'white' ? high : low,
        black: colour === 'white' ? low : high,
      });
    } else {
      this.push({ type: 'roll', by: colour, dice: [a, b] });
    }
    const after = this.state.phase;
    if (after.kind !== 'play') {
      if (action.play !== '')
        throw this.fail('no-legal-play', `${colour} has no legal play with ${a}${b}, but the file plays ${written}.`);
      return;
    }
    if (action.play === '') {
      this.unplayed = { action, colour, forced: after.plays.length === 1 };
      return;
    }
    this.play(colour, action.play, written);
  }

  private play(colour: Colour, submission: string | Parameters<typeof playEventFor>[2], written: string): void {
    const made = playEventFor(this.state, colour, submission);
    if (!made.ok) throw this.fail(made.playReason ?? made.reason, `${colour}'s ${written} is refused: ${made.message}`);
    this.push(made.event);
  }

  /**
   * `Wins N points`: the result of the deciding play or drop, or else the loser's resignation. After
   * a roll written without its play, that play is made when it is forced and ends the game so.
   */
  private win(action: Extract<MatAction, { kind: 'win' }>, gamesBefore: number): void {
    const winner = colourOf(action.side);
    const unplayed = this.unplayed;
    if (unplayed !== null && unplayed.forced && this.state.phase.kind === 'play') {
      const made = playEventFor(this.state, unplayed.colour, this.state.phase.plays[0].moves);
      const after = made.ok ? apply(this.state, made.event) : null;
      const ends = after?.ok === true && after.state.phase.kind === 'game-over';
      if (ends && after.state.phase.outcome.winner === winner && after.state.phase.outcome.points === action.points) {
        this.playUnplayed();
      }
    }
    this.unplayed = null;
    const outcome = this.state.games.length > gamesBefore ? this.state.games[gamesBefore] : null;
    if (outcome !== null) {
      if (outcome.winner !== winner || outcome.points !== action.points) {
        throw this.fail(
          'result-mismatch',
          `The file says ${winner} wins ${action.points}, but the game ends with ${outcome.winner} winning ${outcome.points}.`,
        );
      }
      return;
    }
    const loser = opponentOf(winner);
    for (const value of [1, 2, 3] as const) {
      const offered = apply(this.state, { type: 'resign', by: loser, value });
      if (!offered.ok && value === 1) {
        if (this.left(loser, action.points)) return;
        throw this.fail(offered.reason, `${loser} cannot resign here: ${offered.message}`);
      }
      if (!offered.ok) break;
      const accepted = apply(offered.state, { type: 'resignation-accept', by: winner });
      if (
        accepted.ok &&
        accepted.state.phase.kind === 'game-over' &&
        accepted.state.phase.outcome.points === action.points
      ) {
        this.push({ type: 'resign', by: loser, value });
        this.push({ type: 'resignation-accept', by: winner });
        return;
      }
    }
    throw this.fail(
      'result-mismatch',
      `The file says ${winner} wins ${action.points} without a last play or a drop, and no resignation of ${loser} at a cube of ${this.state.game.cube.value} scores that.`,
    );
  }

  /**
   * A money game left while a double waited for its answer (M6), which the writer shows as the
   * leaver's resignation although none could be offered then: read as the leave, when the leave
   * scores what the file says. Whether it was.
   */
  private left(leaver: Colour, points: number): boolean {
    if (this.document.length !== 0 || this.state.phase.kind !== 'cube-response') return false;
    const left = apply(this.state, { type: 'leave', by: leaver });
    if (!left.ok || left.state.phase.kind !== 'game-over' || left.state.phase.outcome.points !== points) return false;
    this.push({ type: 'leave', by: leaver });
    return true;
  }

  /** Applies an event, then the records it makes due. */
  private push(event: MatchEvent): void {
    this.applyOne(event);
    for (const record of recordsDue(this.state)) this.applyOne(record);
  }

  /** An event of the file, judged as a new command is (the rules for new commands too, apply.ts `applyCommand`). */
  private applyOne(event: MatchEvent): void {
    const result = applyCommand(this.state, event);
    if (!result.ok) throw this.fail(result.playReason ?? result.reason, result.message);
    this.state = result.state;
    this.events.push(event);
  }

  private fail(reason: string, detail: string): MatImportError {
    const { game, turn, line } = this.at;
    const where = [
      game === null ? null : `game ${game}`,
      turn === null ? null : `move ${turn}`,
      line === null ? null : `line ${line}`,
    ].filter((part) => part !== null);
    const message = where.length === 0 ? detail : `${capitalise(where.join(', '))}: ${detail}`;
    return new MatImportError(message, reason, game, turn, line);
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
