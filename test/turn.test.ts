import { describe, expect, test } from "bun:test";
import { inTurn } from "../src/pipeline/turn.ts";

describe("turns (pipeline/turn.ts)", () => {
  test("works handed in together run in one turn, in order, each caller going on before the next work", async () => {
    const log: string[] = [];
    const callers = ["a", "b", "c"].map(async (name) => {
      const result = await inTurn(() => {
        log.push(`${name} works`);
        // A macrotask a caller sets off must wait for the whole turn.
        setImmediate(() => log.push(`${name}'s timer`));
        return name.toUpperCase();
      });
      await null; // a request's road to its upstream call is a few promise steps long
      await null;
      log.push(`${name} goes on with ${result}`);
    });
    expect(log).toEqual([]); // nothing runs before the turn
    await Promise.all(callers);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([
      "a works",
      "a goes on with A",
      "b works",
      "b goes on with B",
      "c works",
      "c goes on with C",
      "a's timer",
      "b's timer",
      "c's timer",
    ]);
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
