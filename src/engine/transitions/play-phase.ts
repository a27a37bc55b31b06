/**
 * The `play` phase. A roll runs the move generator once and the phase keeps
 * that search: a stored play given in its canonical moves is found in it by
 * its resulting board (`PlayList.indexOfMoves`) without searching again, and
 * the public `plays` are built from it on first access (a replay never needs
 * them). They are part of the phase's JSON.
 */
import { playAt, type PlayList } from '../legal-plays.js';
import type { Colour, Dice, Play } from '../types.js';

/** Globals cached in module scope: a global lookup is slow inside vm contexts (Jest). */
const { freeze: freezeObject } = Object;

export class PlayPhase {
  readonly kind = 'play' as const;
  /** The search made at the roll, to find a stored play without searching again. */
  readonly #list: PlayList;
  #plays: readonly Play[] | undefined;

  constructor(
    readonly player: Colour,
    readonly dice: Dice,
    list: PlayList,
  ) {
    this.#list = list;
    freezeObject(this);
  }

  /** The search of a play phase the engine made; undefined for any other value of that shape. */
  static searchOf(phase: object): PlayList | undefined {
    return phase instanceof PlayPhase ? phase.#list : undefined;
  }

  /** Every legal play (never empty: a roll without one passes). */
  get plays(): readonly Play[] {
    if (this.#plays === undefined) {
      const list = this.#list;
      const plays = new Array<Play>(list.count);
      for (let i = 0; i < list.count; i++) plays[i] = playAt(list, i);
      this.#plays = freezeObject(plays);
    }
    return this.#plays;
  }

  toJSON(): { kind: 'play'; player: Colour; dice: Dice; plays: readonly Play[] } {
    return { kind: this.kind, player: this.player, dice: this.dice, plays: this.plays };
  }
}
