/**
 * The play being made on the match page: the match/ logic (PlayBuilder over the server's legal
 * plays, the one-click bear-off, typed text) behind the few questions the page's parts ask.
 */
import { formatPlay, type Dice } from '../../../../src/engine/index.js';
import type { Colour, LegalPlay, Variant } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { oneSensibleBearOff } from '../../match/bear-off.js';
import type { ColourBoard, ColourBoardInput } from '../../match/colour-board.js';
import { PlayBuilder } from '../../match/play-builder.js';
import { playFromText } from '../../match/play-text.js';

export class PlaySession {
  private constructor(
    private readonly builder: PlayBuilder<LegalPlay>,
    private readonly before: ColourBoardInput,
    private readonly variant: Variant,
    private readonly player: Colour,
    private readonly dice: Dice | null,
    private readonly firstTurn: boolean,
  ) {}

  static start(
    variant: Variant,
    board: ColourBoardInput,
    player: Colour,
    plays: readonly LegalPlay[],
    dice: readonly number[] | null,
    firstTurn = false,
  ): PlaySession {
    const builder = PlayBuilder.start({ board, variant, player, plays, dice, firstTurn });
    const roll: Dice | null = builder.dice;
    return new PlaySession(builder, board, variant, player, roll, firstTurn);
  }

  private with(builder: PlayBuilder<LegalPlay> | null): PlaySession | null {
    return builder === null
      ? null
      : new PlaySession(builder, this.before, this.variant, this.player, this.dice, this.firstTurn);
  }

  get plays(): readonly LegalPlay[] {
    return this.builder.plays;
  }

  get steps(): readonly { readonly from: number; readonly to: number }[] {
    return this.builder.steps;
  }

  /** The board with the steps made so far. */
  get board(): ColourBoard {
    return this.builder.board();
  }

  sources(): ReadonlySet<number> {
    return new Set(this.builder.sources());
  }

  targets(from: number): ReadonlySet<number> {
    return new Set(this.builder.targets(from));
  }

  move(from: number, to: number): PlaySession | null {
    return this.with(this.builder.move(from, to));
  }

  /** The checker on `from` moved one step at once, by the larger die when it can be (a one-click move). */
  moveByOneDie(from: number): PlaySession | null {
    const [step] = this.builder.stepsFrom(from);
    return step === undefined ? null : this.with(this.builder.move(from, step.to));
  }

  /** Which of the two dice are played already. */
  usedDice(): readonly [boolean, boolean] {
    return this.builder.usedDice();
  }

  undo(): PlaySession {
    return this.with(this.builder.undo()) ?? this;
  }

  reset(): PlaySession {
    return this.with(this.builder.reset()) ?? this;
  }

  complete(): LegalPlay | null {
    return this.builder.complete();
  }

  /** The session with every step of `play` made (shown on the board, waiting to be confirmed). */
  previewing(play: LegalPlay): PlaySession {
    let next: PlayBuilder<LegalPlay> | null = this.builder.reset();
    for (const step of play.moves) next = next?.move(step.from, step.to) ?? null;
    return this.with(next) ?? this;
  }

  /** The steps to send: the play's own, as the server listed them. */
  stepsFor(play: LegalPlay): readonly { readonly from: number; readonly to: number }[] {
    return play.moves;
  }

  bearOff(): LegalPlay | null {
    return oneSensibleBearOff(this.builder.plays, this.before, this.player);
  }

  fromText(text: string): { readonly play: LegalPlay } | { readonly error: string } {
    const { before: board, variant, player, dice, firstTurn } = this;
    if (dice === null) return { error: t('match.play.noRoll') };
    return playFromText(text, { board, variant, player, dice, plays: this.builder.plays, firstTurn });
  }

  stepsText(): string {
    return formatPlay(this.variant, this.builder.steps);
  }
}
