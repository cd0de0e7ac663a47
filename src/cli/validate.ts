/**
 * `guardrail-proxy validate`: every policy of the directory, the models config and the callers
 * file. One line per problem or warning naming file, field and reason, then one summary line;
 * exit 1 when there is any problem.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { formatIssues } from "../schema/check.ts";
import { compilePolicy } from "../policy/compile.ts";
import { isValidPolicyId, listPolicyIds, locatePolicy, shadowedFiles } from "../policy/discovery.ts";
import { PolicyError } from "../policy/errors.ts";
import { policyWarnings } from "../policy/lint.ts";
import { unreachableGuardrails, type Reach } from "../policy/reachability.ts";
import { parsePolicyText, readPolicyFile } from "../policy/load.ts";
import { applyOptions, loadSettings, type Environment } from "../settings.ts";
import { CallersFileError, loadCallersFile } from "../http/callers-file.ts";
import { loadModelsConfig, ModelsConfigError } from "../upstream/models-config.ts";
import { buildRouter, judgeConfigured } from "../upstream/setup.ts";
import { engineWarnings } from "../upstream/engine-probe.ts";
import { variable } from "../upstream/provider.ts";
import { PROVIDERS } from "../proxy/families/index.ts";
import type { ParsedArgs } from "./args.ts";

export async function runValidate(args: ParsedArgs, env: Environment): Promise<number> {
  const settings = loadSettings(applyOptions(env, args.options), { requireLicence: false });
  const out: string[] = [];
  /** What was found valid, for the summary line: policy ids, and the other files described. */
  const validPolicies: string[] = [];
  const validFiles: string[] = [];
  let problems = 0;
  const problem = (line: string) => {
    problems++;
    out.push(`error: ${line}`);
  };
  const dir = settings.policyDir;

  let ids: string[] = [];
  try {
    ids = listPolicyIds(dir);
    for (const name of readdirSync(dir)) {
      const id = name.replace(/\.(json|ya?ml)$/, "");
      if (!isValidPolicyId(id)) out.push(`warning: ${join(dir, name)}: '${id}' is not a valid policy id (letters, digits, '.', '_' and '-'); ignored`);
    }
  } catch (e) {
    if (!(e instanceof PolicyError)) throw e;
    problem(e.message);
  }
  if (ids.length === 0 && problems === 0) out.push(`warning: no policies found in ${dir}`);

  const reach = reachOf(settings);
  for (const id of ids) {
    try {
      const located = locatePolicy(dir, id);
      if (!located) continue;
      for (const shadowed of shadowedFiles(dir, id)) out.push(`warning: ${shadowed}: shadowed by ${located.path} (same policy id '${id}')`);
      const document = parsePolicyText(located.path, readPolicyFile(located.path));
      const result = compilePolicy(id, document);
      if (!result.ok) {
        for (const issue of result.issues) problem(`${located.path}: ${formatIssues([issue])}`);
        continue;
      }
      for (const w of policyWarnings(result.policy, document)) out.push(`warning: ${located.path}: ${w}`);
      // A shadow that cannot run never fails a request, so it is a warning: its verdicts are `error`.
      const shadow = result.policy.shadow;
      if (shadow && !ids.includes(shadow)) out.push(`warning: ${located.path}: shadow: no policy '${shadow}' in ${dir}; every request's shadow outcome would be error`);
      for (const w of unreachableGuardrails(id, document, reach)) out.push(`warning: ${located.path}: ${w}`);
      for (const w of await engineWarnings(id, document, (name) => variable(settings.upstream.environment, name))) out.push(`warning: ${located.path}: ${w}`);
      validPolicies.push(id);
    } catch (e) {
      if (!(e instanceof PolicyError)) throw e;
      problem(e.message);
    }
  }

  if (settings.defaultConfigId && !ids.includes(settings.defaultConfigId)) {
    problem(`SVC_GUARDRAILS_DEFAULT_CONFIG_ID: no policy '${settings.defaultConfigId}' in ${dir}`);
  }

  if (!settings.modelsConfigPath) {
    // The providers' variables (COMPAT_BASE_URL, ...) are checked as start-up checks them.
    try {
      buildRouter(settings, PROVIDERS);
    } catch (e) {
      if (!(e instanceof ModelsConfigError)) throw e;
      problem(e.message);
    }
  } else {
    try {
      const router = buildRouter(settings, PROVIDERS);
      for (const entry of loadModelsConfig(settings.modelsConfigPath, PROVIDERS)) {
        const key = entry.client.api_key;
        if (typeof key === "string" && isPlaceholderKey(key)) {
          out.push(`warning: ${settings.modelsConfigPath}: model '${entry.name}': parameters.api_key looks like a documentation placeholder, not a key; every call to this model will be refused upstream (set the real key, or leave api_key out to use COMPAT_API_KEY or the caller's)`);
        }
      }
      validFiles.push(`models config ${settings.modelsConfigPath} (${router.names.length} named models${router.hasDefault ? " and a default" : ""})`);
    } catch (e) {
      if (!(e instanceof ModelsConfigError)) throw e;
      problem(e.message);
    }
  }

  if (settings.callersFile) {
    try {
      const callers = loadCallersFile(settings.callersFile);
      for (const caller of callers) {
        for (const id of caller.policies) {
          if (!ids.includes(id)) out.push(`warning: ${settings.callersFile}: caller '${caller.name}' lists policy '${id}', which ${dir} does not hold (yet)`);
        }
      }
      validFiles.push(`callers file ${settings.callersFile} (${callers.length} caller${callers.length === 1 ? "" : "s"})`);
    } catch (e) {
      if (!(e instanceof CallersFileError)) throw e;
      problem(e.message);
    }
  }

  const summary =
    problems > 0
      ? `${problems} problem${problems === 1 ? "" : "s"} found`
      : `valid: ${validPolicies.length} polic${validPolicies.length === 1 ? "y" : "ies"} in ${dir}${validPolicies.length > 0 ? ` (${validPolicies.join(", ")})` : ""}${validFiles.map((f) => `, ${f}`).join("")}`;
  process.stdout.write([...out, summary].join("\n") + "\n");
  return problems > 0 ? 1 : 0;
}

/** What the server could reach as configured: the models config's names, the compat upstream. */
function reachOf(settings: ReturnType<typeof loadSettings>): Reach {
  let names: readonly string[] = [];
  try {
    if (settings.modelsConfigPath) names = buildRouter(settings, PROVIDERS).names;
  } catch {
    // An invalid models config is reported on its own below.
  }
  return { hasModel: (m) => names.includes(m), compatConfigured: judgeConfigured(settings, PROVIDERS) };
}

/** `sk-...`, `<your key>`, `YOUR_API_KEY`, `changeme`: what documentation writes where a key goes. */
function isPlaceholderKey(key: string): boolean {
  return /\.\.\.|^<.*>$|your[-_ ]?(api[-_ ]?)?key|^changeme$|^xxx+$/i.test(key.trim());
}
