import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import type { Environment } from '../config/environment.js';
import { PasswordHasher } from '../security/password-hasher.js';
import { UnauthorizedError } from '../security/security.errors.js';
import { TokenVersions } from '../security/token-versions.js';
import { UsersRepository } from '../users/users.repository.js';
import { InvalidCredentialsError } from './auth.errors.js';
import type { TokenResponseDto } from './dto/token-response.dto.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly config: ConfigService<Environment, true>,
    private readonly tokens: TokenVersions,
  ) {}

  /**
   * Password login. An unknown user and a wrong password get the same answer in about the same time.
   * So does a house bot (docs/bots.md): the service plays those itself, and nobody logs in as one
   * (its stored hash verifies no password either); an outside bot logs in as anyone does.
   */
  async issueToken(username: string, password: string): Promise<TokenResponseDto> {
    const found = await this.users.findByUsername(username);
    const user = found?.houseBot === null ? found : null;
    const ok = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !ok) throw new InvalidCredentialsError();
    const expiresIn = this.config.get('JWT_TTL_SECONDS', { infer: true });
    const accessToken = await this.jwt.signAsync(
      { sub: user.id, username: user.username, tv: user.tokenVersion },
      { expiresIn, algorithm: 'HS256' },
    );
    return { accessToken, tokenType: 'Bearer', expiresIn };
  }

  /**
   * Ends every token of the account issued so far, the caller's too, on every
   * instance (docs/architecture.md, "API conventions"); later logins work as before.
   */
  async logoutEverywhere(userId: string): Promise<void> {
    const version = await this.users.raiseTokenVersion(userId);
    if (version === null) throw new UnauthorizedError('The account of this bearer token no longer exists.');
    await this.tokens.raised(userId, version);
  }
}
