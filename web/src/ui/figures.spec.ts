import { ratingChangeText, ratingText } from './figures.js';

describe('ratingText', () => {
  it('rounds to a whole number', () => {
    expect(ratingText(1472.89, 'en')).toBe('1,473');
    expect(ratingText(1500, 'en')).toBe('1,500');
    expect(ratingText(1499.5, 'en')).toBe('1,500');
    expect(ratingText(1473.49, 'en')).toBe('1,473');
  });

  it('groups digits as the reader’s locale does', () => {
    expect(ratingText(1472.89, 'ru')).toBe('1\u00a0473');
    expect(ratingText(1472.89, 'lt')).toBe('1\u00a0473');
    expect(ratingText(1472.89, 'hy')).toBe('1473');
  });
});

describe('ratingChangeText', () => {
  it('signs the change and keeps one decimal', () => {
    expect(ratingChangeText(7.94, 'en')).toBe('+7.9');
    expect(ratingChangeText(-3.25, 'en')).toBe('-3.3');
    expect(ratingChangeText(0, 'en')).toBe('0.0');
    expect(ratingChangeText(7.94, 'ru')).toBe('+7,9');
  });
});
