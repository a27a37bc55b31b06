/** A registered player, as the use cases see it. */
export interface User {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly rating: number | null;
  readonly createdAt: Date;
}
