import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Header,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblems, BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { SignInTokenOnly, BearerAuthGuard, CurrentPrincipal, type Principal, RateLimited } from '../security/index.js';
import { MissingRefreshTokenError } from './auth.errors.js';
import { AuthService } from './auth.service.js';
import { RefreshRequestDto } from './dto/refresh-request.dto.js';
import { clearedRefreshCookie, refreshCookie, refreshTokenOfCookies } from './refresh-cookie.js';
import { TokenRequestDto } from './dto/token-request.dto.js';
import { TokenResponseDto } from './dto/token-response.dto.js';
import { ApiPublic } from '../common/api-public.decorator.js';
import { PRIVATE_NO_STORE } from '../common/response-conventions.js';
import { ApiRoute } from '../common/api-route.decorator.js';

const REFRESH_COOKIE_HEADER =
  '`nardy_refresh=<refresh token>; Path=/api/auth/refresh; Max-Age=2592000; HttpOnly; Secure; SameSite=Strict`.';

/** What answers a token (a login, a refresh) does: 200, uncached, rate-limited, its headers documented. */
function TokenAnswer(): MethodDecorator {
  return applyDecorators(
    HttpCode(HttpStatus.OK),
    // A token is a secret: no cache keeps it (RFC 6749, 5.1).
    Header('Cache-Control', PRIVATE_NO_STORE),
    Header('Pragma', 'no-cache'),
    RateLimited('token'),
    ApiOkResponse({
      type: TokenResponseDto,
      headers: {
        'Cache-Control': {
          description: `\`${PRIVATE_NO_STORE}\`: no cache keeps a token.`,
          schema: { type: 'string' },
        },
        'Set-Cookie': { description: REFRESH_COOKIE_HEADER, schema: { type: 'string' } },
      },
    }),
  );
}

@ApiTags('auth')
@ApiPublic()
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('token')
  @TokenAnswer()
  @ApiOperation({
    summary: 'Log in with username and password; get a bearer token',
    operationId: 'issueToken',
    description:
      'Exchanges a username and password for a bearer token (a JWT valid `expiresIn` seconds): send it as `Authorization: Bearer <token>`. ' +
      'Also answers a refresh token (POST /api/auth/refresh), in the body and as the httpOnly cookie `nardy_refresh`. ' +
      'Rate-limited per client address.',
  })
  @ApiProblems(
    ...BODY_PROBLEMS,
    [401, 'Wrong username or password, or a closed account (`invalid-credentials`).'],
    [403, 'The account is banned (`account-banned`, with `reason` and `until`, null for no end; docs/moderation.md).'],
    429,
  )
  async issueToken(
    @Body() dto: TokenRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponseDto> {
    const answer = await this.auth.issueToken(dto.username, dto.password);
    void reply.header('Set-Cookie', refreshCookie(answer.refreshToken));
    return answer;
  }

  @Post('refresh')
  @TokenAnswer()
  @ApiOperation({
    summary: 'Exchange a refresh token for a new access token and the next refresh token',
    operationId: 'refreshToken',
    description:
      'The refresh token from the body, else from the `nardy_refresh` cookie. Each refresh token works once: the ' +
      'answer holds the next (in the body and the cookie). One used a second time ends every refresh token of its ' +
      'sign-in; logging out everywhere and a new password end them too; one unused for 30 days expires. ' +
      'Rate-limited like POST /api/auth/token.',
  })
  @ApiProblems(
    [
      400,
      'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`), or no refresh token in ' +
        'the body or the cookie (`missing-refresh-token`, with `field`).',
    ],
    413,
    415,
    [401, 'A refresh token that is unknown, expired, revoked or used before (`invalid-refresh-token`); sign in again.'],
    [403, 'The account is banned (`account-banned`, with `reason` and `until`; docs/moderation.md).'],
    429,
  )
  async refresh(
    @Body() dto: RefreshRequestDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponseDto> {
    const value = dto.refreshToken ?? refreshTokenOfCookies(req.headers.cookie);
    if (value === undefined) throw new MissingRefreshTokenError();
    const answer = await this.auth.refresh(value);
    void reply.header('Set-Cookie', refreshCookie(answer.refreshToken));
    return answer;
  }

  @Delete('refresh')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RateLimited('token')
  @ApiRoute({
    summary: 'Sign out of this browser: end the sign-in of the refresh token cookie, and clear the cookie',
    operationId: 'endSignIn',
    description:
      'Ends the sign-in whose refresh token the `nardy_refresh` cookie holds (every refresh token of its family, ' +
      'a spent one’s too) and clears the cookie. Its access tokens work until they expire; ' +
      'POST /api/auth/logout-all ends those too. Without the cookie, or with one that ends nothing, the answer is ' +
      'the same: the sign-in is over either way. Rate-limited like POST /api/auth/token.',
    noContent: {
      description: 'The sign-in is ended.',
      headers: {
        'Set-Cookie': {
          description: '`nardy_refresh=; Path=/api/auth/refresh; Max-Age=0; HttpOnly; Secure; SameSite=Strict`.',
          schema: { type: 'string' },
        },
      },
    },
    problems: [429],
  })
  async endSignIn(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.endSignIn(refreshTokenOfCookies(req.headers.cookie));
    void reply.header('Set-Cookie', clearedRefreshCookie());
  }

  @Post('logout-all')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiRoute({
    summary: 'End every token of the caller’s account issued so far, this one too',
    description:
      'Every bearer token of the account issued up to now is refused from then on (401), on every instance of ' +
      'the service; tokens from later logins work.',
    operationId: 'logoutEverywhere',
    noContent: { description: 'Every earlier token is ended.' },
    problems: [401],
  })
  logoutEverywhere(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.auth.logoutEverywhere(principal.userId);
  }
}
