import type { ExecutionContext } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { BearerAuthGuard } from './bearer-auth.guard.js';
import type { RequestWithPrincipal } from './principal.js';
import { UnauthorizedError } from './security.errors.js';

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

describe('BearerAuthGuard', () => {
  const jwt = new CountingJwt({ secret: key, signOptions: { algorithm: 'HS256' } });
  const sign = (expiresIn: number) =>
    jwt.signAsync({ sub: '00000000-0000-4000-8000-000000000001', username: 'alice' }, { expiresIn });

  it('verifies a token once and recognises it on later requests until it expires', async () => {
    const guard = new BearerAuthGuard(jwt);
    const token = await sign(3600);
    const before = jwt.verifications;
    for (let i = 0; i < 3; i++) {
      const { context, req } = contextFor(`Bearer ${token}`);
      await expect(guard.canActivate(context)).resolves.toBe(true);
      expect(req.principal).toEqual({ userId: '00000000-0000-4000-8000-000000000001', username: 'alice' });
    }
    expect(jwt.verifications - before).toBe(1);
  });

  it('does not take a token with the same claims but another signature for a remembered one', async () => {
    const guard = new BearerAuthGuard(jwt);
    const token = await sign(3600);
    await guard.canActivate(contextFor(`Bearer ${token}`).context);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(guard.canActivate(contextFor(`Bearer ${forged}`).context)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('refuses a remembered token once it has expired', async () => {
    const guard = new BearerAuthGuard(jwt);
    const token = await sign(1);
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).resolves.toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(guard.canActivate(contextFor(`Bearer ${token}`).context)).rejects.toThrow(/expired/);
  });
});
