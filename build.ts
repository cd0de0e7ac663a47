/** `npm run build`: dist/guardrail-proxy for this machine (scripts/lib/compile.ts). */
import { compileBinary } from "./scripts/lib/compile.ts";

const outfile = process.env.GUARDRAIL_PROXY_OUTFILE ?? "dist/guardrail-proxy";
try {
  await compileBinary(outfile);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
console.log(`built ${outfile}`);
