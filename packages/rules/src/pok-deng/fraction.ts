/** An exact non-negative rational, always in lowest terms. */
export interface Fraction {
  num: bigint;
  den: bigint;
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

export const formatFraction = (f: Fraction): string => `${f.num}/${f.den}`;

/** Nearest double; exact enough for display since num and den each fit a double closely. */
export const fractionToNumber = (f: Fraction): number => Number(f.num) / Number(f.den);
