import { codeHash, newVerificationCode, normalizedCode } from './verification-code.js';

const ANN = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';

describe('verification codes', () => {
  it('are 8 characters without look-alikes (0, O, 1, I)', () => {
    for (let i = 0; i < 200; i++) expect(newVerificationCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('are compared without case, spaces or dashes, and hashed per account', () => {
    expect(normalizedCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(codeHash(ANN, 'abcd 2345').equals(codeHash(ANN, 'ABCD-2345'))).toBe(true);
    expect(codeHash(ANN, 'ABCD2345').equals(codeHash(BOB, 'ABCD2345'))).toBe(false);
  });
});
