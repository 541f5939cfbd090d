// Sine, cosine and arctangent from + − × ÷ only. Math.sin and friends are left to each engine
// (V8, JavaScriptCore and others may differ in the last bit), while the four operations and
// Math.sqrt are exact in IEEE 754: with these, a battle replays alike on Bun, Deno, Workers and in
// a browser. Accurate to ~1e-11 — far below a millimetre on the arena.
const PI = Math.PI;
const HALF_PI = PI / 2;
const TAU = PI * 2;
const SQRT3 = Math.sqrt(3);

export function sin(x: number): number {
  x = x % TAU;
  if (x > PI) x -= TAU;
  else if (x < -PI) x += TAU;
  if (x > HALF_PI) x = PI - x;
  else if (x < -HALF_PI) x = -PI - x;
  const x2 = x * x;
  // Taylor to x^17 on [-π/2, π/2].
  return (
    x *
    (1 -
      (x2 / 6) *
        (1 -
          (x2 / 20) *
            (1 -
              (x2 / 42) * (1 - (x2 / 72) * (1 - (x2 / 110) * (1 - (x2 / 156) * (1 - (x2 / 210) * (1 - x2 / 272))))))))
  );
}

export function cos(x: number): number {
  return sin(x + HALF_PI);
}

function atanSmall(x: number): number {
  // |x| ≤ tan(π/12): the series to x^17.
  const x2 = x * x;
  let s = 0;
  for (let k = 17; k >= 3; k -= 2) s = (k % 4 === 1 ? 1 : -1) / k + x2 * s;
  return x * (1 + x2 * s);
}

export function atan(x: number): number {
  if (x < 0) return -atan(-x);
  if (x > 1) return HALF_PI - atan(1 / x);
  if (x > 0.2679491924311227) return PI / 6 + atanSmall((x * SQRT3 - 1) / (SQRT3 + x));
  return atanSmall(x);
}

export function atan2(y: number, x: number): number {
  if (x > 0) return atan(y / x);
  if (x < 0) return y >= 0 ? atan(y / x) + PI : atan(y / x) - PI;
  return y > 0 ? HALF_PI : y < 0 ? -HALF_PI : 0;
}

export const hypot = (x: number, y: number) => Math.sqrt(x * x + y * y);
