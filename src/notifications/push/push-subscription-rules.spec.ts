import { createECDH } from 'node:crypto';
import { endpointProblem, isP256Point } from './push-subscription-rules.js';

describe('what makes a push subscription usable (docs/web-push.md, "Subscriptions")', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, null],
    ['http://127.0.0.1:8080/push', true, null],
    ['http://push.example.com/a', false, 'must be an https URL'],
    ['ftp://push.example.com/a', true, 'must be an https URL'],
    ['https://user:secret@push.example.com/a', false, 'must not carry a user or password'],
    ['/relative/path', false, 'must be an absolute URL'],
  ])('endpoint %s (http allowed: %s): %s', (endpoint, allowHttp, problem) => {
    expect(endpointProblem(endpoint, allowHttp)).toBe(problem);
  });

  it('takes a browser’s P-256 key and refuses what is no point of the curve', () => {
    const browser = createECDH('prime256v1');
    const key = browser.generateKeys();
    expect(isP256Point(key.toString('base64url'))).toBe(true);
    const offCurve = Buffer.from(key);
    offCurve[64] ^= 1;
    expect(isP256Point(offCurve.toString('base64url'))).toBe(false);
    expect(isP256Point(browser.getPublicKey(null, 'compressed').toString('base64url'))).toBe(false);
    const notUncompressed = Buffer.from(key);
    notUncompressed[0] = 0x05;
    expect(isP256Point(notUncompressed.toString('base64url'))).toBe(false);
  });
});
