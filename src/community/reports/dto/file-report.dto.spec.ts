import { randomUUID } from 'node:crypto';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../../../common/validation.js';
import { REPORT_REASONS } from '../report.js';
import { FileReportDto } from './file-report.dto.js';

/** The body as the validation pipe leaves it, and the field errors it finds. */
function checked(body: Record<string, unknown>): { dto: FileReportDto; errors: Array<[string, string]> } {
  const dto = plainToInstance(FileReportDto, body);
  return { dto, errors: toFieldErrors(validateSync(dto)).map(({ field, constraint }) => [field, constraint]) };
}

describe('a report’s body (docs/community.md, "Reports")', () => {
  it.each(REPORT_REASONS)('takes the reason %s, with nothing else', (reason) => {
    expect(checked({ username: 'mallory', reason }).errors).toEqual([]);
  });

  it('takes a match, a message and a text, the text normalised (NFC, trimmed)', () => {
    const { dto, errors } = checked({
      username: 'mallory',
      reason: 'abuse',
      matchId: randomUUID(),
      messageId: randomUUID(),
      text: '  Cafe\u0301  ',
    });
    expect(errors).toEqual([]);
    expect(dto.text).toBe('Café');
  });

  it.each([
    [{ reason: 'abuse' }, 'username'],
    [{ username: 'mallory' }, 'reason'],
    [{ username: 'mallory', reason: 'spam' }, 'reason'],
    [{ username: 'mallory', reason: 'abuse', matchId: 'nope' }, 'matchId'],
    [{ username: 'mallory', reason: 'abuse', messageId: 7 }, 'messageId'],
    [{ username: 'mallory', reason: 'abuse', text: 'x'.repeat(2001) }, 'text'],
    [{ username: 'mallory', reason: 'abuse', text: 'a\nb' }, 'text'],
    [{ username: 'mallory', reason: 'abuse', text: '\u200B' }, 'text'],
  ])('refuses %j on its field %s', (body, field) => {
    expect([...new Set(checked(body).errors.map(([name]) => name))]).toEqual([field]);
  });

  it('takes a text of 2,000 characters, counted in code points', () => {
    expect(checked({ username: 'mallory', reason: 'other', text: '😀'.repeat(2000) }).errors).toEqual([]);
  });
});
