/** A registered player, as the use cases see it. */
export interface User {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly rating: number | null;
  /** Play a roll's only legal play at once, as the player's own play. */
  readonly autoPlayForced: boolean;
  readonly createdAt: Date;
}
