/**
 * A real `redis-server` (Debian's package) on a free loopback port, persistence off, for the
 * shared-store tests; stopped by its pid. `available` is false where the binary is missing, so
 * a machine without it skips those tests instead of failing them.
 */
import { RedisClient } from "bun";
import { createServer } from "node:net";

export const REDIS_SERVER = Bun.which("redis-server");

export interface TestRedis {
  readonly url: string;
  readonly pid: number;
  /** A plain client, to look at what the store holds. */
  readonly client: RedisClient;
  /** Every key, and every value (strings; each field and value of hashes; sorted-set members). */
  dump(): Promise<{ keys: string[]; values: string[] }>;
  pause(): void;
  resume(): void;
  /** Stops it and starts it again, empty, on the same port (connections drop). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed");
  const port = await freePort();
  const spawn = () => Bun.spawn([REDIS_SERVER, "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdout: "ignore", stderr: "ignore" });
  let proc = spawn();
  const url = `redis://127.0.0.1:${port}`;
  let client = new RedisClient(url);
  const ready = async () => {
    for (let i = 0; ; i++) {
      try {
        await client.send("PING", []);
        return;
      } catch (e) {
        if (i > 100) throw e;
        await Bun.sleep(50);
        if (!client.connected) client = new RedisClient(url);
      }
    }
  };
  await ready();
  return {
    url,
    get pid() {
      return proc.pid;
    },
    get client() {
      return client;
    },
    async restart() {
      proc.kill("SIGTERM");
      await proc.exited;
      proc = spawn();
      client.close();
      client = new RedisClient(url);
      await ready();
    },
    async dump() {
      const keys: string[] = [];
      const values: string[] = [];
      let cursor = "0";
      do {
        const [next, batch] = (await client.send("SCAN", [cursor, "COUNT", "1000"])) as [string, string[]];
        cursor = next;
        keys.push(...batch);
      } while (cursor !== "0");
      for (const key of keys) {
        const type = String(await client.send("TYPE", [key]));
        if (type === "string") values.push(String(await client.send("GET", [key])));
        else if (type === "hash") {
          const all = (await client.send("HGETALL", [key])) as Record<string, string> | string[];
          values.push(...(Array.isArray(all) ? all : Object.entries(all).flat()).map(String));
        } else if (type === "zset") values.push(...((await client.send("ZRANGE", [key, "0", "-1"])) as string[]).map(String));
        else values.push(`<${type}>`);
      }
      return { keys, values };
    },
    pause: () => void process.kill(proc.pid, "SIGSTOP"),
    resume: () => void process.kill(proc.pid, "SIGCONT"),
    async stop() {
      client.close();
      process.kill(proc.pid, "SIGCONT");
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
