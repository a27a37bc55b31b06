import { MatchNotFoundError } from '../model/match.errors.js';
import { MatchIdPipe } from './match-id.pipe.js';

describe('MatchIdPipe', () => {
  const pipe = new MatchIdPipe();

  it('passes a UUID through as it is, in either case', () => {
    expect(pipe.transform('3f0c2b9e-6a4d-4f1e-9b7a-2c5d8e1f0a3b')).toBe('3f0c2b9e-6a4d-4f1e-9b7a-2c5d8e1f0a3b');
    expect(pipe.transform('3F0C2B9E-6A4D-4F1E-9B7A-2C5D8E1F0A3B')).toBe('3F0C2B9E-6A4D-4F1E-9B7A-2C5D8E1F0A3B');
  });

  it.each([
    'not-a-uuid',
    '',
    "x' OR '1'='1",
    '3f0c2b9e-6a4d-4f1e-9b7a-2c5d8e1f0a3',
    '------------------------------------',
  ])('answers %j as a match that is not there', (id) => {
    expect(() => pipe.transform(id)).toThrow(MatchNotFoundError);
    expect(() => pipe.transform(id)).toThrow(`There is no match ${id}.`);
  });
});
