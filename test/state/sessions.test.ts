/**
 * MCP sessions on each store (DECISIONS §15): the in-process one, and a real `redis-server`
 * when installed. Bound to server, caller and policy; a per-caller cap that evicts only the
 * caller's own least recently used; expiry after the TTL; placeholders numbered by two
 * requests of one session at once each keep their own value.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { McpSessions, renumbered } from "../../src/proxy/families/mcp/sessions.ts";
import { MemoryStore } from "../../src/state/memory-store.ts";
import { RedisStore } from "../../src/state/redis-store.ts";
import type { StateStore } from "../../src/state/store.ts";
import { REDIS_SERVER, startRedis, type TestRedis } from "../helpers/redis.ts";

let redis: TestRedis | undefined;
let redisStore: RedisStore | undefined;

beforeAll(async () => {
  if (!REDIS_SERVER) return;
  redis = await startRedis();
  redisStore = await RedisStore.connect({ url: redis.url, key: new Uint8Array(32).fill(9) });
});

afterAll(async () => {
  await redisStore?.close();
  await redis?.stop();
});

const record = (caller: string, policy = "agents") => ({ server: "tools", caller, policy, upstream: null });

const stores: [string, () => StateStore | undefined][] = [
  ["in-process store", () => new MemoryStore()],
  ["redis store", () => redisStore],
];

for (const [name, storeOf] of stores) {
  const suite = name === "redis store" && !REDIS_SERVER ? describe.skip : describe;
  suite(name, () => {
    test("a session is found only by its server, caller and policy", async () => {
      const sessions = new McpSessions(storeOf()!, 60, 10);
      const opened = await sessions.open(record("alice"));
      expect(opened.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await sessions.find("tools", opened.id, "alice", "agents"))?.record).toEqual(record("alice"));
      expect(await sessions.find("tools", opened.id, "bob", "agents")).toBeNull();
      expect(await sessions.find("tools", opened.id, "alice", "open")).toBeNull();
      expect(await sessions.find("other", opened.id, "alice", "agents")).toBeNull();
      expect(await sessions.find("tools", `${opened.id}x`, "alice", "agents")).toBeNull();
      await sessions.end(opened);
      expect(await sessions.find("tools", opened.id, "alice", "agents")).toBeNull();
    });

    test("beyond its cap, a caller's least recently used session ends; another caller's never does", async () => {
      const sessions = new McpSessions(storeOf()!, 60, 3);
      const bob = await sessions.open(record("bob-cap"));
      const alice = [];
      for (let i = 0; i < 3; i++) {
        alice.push(await sessions.open(record("alice-cap")));
        await Bun.sleep(2);
      }
      // The first is used again: the second is now the least recently used.
      expect(await sessions.find("tools", alice[0]!.id, "alice-cap", "agents")).not.toBeNull();
      await Bun.sleep(20);
      for (let i = 0; i < 10; i++) alice.push(await sessions.open(record("alice-cap")));
      const alive = await Promise.all(alice.map(async (s) => (await sessions.find("tools", s.id, "alice-cap", "agents")) !== null));
      expect(alive.filter(Boolean)).toHaveLength(3);
      expect(alive.slice(-3)).toEqual([true, true, true]);
      expect(await sessions.find("tools", bob.id, "bob-cap", "agents")).not.toBeNull();
    });

    test("a session ends SVC_GUARDRAILS_MCP_SESSION_TTL seconds after its last use", async () => {
      const sessions = new McpSessions(storeOf()!, 1, 10);
      const opened = await sessions.open(record("ttl"));
      await Bun.sleep(600);
      expect(await sessions.find("tools", opened.id, "ttl", "agents")).not.toBeNull();
      await Bun.sleep(700);
      // Used 0.7 s ago: still there.
      expect(await sessions.find("tools", opened.id, "ttl", "agents")).not.toBeNull();
      await Bun.sleep(1300);
      expect(await sessions.find("tools", opened.id, "ttl", "agents")).toBeNull();
    }, 10_000);

    test("two requests of a session numbering placeholders at once: the later one renumbers its own, and each restores its own value", async () => {
      const sessions = new McpSessions(storeOf()!, 60, 10);
      const opened = await sessions.open(record("numbers"));
      const one = (await sessions.find("tools", opened.id, "numbers", "agents"))!;
      const two = (await sessions.find("tools", opened.id, "numbers", "agents"))!;
      expect(one.vault.placeholderFor("EMAIL_ADDRESS", "ann@corp.example")).toBe("<EMAIL_ADDRESS_1>");
      expect(two.vault.placeholderFor("EMAIL_ADDRESS", "bob@corp.example")).toBe("<EMAIL_ADDRESS_1>");
      expect((await one.persist()).size).toBe(0);
      const renamed = await two.persist();
      expect([...renamed]).toEqual([["<EMAIL_ADDRESS_1>", "<EMAIL_ADDRESS_2>"]]);
      expect(renumbered({ text: "write to <EMAIL_ADDRESS_1>" }, renamed)).toEqual({ text: "write to <EMAIL_ADDRESS_2>" });
      const later = (await sessions.find("tools", opened.id, "numbers", "agents"))!;
      expect(later.vault.values.get("<EMAIL_ADDRESS_1>")).toBe("ann@corp.example");
      expect(later.vault.values.get("<EMAIL_ADDRESS_2>")).toBe("bob@corp.example");
      // The same value again keeps its placeholder, and numbering goes on after both.
      expect(later.vault.placeholderFor("EMAIL_ADDRESS", "bob@corp.example")).toBe("<EMAIL_ADDRESS_2>");
      expect(later.vault.placeholderFor("EMAIL_ADDRESS", "cy@corp.example")).toBe("<EMAIL_ADDRESS_3>");
    });

    test("a server request's method is remembered for the client's answer, once", async () => {
      const sessions = new McpSessions(storeOf()!, 60, 10);
      const opened = await sessions.open(record("asked"));
      opened.serverAsked(7, "sampling/createMessage");
      await opened.persist();
      const other = (await sessions.find("tools", opened.id, "asked", "agents"))!;
      expect(await other.answered(7)).toBe("sampling/createMessage");
      expect(await other.answered(7)).toBeUndefined();
      expect(await other.answered("7")).toBeUndefined();
    });
  });
}
