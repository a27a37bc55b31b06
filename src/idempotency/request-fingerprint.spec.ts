import { canonicalJson, requestFingerprint } from './request-fingerprint.js';

describe('requestFingerprint', () => {
  it('is the same for the same request whatever the order of object members', () => {
    const a = requestFingerprint('POST', '/api/matches', {
      variant: 'backgammon',
      rules: { cube: true, jacoby: false },
    });
    const b = requestFingerprint('post', '/api/matches', {
      rules: { jacoby: false, cube: true },
      variant: 'backgammon',
    });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['method', requestFingerprint('PUT', '/api/matches', {})],
    ['path', requestFingerprint('POST', '/api/matches/1/join', {})],
    ['query', requestFingerprint('POST', '/api/matches?x=1', {})],
    ['body', requestFingerprint('POST', '/api/matches', { length: 1 })],
  ])('differs when the %s differs', (_, other) => {
    expect(requestFingerprint('POST', '/api/matches', {})).not.toBe(other);
  });

  it('keeps the order of arrays, and a member named __proto__', () => {
    expect(canonicalJson({ b: [2, 1], a: null })).toBe('{"a":null,"b":[2,1]}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":1}'))).toBe('{"__proto__":{"x":1},"a":1}');
  });
});
