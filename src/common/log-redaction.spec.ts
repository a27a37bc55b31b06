import fc from 'fast-check';
import { hasSecretShape, REDACTED, redactSecrets, redactUrl, SECRET_PREFIX_FORM } from './log-redaction.js';

const BASE64URL = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];

/** 256 random bits in base64url, as randomSecret writes them (src/security/opaque-secret.ts). */
const randomPart = fc.array(fc.constantFrom(...BASE64URL), { minLength: 43, maxLength: 43 }).map((c) => c.join(''));

/** The prefixes of the service's opaque secrets, and any other of their form. */
const prefix = fc.oneof(
  fc.constantFrom('nardy_pat_', 'nardy_rt_', 'nardy_pr_', 'nardy_ev_', 'nardy_us_'),
  fc.stringMatching(/^nardy_[a-z]{2,4}_$/),
);

/** A secret and its random part (which no output may hold): an opaque secret, or a sign-in token (a JWT). */
const secret = fc.oneof(
  fc.tuple(prefix, randomPart).map(([p, r]) => ({ value: p + r, random: r })),
  fc.tuple(randomPart, randomPart).map(([header, signature]) => ({
    value: `eyJ${header}.eyJzdWIiOiIxIn0.${signature}`,
    random: signature,
  })),
);

/** A value as it may come in a URL: as it is, some characters percent-encoded, or encoded as a whole once or twice. */
function spelled(value: string, encodedAt: readonly boolean[], wholeEncodings: number): string {
  let spelling = [...value]
    .map((c, i) => (encodedAt[i % encodedAt.length] ? `%${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c))
    .join('');
  for (let i = 0; i < wholeEncodings; i++) spelling = encodeURIComponent(spelling);
  return spelling;
}

/** `text` percent-decoded until it no longer changes (an escape that is not whole left as it is). */
function fullyDecoded(text: string): string {
  const once = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return once === text ? text : fullyDecoded(once);
}

/** Parameter names that say nothing of secrets (the service's own queries among them). */
const plainName = fc.oneof(
  fc.constantFrom('after', 'limit', 'awaiting', 'lang', 'next', 'q', 'x', 'redirect', 'state', 'utm_source'),
  fc.stringMatching(/^[a-z]{1,6}$/).filter((name) => !/(?:key|sig|code|auth|pwd|token)$/.test(name)),
);
const plainValue = fc.stringMatching(/^[A-Za-z0-9 ./:-]{0,20}$/).map(encodeURIComponent);
const anyName = fc.oneof(plainName, fc.string({ maxLength: 12 }).map(encodeURIComponent));
const path = fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { maxLength: 4 }).map((parts) => `/${parts.join('/')}`);

describe('redactUrl', () => {
  it('leaves no secret of a known shape, under any name, in any spelling, at any place of the query', () => {
    fc.assert(
      fc.property(
        path,
        fc.array(fc.tuple(anyName, plainValue), { maxLength: 4 }),
        anyName,
        secret,
        fc.string({ maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.nat(),
        (p, params, name, { value, random }, before, after, encodedAt, wholeEncodings, at) => {
          const inValue = spelled(before + value + after, encodedAt, wholeEncodings);
          const pairs = params.map(([n, v]) => `${n}=${v}`);
          pairs.splice(at % (pairs.length + 1), 0, `${name}=${inValue}`);
          const logged = redactUrl(`${p}?${pairs.join('&')}`);
          expect(logged).not.toContain(random);
          expect(fullyDecoded(logged)).not.toContain(random);
          expect(logged).toContain(REDACTED);
        },
      ),
    );
  });

  it('redacts every value of a parameter named as a secret, whatever its value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'token',
          'TOKEN',
          'access_token',
          'refreshToken',
          'password',
          'api_key',
          'client_secret',
          'code',
        ),
        fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
        (name, value) => {
          expect(redactUrl(`/api/x?after=3&${name}=${value}`)).toBe(`/api/x?after=3&${name}=${REDACTED}`);
        },
      ),
    );
  });

  it('keeps a URL without secrets exactly as it came', () => {
    fc.assert(
      fc.property(path, fc.array(fc.tuple(plainName, plainValue), { maxLength: 5 }), (p, params) => {
        const url = params.length === 0 ? p : `${p}?${params.map(([n, v]) => `${n}=${v}`).join('&')}`;
        expect(redactUrl(url)).toBe(url);
      }),
    );
  });

  it('redacts the links of the mails, keeping what they open', () => {
    const reset = 'nardy_pr_Vh3x0m2Q9bR7kP1sT5yW8zA4cE6gJ0nL2qU4wY6aC8e';
    expect(redactUrl(`/reset-password?token=${reset}`)).toBe(`/reset-password?token=${REDACTED}`);
    expect(
      redactUrl('/api/notifications/unsubscribe?token=5b9e0c1e-1f1b-4c1e-9d1e-1f1b4c1e9d1e.turn.1765000000.abc_-XYZ'),
    ).toBe(`/api/notifications/unsubscribe?token=${REDACTED}`);
    // Signing in from the verification page keeps the fragment in `next`: the shape finds it there.
    expect(redactUrl(`/signin?next=%2Fverify-email%23token%3Dnardy_ev_${'a'.repeat(43)}`)).toBe(
      `/signin?next=${REDACTED}`,
    );
    expect(redactUrl(`/api/things/nardy_pat_${'b'.repeat(43)}/x`)).toBe(`/api/things/${REDACTED}/x`);
  });
});

describe('redactSecrets', () => {
  it('leaves no secret of a known shape anywhere in a text', () => {
    fc.assert(
      fc.property(fc.string(), secret, fc.string(), (before, { value, random }, after) => {
        expect(redactSecrets(before + value + after)).not.toContain(random);
      }),
    );
  });

  it('redacts the value of a URL parameter named as a secret within a text', () => {
    const line = JSON.stringify({ msg: 'fetch https://example.com/hook?a=1&access_token=abc.def failed' });
    expect(redactSecrets(line)).toBe(
      JSON.stringify({ msg: `fetch https://example.com/hook?a=1&access_token=${REDACTED} failed` }),
    );
  });

  it('leaves the names the service gives its database statements and channels', () => {
    const line = 'prepared nardy_0123456789abcdef01234567 on nardy_match_events';
    expect(hasSecretShape(line)).toBe(false);
    expect(redactSecrets(line)).toBe(line);
  });
});

describe('SECRET_PREFIX_FORM', () => {
  it('is the form of every opaque secret prefix the service uses', () => {
    for (const p of ['nardy_pat_', 'nardy_rt_', 'nardy_pr_', 'nardy_ev_', 'nardy_us_']) {
      expect(p).toMatch(SECRET_PREFIX_FORM);
    }
  });
});
