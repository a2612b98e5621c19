/** An exact rational in lowest terms with a positive denominator (RTPs and probabilities). */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

export function fraction(num: bigint | number, den: bigint | number): Fraction {
  const [n, d] = [BigInt(num), BigInt(den)];
  if (d === 0n) throw new RangeError("a fraction needs a non-zero denominator");
  const divisor = gcd(n, d) * (d < 0n ? -1n : 1n);
  return { num: n / divisor, den: d / divisor };
}

/** "num/den", e.g. "372/415". */
export const formatFraction = ({ num, den }: Fraction): string => `${num}/${den}`;

/**
 * The nearest double to within an ulp or so. Scaled in BigInt first: numerators and
 * denominators beyond 2^53 would each be rounded by `Number(num) / Number(den)`.
 */
export function fractionToNumber({ num, den }: Fraction): number {
  const scale = 10n ** 30n;
  return Number((num * scale) / den) / 1e30;
}
