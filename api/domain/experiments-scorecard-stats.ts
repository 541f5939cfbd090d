// The statistics of an experiment's scorecard (docs/decisions/experiment-scorecards.md): 95 %
// intervals — Wilson's score interval for a proportion, the normal interval of a mean with the
// sample's standard deviation, the delta method for a ratio of sums (battles per active day) —,
// the differences against the control (Welch's unpooled standard error, normal quantile), and
// the sample-ratio-mismatch test (Pearson's chi-square against the expected shares; its p-value
// from the regularized upper incomplete gamma function). Pure functions, no I/O.

/** The normal quantile of a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  value: number;
  low: number;
  high: number;
}

/** Wilson's score interval of x successes in n trials (0..0 when n is 0). */
export function wilson(x: number, n: number, z = Z95): Interval {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const p = x / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { value: p, low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** Mean and sample variance (n − 1) of the values. */
export function meanVar(xs: readonly number[]): { n: number; mean: number; variance: number } {
  const n = xs.length;
  if (n === 0) return { n, mean: 0, variance: 0 };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return { n, mean, variance: n > 1 ? ss / (n - 1) : 0 };
}

/** The normal 95 % interval of a mean (its standard error from the sample's standard deviation). */
export function meanInterval(xs: readonly number[], z = Z95): Interval & { se: number } {
  const { n, mean, variance } = meanVar(xs);
  const se = n > 0 ? Math.sqrt(variance / n) : 0;
  return { value: mean, low: mean - z * se, high: mean + z * se, se };
}

/**
 * A ratio of sums over players (Σ num / Σ den, e.g. battles per active day) with its standard
 * error by the delta method, players being the independent units:
 * Var(R) ≈ (Var(num) − 2R·Cov(num, den) + R²·Var(den)) / (n · mean(den)²).
 */
export function ratioInterval(num: readonly number[], den: readonly number[], z = Z95): Interval & { se: number } {
  const n = num.length;
  let sn = 0;
  let sd = 0;
  for (let i = 0; i < n; i++) {
    sn += num[i];
    sd += den[i];
  }
  if (n === 0 || sd === 0) return { value: 0, low: 0, high: 0, se: 0 };
  const r = sn / sd;
  const mn = sn / n;
  const md = sd / n;
  let vn = 0;
  let vd = 0;
  let cov = 0;
  for (let i = 0; i < n; i++) {
    vn += (num[i] - mn) ** 2;
    vd += (den[i] - md) ** 2;
    cov += (num[i] - mn) * (den[i] - md);
  }
  const k = n > 1 ? n - 1 : 1;
  const variance = (vn / k - 2 * r * (cov / k) + r * r * (vd / k)) / (n * md * md);
  const se = Math.sqrt(Math.max(0, variance));
  return { value: r, low: r - z * se, high: r + z * se, se };
}

/** A difference (variant − control) with the normal interval from both standard errors (Welch, unpooled). */
export function difference(a: number, seA: number, b: number, seB: number, z = Z95): Interval {
  const d = a - b;
  const se = Math.sqrt(seA * seA + seB * seB);
  return { value: d, low: d - z * se, high: d + z * se };
}

/** The standard error of a proportion x/n (Wald; for the difference of two proportions). */
export const proportionSe = (x: number, n: number) => (n === 0 ? 0 : Math.sqrt(((x / n) * (1 - x / n)) / n));

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 coefficients; ~15 digits). */
export function lnGamma(x: number): number {
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const y = x - 1;
  let a = c[0];
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized upper incomplete gamma function Q(a, x) (series below a + 1, Lentz's continued fraction above). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let k = 1; k < 1000; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.exp(lead) * h;
}

/** P(χ² ≥ x) with df degrees of freedom. */
export const chiSquareP = (x: number, df: number) => gammaQ(df / 2, x / 2);

/** The p-value below which a sample-ratio mismatch is flagged (PlayFab's and Statsig's threshold). */
export const SRM_ALPHA = 0.001;

export interface SrmCheck {
  observed: number[];
  expected: number[];
  chiSquare: number;
  df: number;
  p: number;
  flagged: boolean;
}

/** Pearson's chi-square of the observed counts against the expected shares (summing to 1); undefined with fewer than 2 groups or no players. */
export function srm(observed: readonly number[], shares: readonly number[]): SrmCheck | undefined {
  const total = observed.reduce((s, x) => s + x, 0);
  const groups = shares.filter((s) => s > 0).length;
  if (total === 0 || groups < 2) return undefined;
  let chi = 0;
  const expected = shares.map((s) => s * total);
  for (let i = 0; i < observed.length; i++) {
    if (expected[i] > 0) chi += (observed[i] - expected[i]) ** 2 / expected[i];
    else if (observed[i] > 0) chi = Number.POSITIVE_INFINITY; // players where none were expected
  }
  const df = groups - 1;
  const p = Number.isFinite(chi) ? chiSquareP(chi, df) : 0;
  return { observed: [...observed], expected, chiSquare: chi, df, p, flagged: p < SRM_ALPHA };
}
