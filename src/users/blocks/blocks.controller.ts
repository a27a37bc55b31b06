import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { PageQueryDto } from '../../common/page-query.dto.js';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  NEEDS_PLAY_SCOPE,
  RequiresScope,
  type Principal,
} from '../../security/index.js';
import { UsernameParamPipe } from '../username.pipe.js';
import { BLOCKS_PER_ACCOUNT, BlocksService } from './blocks.service.js';
import { BlockListDto } from './dto/block.dto.js';

/** The problems of a route naming a player to block or unblock. */
const NAMED: Array<number | [number, string]> = [
  [400, 'Not a possible username (`invalid-parameter`), or the caller’s own (`cannot-block-self`).'],
  401,
  NEEDS_PLAY_SCOPE,
  [404, 'No such user (`user-not-found`).'],
];

const USERNAME = ApiParam({ name: 'username', description: 'Case-insensitive.', example: 'mallory' });

/**
 * The caller's blocks (docs/community.md, "Blocks"): a player blocked cannot invite the caller, join
 * the caller's open challenges, enter the caller's tournaments or write to the caller. Blocking and
 * unblocking need `play` of a personal API token (a bot keeps pests away too); the list needs `read`.
 */
@ApiTags('users')
@UseGuards(BearerAuthGuard)
@ApiBearerAuth()
@Controller('api/users/me/blocks')
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get()
  @ApiRoute({
    summary: 'The players the caller has blocked',
    operationId: 'listBlocks',
    description: 'A cursor page of the players the caller has blocked, the newest block first.',
    ok: BlockListDto,
    problems: [
      [400, 'Invalid query (`validation-failed`, `invalid-cursor`).'],
      401,
      [403, 'A personal API token without the `read` scope (`insufficient-scope`, with `scope`).'],
    ],
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<BlockListDto> {
    const page = await this.blocks.list(principal.userId, { cursor: query.cursor, limit: query.limit ?? 20 });
    return {
      items: page.items.map((block) => ({ username: block.username, blockedAt: block.blockedAt.toISOString() })),
      next: page.next,
    };
  }

  @Put(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequiresScope('play')
  @ApiRoute({
    summary: 'Block a player',
    operationId: 'blockPlayer',
    description:
      'From now on the player cannot invite the caller, join the caller’s open challenges, enter the ' +
      'tournaments the caller organises, or write to the caller; their refusal (403 `blocked`) names nobody. ' +
      'Matches under way go on. Blocking again changes nothing. The player is not told. ' +
      `At most ${BLOCKS_PER_ACCOUNT} blocks per account.`,
    noContent: { description: 'Blocked (or blocked already).' },
    problems: [
      ...NAMED,
      [409, `The caller blocks ${BLOCKS_PER_ACCOUNT} players already (\`too-many-blocks\`, with \`limit\`).`],
    ],
  })
  @USERNAME
  block(
    @CurrentPrincipal() principal: Principal,
    @Param('username', UsernameParamPipe) username: string,
  ): Promise<void> {
    return this.blocks.block(principal.userId, username);
  }

  @Delete(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequiresScope('play')
  @ApiRoute({
    summary: 'Unblock a player',
    operationId: 'unblockPlayer',
    description: 'The player may invite the caller again, and so on. Unblocking one not blocked changes nothing.',
    noContent: { description: 'Not blocked (any more).' },
    problems: NAMED,
  })
  @USERNAME
  unblock(
    @CurrentPrincipal() principal: Principal,
    @Param('username', UsernameParamPipe) username: string,
  ): Promise<void> {
    return this.blocks.unblock(principal.userId, username);
  }
}
