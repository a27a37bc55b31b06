import type { Notification } from '../core/notification.js';
import { escapeHtml, mailContent } from './mail-content.js';

const note = (over: Partial<Notification> = {}): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'turn',
  userId: '00000000-0000-4000-8000-000000000002',
  createdAt: '2026-11-27T09:00:00.000Z',
  matchId: null,
  title: 'Your turn against <img src=x onerror=alert(1)>',
  body: 'mallory "quoted" & <b>bold</b>',
  path: '/matches/1',
  data: {},
  ...over,
});

describe('mailContent', () => {
  it('escapes every player-supplied text in the HTML part, and keeps it as typed in the text part', () => {
    const content = mailContent(note(), 'https://nardy.test/matches/1?a=1&b="2"');
    expect(content.html).not.toMatch(/<img|<b>/);
    expect(content.html).toContain('mallory &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(content.html).toContain('href="https://nardy.test/matches/1?a=1&amp;b=&quot;2&quot;"');
    expect(content.text).toContain('mallory "quoted" & <b>bold</b>');
    expect(content.text).toContain('https://nardy.test/matches/1?a=1&b="2"');
  });

  it('makes the subject one line, so a title cannot add a header', () => {
    expect(mailContent(note({ title: 'a\r\nBcc: victim@example.com' }), 'x').subject).toBe('a Bcc: victim@example.com');
  });

  it('shows an account mail’s code, and a digest’s entries, escaped', () => {
    const content = mailContent(note({ kind: 'account', data: { code: 'ABCD2345' } }), 'https://nardy.test/', [
      { title: '<i>t</i>', body: 'b', path: 'https://nardy.test/matches/2' },
    ]);
    expect(content.text).toContain('Or enter this code: ABCD2345');
    expect(content.html).toContain('<strong>ABCD2345</strong>');
    expect(content.html).toContain('<a href="https://nardy.test/matches/2">&lt;i&gt;t&lt;/i&gt;</a>');
  });

  it('writes its own lines in the language of the notification', () => {
    const content = mailContent(
      note({ kind: 'account', language: 'ru', data: { code: 'ABCD2345' } }),
      'https://nardy.test/',
    );
    const codeLine = content.text.split('\n\n').find((line) => line.includes('ABCD2345'))!;
    expect(codeLine).toMatch(/\p{Script=Cyrillic}/u);
    expect(content.html).toContain('<strong>ABCD2345</strong>');
    expect(content.text.split('\n\n').pop()).toMatch(/\p{Script=Cyrillic}/u);
    expect(
      mailContent(note({ language: 'hy' }), 'x')
        .text.split('\n\n')
        .pop(),
    ).toMatch(/\p{Script=Armenian}/u);
  });

  it('escapes the five characters HTML gives meaning to', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
