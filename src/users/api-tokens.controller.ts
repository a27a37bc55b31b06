import { Body } from '@nestjs/common';
import { AccountRoutes, CurrentPrincipal, type Principal } from '../security/index.js';
import { ApiTokensService, API_TOKENS_PER_ACCOUNT } from './api-tokens.service.js';
import { ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto.js';
import { ApiTokenNotFoundError } from './user.errors.js';

const routes = new AccountRoutes({
  path: 'api-tokens',
  tag: 'users',
  scope: null,
  refused: [
    403,
    'A personal API token may not manage tokens (`insufficient-scope`, with `scope: null`): use a sign-in token.',
  ],
  unknown: {
    problem: [404, 'The account has no token with this id (`api-token-not-found`).'],
    error: () => new ApiTokenNotFoundError(),
  },
});

/** The caller's personal API tokens (docs/architecture.md, "Personal API tokens"); sign-in tokens only. */
@routes.controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @routes.create(
    {
      summary: 'Make a personal API token, for a program',
      operationId: 'createApiToken',
      description:
        'A long-lived bearer token limited to its scopes, for a bot or a script: send it as `Authorization: Bearer ' +
        '<token>`. Its value is in this answer only (the service keeps its SHA-256). It works until it expires or ' +
        `is revoked; logging out everywhere and changing the password leave it. At most ${API_TOKENS_PER_ACCOUNT} ` +
        'per account.',
    },
    { type: CreatedApiTokenDto, description: 'The token, with its value (shown only now).' },
    'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), or an expiry not ' +
      'in the future (`invalid-expiry`, with `field`); nothing made.',
    `The account holds ${API_TOKENS_PER_ACCOUNT} tokens already (\`too-many-api-tokens\`, with \`limit\`).`,
  )
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.tokens.create(principal.userId, dto);
  }

  @routes.read(
    {
      summary: 'The caller’s personal API tokens, without their values',
      operationId: 'listApiTokens',
      description: 'Oldest first, with their scopes, expiry and last use; never their values.',
    },
    ApiTokenListDto,
  )
  list(@CurrentPrincipal() principal: Principal): Promise<ApiTokenListDto> {
    return this.tokens.list(principal.userId);
  }

  @routes.remove(
    {
      summary: 'Revoke a personal API token',
      operationId: 'revokeApiToken',
      description: 'The token is refused from then on (401), on every instance of the service.',
    },
    'Revoked.',
  )
  revoke(@CurrentPrincipal() principal: Principal, @routes.id() id: string): Promise<void> {
    return this.tokens.revoke(principal.userId, id);
  }
}
