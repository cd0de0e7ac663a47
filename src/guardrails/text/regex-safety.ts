/**
 * A check on regular expressions that come from policy files. JavaScript's engine backtracks,
 * so a repeated group that itself holds an unbounded repeat, such as `(a+)+` or `(\w*\s?)*`,
 * can take exponential time on a crafted input. Such patterns are refused when the policy is
 * loaded. This is a conservative screen for the common catastrophic shape, not a proof of
 * linearity: it is documented as such.
 */

interface GroupFrame {
  innerUnbounded: boolean;
}

/** Returns a reason when `source` is refused, or null when it is accepted. */
export function unsafePatternReason(source: string): string | null {
  if (/\\[1-9]|\\k</.test(source)) return "backreferences are not allowed";
  const stack: GroupFrame[] = [{ innerUnbounded: false }];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "[") {
      i = skipClass(source, i);
      continue;
    }
    if (c === "(") {
      stack.push({ innerUnbounded: false });
      i++;
      continue;
    }
    if (c === ")") {
      const frame = stack.pop();
      if (!frame || stack.length === 0) return "unbalanced parenthesis";
      const q = quantifierAt(source, i + 1);
      if (q.repeats && frame.innerUnbounded) return "a repeated group contains an unbounded repeat (nested quantifier)";
      if (frame.innerUnbounded || q.unbounded) stack[stack.length - 1]!.innerUnbounded = true;
      i += 1 + q.length;
      continue;
    }
    const q = quantifierAt(source, i);
    if (q.length > 0) {
      if (q.unbounded) stack[stack.length - 1]!.innerUnbounded = true;
      i += q.length;
      continue;
    }
    i++;
  }
  if (stack.length !== 1) return "unbalanced parenthesis";
  return null;
}

function skipClass(source: string, open: number): number {
  let i = open + 1;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

interface Quantifier {
  readonly length: number;
  /** Allows more than one repetition. */
  readonly repeats: boolean;
  /** Has no upper bound. */
  readonly unbounded: boolean;
}

function quantifierAt(source: string, i: number): Quantifier {
  const c = source[i];
  let length = 0;
  let repeats = false;
  let unbounded = false;
  if (c === "*" || c === "+") {
    length = 1;
    repeats = true;
    unbounded = true;
  } else if (c === "?") {
    length = 1;
  } else if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
    if (m) {
      length = m[0].length;
      const max = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]);
      repeats = max > 1;
      unbounded = max === Infinity;
    }
  }
  // A lazy or possessive marker after the quantifier.
  if (length > 0 && source[i + length] === "?") length++;
  return { length, repeats, unbounded };
}
