/**
 * Linear-time checks for hostile inputs. Each check times the same function on 50 K and 400 K
 * characters (or other sizes 8 apart): linear work gives a ratio near 8, quadratic near 64. The
 * bound on the ratio sits between them with room for noise on either side; the absolute bound
 * is loose (a loaded CI machine must not flake) and only catches work that is slow at any size.
 */
import { expect } from "bun:test";

/** The sizes timed, 8 apart; a check whose work per call is tiny can take larger ones. */
export interface LinearSizes {
  readonly small: number;
  readonly large: number;
  /** The large size must take less than this, in every case. */
  readonly maxMsForLarge: number;
}
const DEFAULT_SIZES: LinearSizes = { small: 50_000, large: 400_000, maxMsForLarge: 400 };
/** Geometric middle of 8 (linear) and 64 (quadratic): a 2.8x margin either way. */
const MAX_RATIO = 22;
const ROUNDS = 5;
const ATTEMPTS = 3;

/**
 * The lesser of wall time and the process's CPU time: a run the scheduler preempts (a shared CI
 * machine, two cores) loses wall time but not CPU time, and one helped by JIT or GC threads
 * running beside it shows more CPU time than wall time.
 */
function timeMs(fn: () => void): number {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return Math.min(wall, (cpu.user + cpu.system) / 1000);
}

interface Measurement {
  readonly tSmall: number;
  readonly tLarge: number;
  readonly ratio: number;
}

function measure(run: (text: string) => unknown, small: string, large: string): Measurement {
  // Small and large alternate, so a slow spell of the machine (CI's, shared) hits both, and each
  // keeps its fastest round: noise (GC, a neighbour's burst) only ever adds time.
  let tSmall = Infinity;
  let tLarge = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    tSmall = Math.min(tSmall, timeMs(() => run(small)));
    tLarge = Math.min(tLarge, timeMs(() => run(large)));
  }
  // Below half a millisecond the timer's grain and call overheads dominate; count from there.
  // (From a whole millisecond, a quadratic loop taking 0.4 ms on 50K showed a ratio of 24 only.)
  return { tSmall, tLarge, ratio: tLarge / Math.max(tSmall, 0.5) };
}

export function expectLinear(name: string, run: (text: string) => unknown, unit: string, sizes: LinearSizes = DEFAULT_SIZES): void {
  const { maxMsForLarge } = sizes;
  const small = unit.repeat(Math.ceil(sizes.small / unit.length)).slice(0, sizes.small);
  const large = unit.repeat(Math.ceil(sizes.large / unit.length)).slice(0, sizes.large);
  const kb = (n: number) => `${Math.round(n / 1000)}K`;
  run(small); // warm up the JIT
  // Up to ATTEMPTS measurements, failing only if every one is over: super-linear work is slow in
  // each, while a loaded machine's slow spell passes. Each single measurement flaked in CI or
  // under load here ("PII on \"@\"": 1.4 ms on 50K, 24.2 ms on 200K, where a quiet run gives 1.4
  // and 2.8; "Keywords on \"ａ\"": 1.4 ms on 50K, 46.2 ms on 400K beside two busy loops).
  const overBound = (m: Measurement) => m.tLarge >= maxMsForLarge || m.ratio >= MAX_RATIO;
  let m = measure(run, small, large);
  for (let attempt = 1; attempt < ATTEMPTS && overBound(m); attempt++) m = measure(run, small, large);
  const { tSmall, tLarge, ratio } = m;
  if (overBound(m)) {
    throw new Error(`${name}: ${tSmall.toFixed(1)} ms on ${kb(sizes.small)}, ${tLarge.toFixed(1)} ms on ${kb(sizes.large)} (ratio ${ratio.toFixed(1)}), in each of ${ATTEMPTS} attempts`);
  }
  expect(tLarge).toBeLessThan(maxMsForLarge);
}
