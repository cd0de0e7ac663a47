/**
 * The Redis store (state/redis-store.ts) against a real `redis-server`: names as digests and
 * values sealed (a value moved onto another name does not open), a deadline on every command,
 * and service resuming by itself when the store comes back, paused or restarted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { RedisStore } from "../../src/state/redis-store.ts";
import { StateUnavailableError } from "../../src/state/store.ts";
import { REDIS_SERVER, startRedis, type TestRedis } from "../helpers/redis.ts";

const suite = REDIS_SERVER ? describe : describe.skip;
let redis: TestRedis;
let store: RedisStore;
const failures: string[] = [];

beforeAll(async () => {
  if (!REDIS_SERVER) return;
  redis = await startRedis();
  store = await RedisStore.connect({ url: redis.url, key: new Uint8Array(32).fill(4), onError: (op) => void failures.push(op), timeoutMs: 300 });
});

afterAll(async () => {
  if (!REDIS_SERVER) return;
  await store.close();
  await redis.stop();
});

suite("the Redis store", () => {
  test("what it writes: digests for names, sealed values; a value copied under another name does not open", async () => {
    await store.set("mcp:session:abc", "the value", 60);
    await store.hset("mcp:vault:abc", new Map([["<EMAIL_ADDRESS_1>", "ann@corp.example"]]));
    const { keys, values } = await redis.dump();
    expect(keys.every((k) => /^gp:[A-Za-z0-9_-]{32}$/.test(k))).toBe(true);
    expect([...keys, ...values].some((t) => /abc|value|EMAIL|ann@/.test(t))).toBe(false);
    // Copy the sealed record onto another session's name: bound to its own name, it reads as nothing.
    let sealed = "";
    for (const key of keys) if (String(await redis.client.send("TYPE", [key])) === "string") sealed = String(await redis.client.send("GET", [key]));
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    await redis.client.send("SET", [store["cipher"].name("mcp:session:other"), sealed]);
    expect(await store.get("mcp:session:other")).toBeNull();
    expect(await store.get("mcp:session:abc")).toBe("the value");
  });

  test("paused, each command fails within its deadline and is counted; resumed, the same store answers again", async () => {
    redis.pause();
    try {
      const started = performance.now();
      const error = await store.get("mcp:session:abc").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StateUnavailableError);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(failures).toContain("get");
    } finally {
      redis.resume();
    }
    let value: string | null = null;
    for (let i = 0; i < 50 && value === null; i++) value = await store.get("mcp:session:abc").catch(() => null);
    expect(value).toBe("the value");
  });

  test("restarted (the connection drops, the data is gone), the store reconnects by itself", async () => {
    await redis.restart();
    let answered = false;
    for (let i = 0; i < 50 && !answered; i++) {
      answered = await store.set("mcp:session:after", "x", 60).then(() => true, () => false);
      if (!answered) await Bun.sleep(50);
    }
    expect(answered).toBe(true);
    expect(await store.get("mcp:session:after")).toBe("x");
    expect(await store.get("mcp:session:abc")).toBeNull();
  });
});
