import { Body, Controller, Header, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { SignInTokenOnly } from '../security/api-token-scopes.js';
import { BearerAuthGuard } from '../security/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../security/principal.js';
import { RateLimited } from '../security/rate-limits.js';
import { AuthService } from './auth.service.js';
import { TokenRequestDto } from './dto/token-request.dto.js';
import { TokenResponseDto } from './dto/token-response.dto.js';
import { ApiPublic } from '../common/api-public.decorator.js';
import { PRIVATE_NO_STORE } from '../common/response-conventions.js';

@ApiTags('auth')
@ApiPublic()
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('token')
  @HttpCode(HttpStatus.OK)
  // A token is a secret: no cache keeps it (RFC 6749, 5.1).
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @Header('Pragma', 'no-cache')
  @RateLimited('token')
  @ApiOperation({
    summary: 'Log in with username and password; get a bearer token',
    operationId: 'issueToken',
    description:
      'Exchanges a username and password for a bearer token (a JWT valid `expiresIn` seconds): send it as `Authorization: Bearer <token>`. Rate-limited per client address.',
  })
  @ApiOkResponse({
    type: TokenResponseDto,
    headers: {
      'Cache-Control': { description: `\`${PRIVATE_NO_STORE}\`: no cache keeps a token.`, schema: { type: 'string' } },
    },
  })
  @ApiProblems(...BODY_PROBLEMS, [401, 'Wrong username or password (`invalid-credentials`).'], 429)
  issueToken(@Body() dto: TokenRequestDto): Promise<TokenResponseDto> {
    return this.auth.issueToken(dto.username, dto.password);
  }

  @Post('logout-all')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'End every token of the caller’s account issued so far, this one too',
    description:
      'Every bearer token of the account issued up to now is refused from then on (401), on every instance of ' +
      'the service; tokens from later logins work.',
    operationId: 'logoutEverywhere',
  })
  @ApiNoContentResponse({ description: 'Every earlier token is ended.' })
  @ApiProblems(401)
  logoutEverywhere(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.auth.logoutEverywhere(principal.userId);
  }
}
