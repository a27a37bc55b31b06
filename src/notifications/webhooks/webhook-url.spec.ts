import { refusalOfWebhookUrl } from './webhook-url.js';

const reasonOf = (url: string, allowPrivate = false): string | null =>
  refusalOfWebhookUrl(url, allowPrivate)?.reason ?? null;

describe('webhook URLs', () => {
  it('takes http(s) URLs to public addresses and host names', () => {
    for (const url of [
      'https://bot.example.com/nardy',
      'http://bot.example.com:8080/hook?x=1',
      'https://93.184.215.14/hook',
      'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook',
      // A name is checked at delivery, once resolved: what it resolves to now says nothing of later.
      'http://localhost:8080/hook',
    ]) {
      expect([url, reasonOf(url)]).toEqual([url, null]);
    }
  });

  it('refuses other schemes, user names and passwords, relative and overlong URLs', () => {
    for (const url of [
      'ftp://bot.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '/hook',
      'bot.example.com/hook',
      'https://user:pass@bot.example.com/',
      'https://user@bot.example.com/',
      `https://bot.example.com/${'a'.repeat(2048)}`,
    ]) {
      expect([url, reasonOf(url)]).toEqual([url, 'form']);
    }
  });

  it('refuses private, loopback, link-local and unspecified IP addresses, in all their spellings', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://0x7f.0.0.1/',
      'http://2130706433/',
      'http://10.0.0.1/',
      'http://172.16.3.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      expect([url, reasonOf(url)]).toEqual([url, 'address']);
    }
  });

  it('takes private addresses when allowed, but never a metadata service or the unspecified address', () => {
    expect(reasonOf('http://127.0.0.1:3000/', true)).toBeNull();
    expect(reasonOf('http://[::1]/', true)).toBeNull();
    expect(reasonOf('http://10.0.0.1/', true)).toBeNull();
    expect(reasonOf('http://169.254.169.254/', true)).toBe('address');
    expect(reasonOf('http://[fd00:ec2::254]/', true)).toBe('address');
    expect(reasonOf('http://0.0.0.0/', true)).toBe('address');
  });
});
