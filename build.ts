/**
 * `bun run build`: one self-contained executable, dist/guardrail-proxy, with every guardrail,
 * pattern and model inside. Bytecode makes start-up fast (the /health-within-150-ms target).
 */
import { rmSync } from "node:fs";

const outfile = process.env.GUARDRAIL_PROXY_OUTFILE ?? "dist/guardrail-proxy";
rmSync(outfile, { force: true });

const result = await Bun.build({
  // The scan workers' module is an entry point of its own (pipeline/scan-pool.ts finds it).
  entrypoints: ["src/main.ts", "src/pipeline/scan-worker.ts"],
  target: "bun",
  format: "esm",
  minify: true,
  bytecode: true,
  compile: {
    outfile,
    // The binary reads its settings from options and variables only, never from files in the
    // directory it happens to be started in.
    autoloadBunfig: false,
    autoloadTsconfig: false,
    autoloadPackageJson: false,
  },
});

if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`built ${outfile}`);
