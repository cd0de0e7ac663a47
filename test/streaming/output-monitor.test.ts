/**
 * The incremental output monitor: its windows overlap so a value split between two is seen,
 * keys are judged apart, and the text it judges grows linearly with the stream.
 */
import { describe, expect, test } from "bun:test";
import type { OutputVerdict } from "../../src/pipeline/pipeline.ts";
import { OutputMonitor, WINDOW_OVERLAP } from "../../src/streaming/output-monitor.ts";

function recorder() {
  const judged: string[][] = [];
  const check = async (texts: readonly string[]): Promise<OutputVerdict> => {
    judged.push([...texts]);
    return { runs: [], block: null };
  };
  return { judged, check };
}

describe("windows", () => {
  test("a check is due every N content chunks; empty chunks do not count", () => {
    const { check } = recorder();
    const m = new OutputMonitor(check, 3);
    expect([m.add("0", "a"), m.add("0", ""), m.add("0", "b"), m.add("0", "c")]).toEqual([false, false, false, true]);
  });

  test("the next window starts with the tail of the last one, so a value split between them is whole", async () => {
    const { judged, check } = recorder();
    const m = new OutputMonitor(check, 2);
    m.add("0", "write to jo");
    m.add("0", "hn@exa");
    await m.checkWindows();
    m.add("0", "mple.com now");
    m.add("0", " please");
    await m.checkWindows();
    expect(judged[1]![0]).toContain("john@example.com");
  });

  test("keys are judged as separate texts", async () => {
    const { judged, check } = recorder();
    const m = new OutputMonitor(check, 100);
    m.add("0", "choice zero ");
    m.add("1", "choice one ");
    m.add("0", "again");
    await m.checkAll();
    expect(judged).toEqual([["choice zero again", "choice one "]]);
  });

  test("the whole text is not judged twice when nothing arrived in between", async () => {
    const { judged, check } = recorder();
    const m = new OutputMonitor(check, 100);
    m.add("0", "text");
    await m.checkAll();
    await m.checkAll();
    m.add("0", " more");
    await m.checkAll();
    expect(judged).toEqual([["text"], ["text more"]]);
  });
});

describe("cost", () => {
  /** Characters judged per character streamed, periodic checks every 10 chunks plus the final one. */
  async function judgedPerChar(chunks: number): Promise<number> {
    const { judged, check } = recorder();
    const m = new OutputMonitor(check, 10);
    let streamed = 0;
    for (let i = 0; i < chunks; i++) {
      const piece = `token${i % 97} `;
      streamed += piece.length;
      if (m.add("0", piece)) await m.checkWindows();
    }
    await m.checkAll();
    return judged.flat().reduce((n, t) => n + t.length, 0) / streamed;
  }

  test("judged text per streamed character stays flat from 1,000 to 10,000 chunks", async () => {
    const small = await judgedPerChar(1_000);
    const large = await judgedPerChar(10_000);
    expect(large).toBeLessThan(small * 1.2);
    // Each window is the new text plus at most the overlap.
    expect(large).toBeLessThan(2 + WINDOW_OVERLAP / 70);
  });
});
