#!/usr/bin/env bun
/** Entry point of `guardrail-proxy`, from source (`bun src/main.ts`) and as the compiled binary. */
import { runCli } from "./cli/run.ts";

process.exitCode = await runCli(process.argv.slice(2), process.env);
