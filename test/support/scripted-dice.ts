import type { Dice, DiceContext, Die, OpeningThrow } from '../../src/engine/index.js';
import { DiceRoller } from '../../src/matches/core/dice-roller.js';

/** A throw as a test writes it: two dice; an opening throw reads them as [white, black]. */
export type ScriptedThrow = readonly [Die, Die];

/** A throw the roller handed out. */
export interface ServedThrow {
  readonly matchId: string;
  readonly rollIndex: number;
  readonly kind: 'opening' | 'roll';
  readonly dice: ScriptedThrow;
}

/**
 * Dice chosen by the test (docs/architecture.md "Dice": tests get chosen
 * dice only through a provider override, never through a setting). Throws
 * are queued per match (by id) or globally (used when a match has none of
 * its own left); they are served in the order the server asks for them.
 * A throw nobody scripted fails loudly: the request errors (5xx) and the
 * failure is kept in `failures` for the test to show.
 */
export class ScriptedDice extends DiceRoller {
  private readonly perMatch = new Map<string, ScriptedThrow[]>();
  private readonly global: ScriptedThrow[] = [];
  readonly served: ServedThrow[] = [];
  readonly failures: string[] = [];

  /** Queues throws for one match, after any still queued for it. */
  script(matchId: string, ...throws: readonly ScriptedThrow[]): this {
    const queue = this.perMatch.get(matchId) ?? [];
    queue.push(...throws.map(checked));
    this.perMatch.set(matchId, queue);
    return this;
  }

  /** Queues throws for whichever match asks next and has none of its own. */
  scriptAny(...throws: readonly ScriptedThrow[]): this {
    this.global.push(...throws.map(checked));
    return this;
  }

  /** Throws still queued for a match (its own only). */
  remaining(matchId: string): number {
    return this.perMatch.get(matchId)?.length ?? 0;
  }

  /** Forgets every queued throw and failure (between tests). */
  reset(): void {
    this.perMatch.clear();
    this.global.length = 0;
    this.served.length = 0;
    this.failures.length = 0;
  }

  opening(context: DiceContext, rollIndex: number): OpeningThrow {
    const [white, black] = this.next(context, rollIndex, 'opening');
    return { white, black };
  }

  roll(context: DiceContext, rollIndex: number): Dice {
    return this.next(context, rollIndex, 'roll');
  }

  private next(context: DiceContext, rollIndex: number, kind: ServedThrow['kind']): ScriptedThrow {
    const own = this.perMatch.get(context.matchId);
    const dice = own !== undefined && own.length > 0 ? own.shift() : this.global.shift();
    if (dice === undefined) {
      const message = `ScriptedDice: no throw scripted for match ${context.matchId}, roll index ${rollIndex} (${kind})`;
      this.failures.push(message);
      throw new Error(message);
    }
    this.served.push({ matchId: context.matchId, rollIndex, kind, dice });
    return dice;
  }
}

function checked(dice: ScriptedThrow): ScriptedThrow {
  if (dice.length !== 2 || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
    throw new RangeError(`ScriptedDice: not a throw of two dice: ${JSON.stringify(dice)}`);
  }
  return Object.freeze([dice[0], dice[1]] as const);
}
