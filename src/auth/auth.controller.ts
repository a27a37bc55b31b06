import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiProblems, BODY_PROBLEMS } from '../common/api-problems.decorator.js';
import { AuthService } from './auth.service.js';
import { TokenRequestDto } from './dto/token-request.dto.js';
import { TokenResponseDto } from './dto/token-response.dto.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('token')
  @HttpCode(HttpStatus.OK)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Log in with username and password; get a bearer token', operationId: 'issueToken' })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiProblems(...BODY_PROBLEMS, [401, 'Wrong username or password (`invalid-credentials`).'], 429)
  issueToken(@Body() dto: TokenRequestDto): Promise<TokenResponseDto> {
    return this.auth.issueToken(dto.username, dto.password);
  }
}
