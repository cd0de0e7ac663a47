/**
 * A YAML parse error as one line: the parser's reason and position, and the lines it points at
 * (its message puts them on lines of their own after "at line 7, column 1:", which a one-line
 * report used to cut off).
 */
export function yamlErrorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const [first = "", ...rest] = message.split("\n");
  const reason = first.replace(/:\s*$/, "");
  // The context lines, without the caret line under them.
  const context = rest.filter((l) => l.trim() !== "" && !/^\s*\^+\s*$/.test(l)).map((l) => l.trim());
  if (context.length === 0) return reason;
  const excerpt = context.join(" / ");
  return `${reason}: ${JSON.stringify(excerpt.length > 80 ? `${excerpt.slice(0, 79)}…` : excerpt)}`;
}

/** The line of a YAML parse error, when the parser says. */
export function yamlErrorAt(error: unknown): number | null {
  const pos = (error as { linePos?: readonly { line: number }[] } | null)?.linePos;
  return pos?.[0]?.line ?? null;
}
