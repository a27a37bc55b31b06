import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { SignInTokenOnly, BearerAuthGuard, CurrentPrincipal, type Principal, RateLimited } from '../security/index.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { LeaderboardDto, LeaderboardQueryDto } from './dto/leaderboard.dto.js';
import { RegisterUserDto } from './dto/register-user.dto.js';
import { UpdateSettingsDto } from './dto/update-settings.dto.js';
import { MeDto, UserProfileDto } from './dto/user-profile.dto.js';
import { UsernameParamPipe } from './username.pipe.js';
import { UsersService } from './users.service.js';
import { ApiPublic } from '../common/api-public.decorator.js';
import { ApiRoute } from '../common/api-route.decorator.js';

@ApiTags('users')
@ApiPublic()
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RateLimited('register')
  @ApiRoute({
    summary: 'Register a player',
    operationId: 'registerUser',
    description:
      'Creates an account: a username (3-24 of `a-z 0-9 _ -`, unique regardless of case, not one that reads as a house ' +
      'bot’s or a reserved name) and a password (8-128 characters, ' +
      'not one of the most common passwords or close to one, not containing the username); then POST /api/auth/token ' +
      'for a token. Rate-limited per client address.',
    created: { type: MeDto, description: 'The new account.' },
    problems: [
      [
        400,
        'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), or a password too ' +
          'easy to guess or containing the username (`weak-password`, with `field`); nothing created.',
      ],
      413,
      415,
      [409, 'The username is taken, regardless of case (`username-taken`).'],
      429,
    ],
  })
  register(@Body() dto: RegisterUserDto): Promise<MeDto> {
    return this.users.register(dto);
  }

  @Get()
  @ApiRoute({
    summary:
      'The leaderboard: players with at least LEADERBOARD_MIN_EXPERIENCE experience (rated match lengths), highest rating first',
    operationId: 'listUsersByRating',
    description:
      'Cursor pages of the players who have played rated matches, highest rating first, with their experience and record.',
    ok: LeaderboardDto,
    problems: [[400, 'Invalid query (`validation-failed`, `invalid-cursor`).']],
  })
  leaderboard(@Query() query: LeaderboardQueryDto): Promise<LeaderboardDto> {
    return this.users.leaderboard(query.cursor, query.limit ?? 20);
  }

  @Get('me')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'The caller’s own account',
    operationId: 'getMe',
    description: 'The account of the token: username, rating, experience, record and settings.',
    ok: MeDto,
    problems: [401],
  })
  me(@CurrentPrincipal() principal: Principal): Promise<MeDto> {
    return this.users.me(principal.userId);
  }

  @Patch('me')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'Change the caller’s settings',
    operationId: 'updateMe',
    description: 'Changes the settings sent, and only those: `autoPlayForced` plays a roll’s only legal play at once.',
    ok: MeDto,
    problems: [...BODY_PROBLEMS, 401],
  })
  updateMe(@CurrentPrincipal() principal: Principal, @Body() dto: UpdateSettingsDto): Promise<MeDto> {
    return this.users.updateSettings(principal.userId, dto);
  }

  @Post('me/upgrade-to-bot')
  @HttpCode(HttpStatus.OK)
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'Turn the caller’s account into a bot account, for a program that plays',
    operationId: 'upgradeToBot',
    description:
      'For outside bots (docs/bots.md): the account shows `bot: true` wherever it appears (profiles, the leaderboard, ' +
      'the players of a match) and plays and logs in as before. Only an account that has never played may become ' +
      'one: no seat in any match, no experience; register a new account for the bot. Asking again as a bot ' +
      'account answers it as it is. There is no way back.',
    ok: { type: MeDto, description: 'The account, now a bot’s (`bot: true`, `houseBot: null`).' },
    problems: [
      401,
      [409, 'The account has played: it has a seat in a match, or experience (`account-has-played`); nothing changed.'],
    ],
  })
  upgradeToBot(@CurrentPrincipal() principal: Principal): Promise<MeDto> {
    return this.users.upgradeToBot(principal.userId);
  }

  @Patch('me/password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimited('token')
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'Change the caller’s password; every token issued before ends, this one too',
    description:
      'Needs the current password. Every bearer token of the account issued before the change is refused from ' +
      'then on (401), on every instance of the service: log in again with the new password. The new password is ' +
      'held to the rule of registration. Rate-limited like POST /api/auth/token.',
    operationId: 'changePassword',
    noContent: { description: 'Changed; the tokens issued before are ended.' },
    problems: [
      [
        400,
        'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), or a new password too ' +
          'easy to guess or containing the username (`weak-password`, with `field`); nothing changed.',
      ],
      413,
      415,
      401,
      [403, 'The current password is wrong (`wrong-password`); nothing changed.'],
      429,
    ],
  })
  changePassword(@CurrentPrincipal() principal: Principal, @Body() dto: ChangePasswordDto): Promise<void> {
    return this.users.changePassword(principal.userId, dto);
  }

  @Get(':username')
  @ApiRoute({
    summary: 'A player’s public profile',
    operationId: 'getUserProfile',
    description: 'A player’s public profile: rating, experience and record of rated matches.',
    ok: UserProfileDto,
    problems: [
      [400, 'Not a possible username (`invalid-parameter`).'],
      [404, 'No such user (`user-not-found`).'],
      [410, 'The account is closed (`account-closed`); its name stays reserved.'],
    ],
  })
  @ApiParam({ name: 'username', description: 'Case-insensitive.', example: 'alice' })
  profile(@Param('username', UsernameParamPipe) username: string): Promise<UserProfileDto> {
    return this.users.profile(username);
  }
}
