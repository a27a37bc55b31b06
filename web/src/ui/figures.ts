import { activeLocale } from '../i18n/index.js';

/**
 * Figures as a player reads them: in the locale of the language the pages are in (unless `locale`
 * is given), a rating as a whole number (1473, not 1472.89: the FIBS formula's decimals say
 * nothing to a player; the API keeps them).
 */
export function ratingText(rating: number, locale: string = activeLocale()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(rating);
}

/**
 * How far a match moved a rating, signed and to one decimal (+7.9, −3.2): a match moves a FIBS
 * rating by a few points, so the first decimal still says something.
 */
export function ratingChangeText(change: number, locale: string = activeLocale()): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(change);
}

/** A figure to `digits` decimals (a PR, an error rate, an equity), signed when `signed`. */
export function decimalText(value: number, digits: number, signed = false, locale: string = activeLocale()): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}
