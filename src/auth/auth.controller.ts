import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { RateLimited } from '../security/rate-limits.js';
import { AuthService } from './auth.service.js';
import { TokenRequestDto } from './dto/token-request.dto.js';
import { TokenResponseDto } from './dto/token-response.dto.js';
import { ApiPublic } from '../common/api-public.decorator.js';

@ApiTags('auth')
@ApiPublic()
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('token')
  @HttpCode(HttpStatus.OK)
  @RateLimited('token')
  @ApiOperation({
    summary: 'Log in with username and password; get a bearer token',
    operationId: 'issueToken',
    description:
      'Exchanges a username and password for a bearer token (a JWT valid `expiresIn` seconds): send it as `Authorization: Bearer <token>`. Rate-limited per client address.',
  })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiProblems(...BODY_PROBLEMS, [401, 'Wrong username or password (`invalid-credentials`).'], 429)
  issueToken(@Body() dto: TokenRequestDto): Promise<TokenResponseDto> {
    return this.auth.issueToken(dto.username, dto.password);
  }
}
