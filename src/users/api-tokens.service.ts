import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { newApiTokenValue, apiTokenHash, ApiTokensRepository, type ApiToken, TokenWatch } from '../security/index.js';
import type { ApiTokenDto, ApiTokenListDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto.js';
import { ApiTokenExpiryError, ApiTokenNotFoundError, TooManyApiTokensError } from './user.errors.js';

/** How many personal API tokens an account may hold at once (docs/architecture.md, "Personal API tokens"). */
export const API_TOKENS_PER_ACCOUNT = 20;

function toDto(token: ApiToken): ApiTokenDto {
  return {
    id: token.id,
    name: token.name,
    scopes: [...token.scopes],
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Personal API tokens (docs/architecture.md, "Personal API tokens"): made with a
 * name, scopes and an optional expiry, their value answered once and stored as
 * its SHA-256 only; listed without values; revoked by deleting them.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly clock: Clock,
    private readonly watch: TokenWatch,
  ) {}

  async create(userId: string, dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const now = this.clock.now();
    const expiresAt = dto.expiresAt == null ? null : new Date(dto.expiresAt);
    if (expiresAt !== null && !(expiresAt.getTime() > now.getTime())) throw new ApiTokenExpiryError();
    const value = newApiTokenValue();
    const made = await this.tokens.create(
      userId,
      { name: dto.name, scopes: dto.scopes, hash: apiTokenHash(value), createdAt: now, expiresAt },
      API_TOKENS_PER_ACCOUNT,
    );
    if (!made) throw new TooManyApiTokensError(API_TOKENS_PER_ACCOUNT);
    return { ...toDto(made), token: value };
  }

  async list(userId: string): Promise<ApiTokenListDto> {
    return { items: (await this.tokens.listOf(userId)).map(toDto) };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.tokens.delete(userId, id))) throw new ApiTokenNotFoundError();
    // Its live streams end: here at once, on the other nodes at their next look (TokenWatch).
    this.watch.apiTokenRevoked(id);
  }
}
