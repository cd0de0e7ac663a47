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
import { PROVIDERS } from "../proxy/families/index.ts";
import { optionValue, type ParsedArgs } from "./args.ts";
import { StartupError } from "../errors/startup-error.ts";
import { UsageError } from "./errors.ts";

export async function runScan(args: ParsedArgs, env: Environment): Promise<number> {
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: false });
  const stage = optionValue(args, "stage") ?? "input";
  if (stage !== "input" && stage !== "output") throw new UsageError("--stage must be input or output");
  const configId = optionValue(args, "config-id");
  const jsonl = optionValue(args, "jsonl");
  if (jsonl !== undefined && jsonl !== "-") throw new UsageError("--jsonl reads stdin: pass '--jsonl -'");
  if (jsonl !== undefined && args.positionals.length > 0) throw new UsageError("--jsonl reads stdin; do not pass TEXT as well");
  if (args.positionals.length > 1) throw new UsageError("pass the text as one argument (quote it), or '-' to read stdin");
  const brief = args.options.has("brief");

  // LLM-judged checks and moderation reach the compat upstream as the server would.
  let services;
  try {
    services = buildUpstream(settings, PROVIDERS).services;
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
      process.stdout.write((brief ? await briefScanLine(line, policy, stage) : JSON.stringify(await scanLine(line, policy, stage))) + "\n");
    }
    return 0;
  }

  const arg = args.positionals[0];
  const text = arg === undefined || arg === "-" ? await Bun.stdin.text() : arg;
  const outcome = await guardText(policy, stage, text);
  process.stdout.write((brief ? briefResult(outcome) : JSON.stringify(scanResult(outcome), null, 2)) + "\n");
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

/** A line's text, or why it has none. */
function lineText(line: string): { text: string } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { error: "line is not valid JSON" };
  }
  const text = (parsed as { text?: unknown } | null)?.text;
  return typeof text === "string" ? { text } : { error: 'line must be an object with a string "text"' };
}

async function scanLine(line: string, policy: Parameters<typeof guardText>[0], stage: GuardStage): Promise<object> {
  const read = lineText(line);
  return "error" in read ? read : scanResult(await guardText(policy, stage, read.text));
}

async function briefScanLine(line: string, policy: Parameters<typeof guardText>[0], stage: GuardStage): Promise<string> {
  const read = lineText(line);
  return "error" in read ? `error: ${read.error}` : briefResult(await guardText(policy, stage, read.text));
}

/**
 * `--brief`: one line for people at a terminal. The verdict, then the text as it goes on (or the
 * block message), then what each guardrail found: the types a masker masked, a detector's
 * confidence, "tripped" for a trip that was not enforced.
 */
function briefResult(outcome: GuardOutcome): string {
  const { response } = outcome;
  const verdict = !response.allowed ? `blocked by ${response.guardrail}: ${response.message}` : response.sanitized_text !== null ? `allowed, masked: ${response.sanitized_text}` : "allowed";
  const found = outcome.runs.map((r) => {
    const masked = (r.info as { detected_entities?: Record<string, unknown>; detected_kinds?: string[] } | undefined) ?? {};
    const kinds = [...Object.keys(masked.detected_entities ?? {}), ...(masked.detected_kinds ?? [])];
    const what = r.error !== undefined ? "could not run" : r.confidence !== undefined ? r.confidence.toFixed(2) : kinds.length > 0 ? kinds.join(", ") : "-";
    return `${r.name} ${what}${r.tripped && !r.enforced ? " (tripped, not enforced)" : ""}`;
  });
  return `${verdict.replaceAll("\n", " ")}  [${found.join("; ")}]`;
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
