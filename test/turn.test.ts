import { describe, expect, test } from "bun:test";
import { inTurn } from "../src/pipeline/turn.ts";

describe("turns (pipeline/turn.ts)", () => {
  test("works handed in together run back to back, before any of their callers goes on", async () => {
    const log: string[] = [];
    const callers = ["a", "b", "c"].map(async (name) => {
      const result = await inTurn(() => {
        log.push(`${name} works`);
        return name.toUpperCase();
      });
      log.push(`${name} goes on with ${result}`);
    });
    expect(log).toEqual([]); // nothing runs before the turn
    await Promise.all(callers);
    expect(log).toEqual(["a works", "b works", "c works", "a goes on with A", "b goes on with B", "c goes on with C"]);
  });

  test("a work that throws fails its own caller only", async () => {
    const failing = inTurn(() => {
      throw new Error("broken guardrail");
    });
    const fine = inTurn(() => 42);
    await expect(failing).rejects.toThrow("broken guardrail");
    expect(await fine).toBe(42);
  });

  test("a work handed in during a turn runs in the next one", async () => {
    const log: string[] = [];
    await inTurn(() => {
      log.push("first turn");
      void inTurn(() => log.push("second turn"));
      log.push("first turn ends");
    });
    await inTurn(() => undefined);
    expect(log).toEqual(["first turn", "first turn ends", "second turn"]);
  });
});
