#!/usr/bin/env bun
/** Entry point of `guardrail-proxy`, from source (`bun src/main.ts`) and as the compiled binary. */
import { ensureStartEnvironment } from "./process/start-environment.ts";

const argv = process.argv.slice(2);
// Before the rest of the program loads: a re-executed process should not pay for it twice.
ensureStartEnvironment(argv, process.env);
const { runCli } = await import("./cli/run.ts");
process.exitCode = await runCli(argv, process.env);
