/** `npm run build`: dist/guardrail-proxy for this machine (scripts/lib/compile.ts). */
import { compileBinary, warnAboutUncommittedPolicies } from "./scripts/lib/compile.ts";

warnAboutUncommittedPolicies();

const outfile = process.env.GUARDRAIL_PROXY_OUTFILE ?? "dist/guardrail-proxy";
try {
  await compileBinary(outfile);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
console.log(`built ${outfile}`);
