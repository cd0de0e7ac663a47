/**
 * A small argv parser: `--name value`, `--name=value`, boolean flags and positionals.
 * Unknown options are usage errors, so a typo never silently falls back to a default.
 */
import { UsageError } from "./errors.ts";

export interface OptionSpec {
  /** Takes a value (`--port 8000`) rather than being a flag (`--reload`). */
  readonly value: boolean;
}

export interface ParsedArgs {
  readonly options: ReadonlyMap<string, string | true>;
  readonly positionals: readonly string[];
}

export function parseArgs(argv: readonly string[], specs: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (!spec.value) {
      if (eq !== -1) throw new UsageError(`option --${name} takes no value`);
      options.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined) throw new UsageError(`option --${name} needs a value`);
    options.set(name, value);
  }
  return { options, positionals };
}

/** The string value of an option, or undefined when absent. */
export function optionValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === "string" ? v : undefined;
}
