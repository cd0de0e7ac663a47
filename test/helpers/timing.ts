/**
 * Linear-time checks for hostile inputs. Each check times the same function on 50 K and 200 K
 * characters: linear work gives a ratio near 4, quadratic near 16. The absolute bound is loose
 * (a loaded CI machine must not flake), the ratio catches super-linear growth.
 */
import { expect } from "bun:test";

function medianMs(fn: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

export function expectLinear(name: string, run: (text: string) => unknown, unit: string, maxMsFor200k = 150): void {
  const small = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
  const large = unit.repeat(Math.ceil(200_000 / unit.length)).slice(0, 200_000);
  run(small); // warm up the JIT
  // Medians of five: with three, one GC pause or a neighbour's burst in two runs of the large
  // text flaked the ratio once in a full suite run on the 2-core machine.
  const tSmall = medianMs(() => run(small), 5);
  const tLarge = medianMs(() => run(large), 5);
  const ratio = tLarge / Math.max(tSmall, 1);
  if (tLarge >= maxMsFor200k || ratio >= 8) {
    throw new Error(`${name}: ${tSmall.toFixed(1)} ms on 50K, ${tLarge.toFixed(1)} ms on 200K (ratio ${ratio.toFixed(1)})`);
  }
  expect(tLarge).toBeLessThan(maxMsFor200k);
}
