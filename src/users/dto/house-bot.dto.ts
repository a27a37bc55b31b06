import { ApiProperty } from '@nestjs/swagger';
import { VARIANTS, type Variant } from '../../engine/index.js';
import { HOUSE_BOTS, type HouseBot } from '../../house-bots/index.js';

/** A house bot one may invite (docs/bots.md, "Who plays what"), and whether it plays now. */
export class HouseBotDto {
  @ApiProperty({ example: 'gnubg', description: 'The account to invite (`opponent` of POST /api/matches).' })
  username!: string;

  @ApiProperty({ enum: HOUSE_BOTS, example: 'gnubg' })
  houseBot!: HouseBot;

  @ApiProperty({ enum: VARIANTS, isArray: true, example: ['backgammon'], description: 'The variants it plays.' })
  variants!: Variant[];

  @ApiProperty({
    example: true,
    description:
      'Whether it plays now: `gnubg` only where GNU Backgammon is installed on the service. An invitation to a bot that is not available is refused (422 `bot-cannot-play`).',
  })
  available!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why it is not available; null when it is.',
  })
  unavailableReason!: string | null;

  @ApiProperty({ example: 1500 })
  rating!: number;
}

/** `GET /api/house-bots`. */
export class HouseBotListDto {
  @ApiProperty({ type: [HouseBotDto], description: 'Every house bot, by username.' })
  items!: HouseBotDto[];
}
