/**
 * Linear-time checks for hostile inputs. Each check times the same function on 50 K and 200 K
 * characters: linear work gives a ratio near 4, quadratic near 16. The absolute bound is loose
 * (a loaded CI machine must not flake), the ratio catches super-linear growth.
 */
import { expect } from "bun:test";

/** The fastest of `runs` timings: noise (GC, a neighbour's burst) only ever adds time. */
function fastestMs(fn: () => void, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export function expectLinear(name: string, run: (text: string) => unknown, unit: string, maxMsFor200k = 150): void {
  const small = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
  const large = unit.repeat(Math.ceil(200_000 / unit.length)).slice(0, 200_000);
  run(small); // warm up the JIT
  // The fastest of five: medians of three, then of five, still flaked in full suite runs on the
  // 2-core machine (PII on "@": 1.4 ms on 50K, 24.2 ms on 200K, where a quiet run gives 1.4 and
  // 2.8). Quadratic work is slow in every run, so the fastest still shows it.
  const tSmall = fastestMs(() => run(small), 5);
  const tLarge = fastestMs(() => run(large), 5);
  const ratio = tLarge / Math.max(tSmall, 1);
  if (tLarge >= maxMsFor200k || ratio >= 8) {
    throw new Error(`${name}: ${tSmall.toFixed(1)} ms on 50K, ${tLarge.toFixed(1)} ms on 200K (ratio ${ratio.toFixed(1)})`);
  }
  expect(tLarge).toBeLessThan(maxMsFor200k);
}
