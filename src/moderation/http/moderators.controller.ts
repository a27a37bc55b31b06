import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../common/api-route.decorator.js';
import { CurrentPrincipal, type Principal } from '../../security/index.js';
import { UsernameParamPipe } from '../../users/index.js';
import { ModeratorsService } from '../moderators.service.js';
import { NeedsRole } from '../roles.guard.js';
import { StaffListDto } from './dto/staff-member.dto.js';

const ADMIN_PROBLEMS: Array<number | [number, string]> = [
  401,
  [
    403,
    'The caller is not an admin (`not-an-admin`), or the account’s role may not change over the API: an admin’s, a ' +
      'house bot’s or the caller’s own (`cannot-moderate`); or a personal API token (`insufficient-scope`).',
  ],
];

/** An admin's grants of the moderator role (docs/moderation.md, "Roles"). */
@ApiTags('moderation')
@Controller('api/moderation/moderators')
@NeedsRole('admin')
export class ModeratorsController {
  constructor(private readonly moderators: ModeratorsService) {}

  @Get()
  @ApiRoute({
    summary: 'The moderators and admins',
    operationId: 'listModerators',
    description: 'Admins only. Every account of role moderator or admin, by name.',
    ok: StaffListDto,
    problems: ADMIN_PROBLEMS,
  })
  async list(): Promise<StaffListDto> {
    return { items: (await this.moderators.list()) as StaffListDto['items'] };
  }

  @Put(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiRoute({
    summary: 'Make an account a moderator',
    operationId: 'grantModerator',
    description:
      'Admins only. The account is a moderator at once, on every node; logged (`grant`). A moderator already: ' +
      'nothing changes. An admin is made at the command line only (`npm run admin -- grant <username> admin`).',
    noContent: { description: 'The account is a moderator.' },
    problems: [
      [400, 'Not a possible username (`invalid-parameter`).'],
      ...ADMIN_PROBLEMS,
      [404, 'No such user (`user-not-found`).'],
    ],
  })
  @ApiParam({ name: 'username', description: 'Case-insensitive.', example: 'alice' })
  grant(
    @CurrentPrincipal() principal: Principal,
    @Param('username', UsernameParamPipe) username: string,
  ): Promise<void> {
    return this.moderators.grant(principal.userId, username);
  }

  @Delete(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiRoute({
    summary: 'Take the moderator role from an account',
    operationId: 'revokeModerator',
    description:
      'Admins only. The account is a player again at once, on every node; logged (`revoke`). A player already: nothing changes.',
    noContent: { description: 'The account is a player.' },
    problems: [
      [400, 'Not a possible username (`invalid-parameter`).'],
      ...ADMIN_PROBLEMS,
      [404, 'No such user (`user-not-found`).'],
    ],
  })
  @ApiParam({ name: 'username', description: 'Case-insensitive.', example: 'alice' })
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('username', UsernameParamPipe) username: string,
  ): Promise<void> {
    return this.moderators.revoke(principal.userId, username);
  }
}
