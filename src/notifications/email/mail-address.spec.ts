import { isEmail } from 'class-validator';
import fc from 'fast-check';
import { mailAddressRefusal } from './mail-address.js';

/** E-mail addresses: no control characters, no quoted local part (docs/email.md, "Addresses"). */
describe('e-mail addresses', () => {
  it.each([
    ['"a\r\nb"@example.com', 'control-character'],
    ['"alice\r\nBcc: eve@example.com"@example.com', 'control-character'],
    ['alice@exa\nmple.com', 'control-character'],
    ['"alice"@example.com', 'quoted-local-part'],
    ['"al ice"@example.com', 'quoted-local-part'],
    ['al."ice"@example.com', 'quoted-local-part'],
  ])('refuses %j (%s)', (address, constraint) => {
    expect(mailAddressRefusal(address, 'email')?.constraint).toBe(constraint);
  });

  it('takes the addresses people have', () => {
    for (const address of ['alice@example.com', 'a.b+nardy@mail.example.org', "o'brien@example.ie"]) {
      expect(mailAddressRefusal(address, 'email')).toBeNull();
    }
  });

  it('leaves no quoted or control-bearing address for isEmail to take', () => {
    const local = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(local, fc.constantFrom('\r', '\n', '\t', '\u0000', '\u007f', '\u2028'), local, (a, bad, b) => {
        const address = `"${a}${bad}${b}"@example.com`;
        expect(mailAddressRefusal(address, 'email')).not.toBeNull();
      }),
    );
    // What made it matter: isEmail alone takes a quoted local part with CR/LF.
    expect(isEmail('"a\r\nb"@example.com')).toBe(true);
  });
});
