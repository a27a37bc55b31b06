/**
 * 10^x correctly rounded: the double nearest the exact power, for the FIBS
 * rating formula (docs/rules.md "Ratings"; fibs-rating.ts). PostgreSQL's
 * `power(float8, float8)` is the C library's `pow`, which rounds correctly in
 * all but about one case in a thousand (glibc; PGlite's library too, each
 * missing in cases of its own), so the two databases do not even agree with
 * each other in the last bit; JavaScript's `10 ** x` misses one case in ten.
 * Computed here exactly enough to round once: 256 fraction bits of fixed
 * point in BigInt, so the answer is the correctly rounded one for every x
 * whose power is a normal double.
 */

/** Fraction bits of the fixed point. */
const FRACTION = 256n;
const ONE = 1n << FRACTION;

/** atanh(1/q) in fixed point: the sum of 1 / ((2k+1) q^(2k+1)), to its last bit (q >= 2). */
function atanhOfInverse(q: bigint): bigint {
  const square = q * q;
  let power = ONE / q;
  let sum = 0n;
  for (let k = 1n; power > 0n; k += 2n, power /= square) sum += power / k;
  return sum;
}

/** ln 2 = 2 atanh(1/3), and ln 10 = 3 ln 2 + ln(5/4) = 3 ln 2 + 2 atanh(1/9). */
const LN2 = 2n * atanhOfInverse(3n);
const LN10 = 3n * LN2 + 2n * atanhOfInverse(9n);

/** Floor division (BigInt's `/` truncates towards zero). */
const floorDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b);

/** The finite double `x` as m * 2^e, m an integer (exact). */
function asScaledInteger(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  return { mantissa: bits >> 63n === 1n ? -mantissa : mantissa, exponent: (biased === 0 ? 1 : biased) - 1075 };
}

/** Beyond this, 10^x is no finite double (or no normal one): PostgreSQL refuses it as out of range. */
const LARGEST_EXPONENT = 308;

/**
 * 10^x rounded to the nearest double, for |x| <= 308 (outside, Infinity or 0,
 * where PostgreSQL's `power` would refuse with "value out of range").
 */
export function powerOfTen(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x > LARGEST_EXPONENT) return Number.POSITIVE_INFINITY;
  if (x < -LARGEST_EXPONENT) return 0;
  // A whole power: exact in BigInt, rounded once (10^23 lies halfway between two doubles).
  if (Number.isInteger(x) && x >= 0) return Number(10n ** BigInt(x));
  // t = x ln 10, in fixed point; then 10^x = e^t = 2^k e^r with r = t - k ln 2, |r| <= ln 2 / 2.
  const { mantissa, exponent } = asScaledInteger(x);
  const product = mantissa * LN10;
  const t = exponent >= 0 ? product << BigInt(exponent) : floorDiv(product, 1n << BigInt(-exponent));
  const k = floorDiv(t + LN2 / 2n, LN2);
  const r = t - k * LN2;
  // e^r by its Taylor series, each term from the one before, until they vanish (about 40 terms).
  let sum = ONE;
  for (let n = 1n, term = ONE; term !== 0n; n += 1n) {
    term = (term * r) / (n << FRACTION);
    sum += term;
  }
  // Number() rounds the integer sum (about 2^256 e^r) to the nearest double; the scalings by
  // powers of two are exact while the result is a normal double.
  return scaled(scaled(Number(sum), -FRACTION), k);
}

/** value * 2^power, for |power| <= 1023 (a power of two is exact as a Number). */
const scaled = (value: number, power: bigint): number =>
  power >= 0n ? value * Number(1n << power) : value / Number(1n << -power);
