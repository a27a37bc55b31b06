import { oneLine } from './one-line.js';

describe('oneLine', () => {
  it('turns line breaks and the spaces around them into one space, and trims the ends', () => {
    expect(oneLine('  good game\r\n\n  well played  ')).toBe('good game well played');
    expect(oneLine('a  b')).toBe('a  b');
    expect(oneLine('\n\n')).toBe('');
  });
});
