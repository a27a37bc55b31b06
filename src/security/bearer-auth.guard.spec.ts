import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { SystemClock } from '../common/clock.js';
import type { ApiTokensRepository } from './api-tokens.repository.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';
import type { RequestWithPrincipal } from './principal.js';
import type { RevokedFamilies } from './revoked-families.js';
import { UnauthorizedError } from './security.errors.js';
import type { TokenVersions } from './token-versions.js';

const key = createSecretKey(Buffer.from('a-test-secret-that-is-long-enough-0123456789'));

/** A JwtService that counts verifications. */
class CountingJwt extends JwtService {
  verifications = 0;
  override verifyAsync<T extends object>(...args: Parameters<JwtService['verifyAsync']>): Promise<T> {
    this.verifications++;
    return super.verifyAsync<T>(...args);
  }
}

function contextFor(authorization: string): { context: ExecutionContext; req: RequestWithPrincipal } {
  const req: RequestWithPrincipal & { headers: Record<string, string> } = { headers: { authorization } };
  const context = { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
  return { context, req };
}

/** Every account's token version: `version` for all, changed by the test. */
function versions(version = 0): TokenVersions & { version: number } {
  const fake = { version, known: () => undefined, current: () => Promise.resolve(fake.version) };
  return fake as unknown as TokenVersions & { version: number };
}

/** The revoked refresh families: those in `ids`, changed by the test. */
function families(): RevokedFamilies & { ids: Set<string> } {
  const fake = { ids: new Set<string>(), has: (family: string) => fake.ids.has(family) };
  return fake as unknown as RevokedFamilies & { ids: Set<string> };
}

const noRevokedFamilies = families();

describe('BearerAuthGuard', () => {
  const jwt = new CountingJwt({ secret: key, signOptions: { algorithm: 'HS256' } });
  /** A guard over `tokens`; these tests send JWTs only, so no personal token is ever looked up. */
  const guardOf = (tokens: TokenVersions) =>
    new BearerAuthGuard(jwt, tokens, noRevokedFamilies, {} as ApiTokensRepository, new SystemClock(), new Reflector());
  const sign = (expiresIn: number, tv?: number) =>
    jwt.signAsync({ sub: '00000000-0000-4000-8000-000000000001', username: 'alice', tv }, { expiresIn });

  it('verifies a token once and recognises it on later requests until it expires', async () => {
    const guard = guardOf(versions());
    const token = await sign(3600);
    const before = jwt.verifications;
    for (let i = 0; i < 3; i++) {
      const { context, req } = contextFor(`Bearer ${token}`);
      await expect(guard.canActivate(context)).resolves.toBe(true);
      expect(req.principal).toEqual({
        userId: '00000000-0000-4000-8000-000000000001',
        username: 'alice',
        token: { version: 0, expiresAt: expect.any(Number) as number },
      });
    }
    expect(jwt.verifications - before).toBe(1);
  });

  it('does not take a token with the same claims but another signature for a remembered one', async () => {
    const guard = guardOf(versions());
    const token = await sign(3600);
    await guard.canActivate(contextFor(`Bearer ${token}`).context);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(guard.canActivate(contextFor(`Bearer ${forged}`).context)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('refuses a remembered token once it has expired', async () => {
    const guard = guardOf(versions());
    const token = await sign(1);
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).resolves.toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).rejects.toThrow(/expired/);
  });

  it('refuses a remembered token once its account’s token version was raised, and a token of the new version passes', async () => {
    const tokens = versions(3);
    const guard = guardOf(tokens);
    const old = await sign(3600, 3);
    await expect(guard.canActivate(contextFor(`Bearer ${old}`).context)).resolves.toBe(true);
    tokens.version = 4;
    const before = jwt.verifications;
    await expect(guard.canActivate(contextFor(`Bearer ${old}`).context)).rejects.toThrow(/revoked/);
    expect(jwt.verifications).toBe(before);
    await expect(guard.canActivate(contextFor(`Bearer ${await sign(3600, 4)}`).context)).resolves.toBe(true);
  });

  it('takes a token without a version for version 0 (issued before versions), and only while the account is at 0', async () => {
    const tokens = versions(0);
    const guard = guardOf(tokens);
    const token = await sign(3600);
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).resolves.toBe(true);
    tokens.version = 1;
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).rejects.toThrow(/revoked/);
  });

  it('refuses a token of ours without an expiry, and one whose version is not a whole number', async () => {
    const guard = guardOf(versions());
    const claims = { sub: '00000000-0000-4000-8000-000000000001', username: 'alice' };
    const forever = await jwt.signAsync(claims);
    await expect(guard.canActivate(contextFor(`Bearer ${forever}`).context)).rejects.toThrow(/no expiry/);
    const odd = await jwt.signAsync({ ...claims, tv: '0' }, { expiresIn: 3600 });
    await expect(guard.canActivate(contextFor(`Bearer ${odd}`).context)).rejects.toBeInstanceOf(UnauthorizedError);
    const oddFamily = await jwt.signAsync({ ...claims, fam: 7 }, { expiresIn: 3600 });
    await expect(guard.canActivate(contextFor(`Bearer ${oddFamily}`).context)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });

  it('refuses a remembered token once its refresh family is revoked, and leaves the tokens of other families and of none', async () => {
    const revoked = families();
    const guard = new BearerAuthGuard(
      jwt,
      versions(),
      revoked,
      {} as ApiTokensRepository,
      new SystemClock(),
      new Reflector(),
    );
    const claims = { sub: '00000000-0000-4000-8000-000000000001', username: 'alice', tv: 0 };
    const family = '00000000-0000-4000-8000-00000000000f';
    const ofFamily = await jwt.signAsync({ ...claims, fam: family }, { expiresIn: 3600 });
    const ofOther = await jwt.signAsync(
      { ...claims, fam: '00000000-0000-4000-8000-00000000000e' },
      { expiresIn: 3600 },
    );
    const ofNone = await jwt.signAsync(claims, { expiresIn: 3600 });
    const { context, req } = contextFor(`Bearer ${ofFamily}`);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(req.principal?.token.family).toBe(family);
    revoked.ids.add(family);
    const before = jwt.verifications;
    await expect(guard.canActivate(contextFor(`Bearer ${ofFamily}`).context)).rejects.toThrow(/used twice/);
    expect(jwt.verifications).toBe(before);
    await expect(guard.canActivate(contextFor(`Bearer ${ofOther}`).context)).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(`Bearer ${ofNone}`).context)).resolves.toBe(true);
  });
});
