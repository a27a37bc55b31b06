/**
 * Figures as a player reads them: in the reader's locale (the browser's, unless `locale` is
 * given), a rating as a whole number (1473, not 1472.89: the FIBS formula's decimals say nothing
 * to a player; the API keeps them).
 */
export function ratingText(rating: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(rating);
}
