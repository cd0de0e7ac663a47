/**
 * The command line: `serve` (the default), `validate`, `scan`, `test`, `init`, `mcp-pins`, `--help`, `--version`. Returns
 * the exit status; usage and start-up errors print one line on stderr and give 2.
 */
import { VERSION } from "../version.ts";
import type { Environment } from "../settings.ts";
import { parseArgs, type OptionSpec } from "./args.ts";
import { StartupError } from "../errors/startup-error.ts";
import { UsageError } from "./errors.ts";
import { INIT_HELP, MAIN_HELP, MCP_PINS_HELP, SCAN_HELP, SERVE_HELP, TEST_HELP, VALIDATE_HELP } from "./help.ts";
import { runMcpPins } from "./mcp-pins.ts";
import { runInit } from "./init.ts";
import { runPolicyTests } from "./policy-tests.ts";
import { runScan } from "./scan.ts";
import { runServe } from "./serve.ts";
import { runValidate } from "./validate.ts";

const value: OptionSpec = { value: true };
const flag: OptionSpec = { value: false };
const COMMON = { help: flag, version: flag };

const COMMANDS = {
  serve: {
    help: SERVE_HELP,
    options: { ...COMMON, host: value, port: value, "policy-source": value, "policy-dir": value, "default-config": value, "models-config": value, "mcp-config": value, name: value, reload: flag, playground: flag, "allowed-origins": value, "allowed-hosts": value, "log-level": value, workers: value },
    run: runServe,
  },
  validate: { help: VALIDATE_HELP, options: { ...COMMON, "policy-dir": value, "models-config": value }, run: runValidate },
  init: { help: INIT_HELP, options: COMMON, run: runInit },
  test: { help: TEST_HELP, options: { ...COMMON, "policy-dir": value, junit: value }, run: runPolicyTests },
  "mcp-pins": { help: MCP_PINS_HELP, options: { ...COMMON, reset: value, "mcp-config": value }, run: runMcpPins },
  scan: { help: SCAN_HELP, options: { ...COMMON, "policy-dir": value, "config-id": value, stage: value, jsonl: value, brief: flag }, run: runScan },
} as const;

type CommandName = keyof typeof COMMANDS;

export async function runCli(argv: readonly string[], env: Environment): Promise<number> {
  const first = argv[0];
  const named = first !== undefined && first in COMMANDS;
  const name: CommandName = named ? (first as CommandName) : "serve";
  const command = COMMANDS[name];
  try {
    if (!named && (first === "--help" || first === "-h")) {
      process.stdout.write(MAIN_HELP);
      return 0;
    }
    if (first === "help") {
      const topic = argv[1];
      if (topic === undefined) process.stdout.write(MAIN_HELP);
      else if (topic in COMMANDS) process.stdout.write(COMMANDS[topic as CommandName].help);
      else throw new UsageError(`no help for '${topic}': commands are ${Object.keys(COMMANDS).join(", ")}`);
      return 0;
    }
    const args = parseArgs(named ? argv.slice(1) : argv, command.options);
    if (args.options.has("help")) {
      process.stdout.write(command.help);
      return 0;
    }
    if (args.options.has("version")) {
      process.stdout.write(`guardrail-proxy ${VERSION}\n`);
      return 0;
    }
    if (name === "serve" && args.positionals.length > 0) throw new UsageError(`unknown command '${args.positionals[0]}'`);
    return await command.run(args, env, argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`guardrail-proxy: ${e.message}\n${name === "serve" && !named ? MAIN_HELP : command.help}`);
      return 2;
    }
    if (e instanceof StartupError) {
      process.stderr.write(`guardrail-proxy: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
