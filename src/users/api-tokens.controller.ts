import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { SignInTokenOnly, BearerAuthGuard, CurrentPrincipal, type Principal } from '../security/index.js';
import { ApiTokensService, API_TOKENS_PER_ACCOUNT } from './api-tokens.service.js';
import { ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto.js';

const SIGN_IN_ONLY: [number, string] = [
  403,
  'A personal API token may not manage tokens (`insufficient-scope`, with `scope: null`): use a sign-in token.',
];

/** The caller's personal API tokens (docs/architecture.md, "Personal API tokens"); sign-in tokens only. */
@ApiTags('users')
@UseGuards(BearerAuthGuard)
@SignInTokenOnly()
@ApiBearerAuth()
@Controller('api/users/me/api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Make a personal API token, for a program',
    operationId: 'createApiToken',
    description:
      'A long-lived bearer token limited to its scopes, for a bot or a script: send it as `Authorization: Bearer ' +
      '<token>`. Its value is in this answer only (the service keeps its SHA-256). It works until it expires or ' +
      `is revoked; logging out everywhere and changing the password leave it. At most ${API_TOKENS_PER_ACCOUNT} ` +
      'per account.',
  })
  @ApiCreatedResponse({ type: CreatedApiTokenDto, description: 'The token, with its value (shown only now).' })
  @ApiProblems(
    [
      400,
      'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), or an expiry not ' +
        'in the future (`invalid-expiry`, with `field`); nothing made.',
    ],
    413,
    415,
    401,
    SIGN_IN_ONLY,
    [409, `The account holds ${API_TOKENS_PER_ACCOUNT} tokens already (\`too-many-api-tokens\`, with \`limit\`).`],
  )
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.tokens.create(principal.userId, dto);
  }

  @Get()
  @ApiOperation({
    summary: 'The caller’s personal API tokens, without their values',
    operationId: 'listApiTokens',
    description: 'Oldest first, with their scopes, expiry and last use; never their values.',
  })
  @ApiOkResponse({ type: ApiTokenListDto })
  @ApiProblems(401, SIGN_IN_ONLY)
  list(@CurrentPrincipal() principal: Principal): Promise<ApiTokenListDto> {
    return this.tokens.list(principal.userId);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Revoke a personal API token',
    operationId: 'revokeApiToken',
    description: 'The token is refused from then on (401), on every instance of the service.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiProblems(401, SIGN_IN_ONLY, [404, 'The account has no token with this id (`api-token-not-found`).'])
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.tokens.revoke(principal.userId, id);
  }
}
