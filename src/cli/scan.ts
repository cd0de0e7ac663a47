/**
 * `guardrail-proxy scan`: a guard check from the terminal. Prints the guard response plus
 * `results`, one entry per guardrail that ran. `--jsonl -` checks one `{"text": ...}` per stdin
 * line and writes one result per line, in input order.
 */
import { guardText, type GuardOutcome, type GuardStage } from "../pipeline/guard.ts";
import { PolicyError } from "../policy/errors.ts";
import { LocalPolicyStore } from "../policy/store.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import { ModelsConfigError } from "../upstream/models-config.ts";
import { buildUpstream } from "../upstream/setup.ts";
import { optionValue, type ParsedArgs } from "./args.ts";
import { StartupError, UsageError } from "./errors.ts";

export async function runScan(args: ParsedArgs, env: Environment): Promise<number> {
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: false });
  const stage = optionValue(args, "stage") ?? "input";
  if (stage !== "input" && stage !== "output") throw new UsageError("--stage must be input or output");
  const configId = optionValue(args, "config-id");
  const jsonl = optionValue(args, "jsonl");
  if (jsonl !== undefined && jsonl !== "-") throw new UsageError("--jsonl reads stdin: pass '--jsonl -'");
  if (jsonl !== undefined && args.positionals.length > 0) throw new UsageError("--jsonl reads stdin; do not pass TEXT as well");
  if (args.positionals.length > 1) throw new UsageError("pass the text as one argument (quote it), or '-' to read stdin");

  // LLM-judged checks and moderation reach the compat upstream as the server would.
  let services;
  try {
    services = buildUpstream(settings).services;
  } catch (e) {
    if (e instanceof ModelsConfigError) throw new StartupError(e.message);
    throw e;
  }
  const store = new LocalPolicyStore(settings.policyDir, settings.defaultConfigId, services);
  let policy;
  try {
    policy = store.resolve(configId);
  } catch (e) {
    if (e instanceof PolicyError) throw new StartupError(e.code === "config_id_required" ? "--config-id is required (no default policy is configured)" : e.message);
    throw e;
  }

  if (jsonl !== undefined) {
    for await (const line of stdinLines()) {
      if (line.trim() === "") continue;
      process.stdout.write(JSON.stringify(await scanLine(line, policy, stage)) + "\n");
    }
    return 0;
  }

  const arg = args.positionals[0];
  const text = arg === undefined || arg === "-" ? await Bun.stdin.text() : arg;
  const outcome = await guardText(policy, stage, text);
  process.stdout.write(JSON.stringify(scanResult(outcome), null, 2) + "\n");
  return outcome.response.allowed ? 0 : 1;
}

/**
 * Standard input's lines, split at "\n" only (a "\r" before it dropped): a raw U+2028 or U+2029
 * is valid inside a JSON string, and readline would end the line there.
 */
async function* stdinLines(): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of Bun.stdin.stream()) {
    pending += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
      yield withoutCr(pending.slice(start, end));
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  if (pending !== "") yield withoutCr(pending);
}

function withoutCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

async function scanLine(line: string, policy: Parameters<typeof guardText>[0], stage: GuardStage): Promise<object> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { error: "line is not valid JSON" };
  }
  const text = (parsed as { text?: unknown } | null)?.text;
  if (typeof text !== "string") return { error: 'line must be an object with a string "text"' };
  return scanResult(await guardText(policy, stage, text));
}

function scanResult(outcome: GuardOutcome): object {
  return {
    ...outcome.response,
    results: outcome.runs.map((r) => ({
      name: r.name,
      stage: r.stage,
      tripped: r.tripped,
      enforced: r.enforced,
      ...(r.confidence !== undefined ? { confidence: r.confidence } : {}),
      ...(r.error !== undefined ? { error: r.error } : {}),
      info: r.info,
    })),
  };
}
