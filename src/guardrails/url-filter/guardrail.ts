/**
 * The `URLFilter` guardrail (DECISIONS §3). A URL is allowed when its scheme is allowed, its
 * host is on the allow list (subdomains only with `allow_subdomains`), and it carries no
 * `user:password@` part while `block_userinfo` is on. Everything else is blocked: masked as
 * `<BLOCKED_URL>`, or tripping with `block: true`. An empty allow list blocks every URL.
 */
import { Type, type Static } from "@sinclair/typebox";
import { normalizeText, toOriginalSpan } from "../text/normalize.ts";
import { BLOCKED_URL_PLACEHOLDER } from "../text/placeholders.ts";
import { replaceSpans } from "../text/spans.ts";
import { GuardrailConfigError, type GuardrailDefinition, type Masker } from "../types.ts";
import { findUrls, type FoundUrl } from "../text/urls.ts";

export const UrlFilterConfigSchema = Type.Object(
  {
    block: Type.Optional(Type.Boolean()),
    allow_list: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    allowed_schemes: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    allow_subdomains: Type.Optional(Type.Boolean()),
    block_userinfo: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UrlFilterConfig = Static<typeof UrlFilterConfigSchema>;

/** One allow-list entry: a host (with optional port) and optional scheme and path prefix. */
interface AllowRule {
  readonly host: string;
  readonly port: string | null;
  readonly scheme: string | null;
  readonly pathPrefix: string;
}

type BlockReason = "scheme" | "host" | "userinfo";

function parseAllowEntry(entry: string, index: number): AllowRule {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
  let url: URL;
  try {
    url = new URL(hasScheme ? entry : `http://${entry}`);
  } catch {
    throw new GuardrailConfigError(`allow_list[${index}]`, `'${entry}' is not a host name or URL`);
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, "").toLowerCase(),
    port: url.port || null,
    scheme: hasScheme ? url.protocol.slice(0, -1).toLowerCase() : null,
    pathPrefix: url.pathname.replace(/\/+$/, ""),
  };
}

/** `/docs` allows `/docs`, `/docs/x` and `/docs?q`, but not `/docsevil`. */
function pathAllowed(rest: string, prefix: string): boolean {
  if (prefix === "" || rest === prefix) return true;
  if (!rest.startsWith(prefix)) return false;
  const next = rest[prefix.length];
  return next === "/" || next === "?" || next === "#";
}

export function createUrlFilterMasker(config: UrlFilterConfig): Masker {
  const block = config.block ?? false;
  const rules = (config.allow_list ?? []).map(parseAllowEntry);
  const schemes = new Set((config.allowed_schemes ?? ["https"]).map((s) => s.toLowerCase().replace(/:(\/\/)?$/, "")));
  const allowSubdomains = config.allow_subdomains ?? false;
  const blockUserinfo = config.block_userinfo ?? true;

  const hostMatches = (rule: AllowRule, host: string): boolean =>
    host === rule.host || (allowSubdomains && host.endsWith(`.${rule.host}`));

  const verdict = (url: FoundUrl): BlockReason | null => {
    if (url.scheme !== null && !schemes.has(url.scheme)) return "scheme";
    if (blockUserinfo && url.hasUserinfo) return "userinfo";
    const allowed = rules.some(
      (r) =>
        hostMatches(r, url.host) &&
        (r.port === null || r.port === url.port) &&
        (r.scheme === null || url.scheme === null || r.scheme === url.scheme) &&
        pathAllowed(url.rest, r.pathPrefix),
    );
    return allowed ? null : "host";
  };

  return {
    kind: "masker",
    name: "URLFilter",
    mask(original) {
      const norm = normalizeText(original);
      const blocked: { start: number; end: number; replacement: string; reason: BlockReason }[] = [];
      const allowedUrls: string[] = [];
      for (const url of findUrls(norm.text)) {
        const [start, end] = toOriginalSpan(norm, url.start, url.end);
        const reason = verdict(url);
        if (reason === null) allowedUrls.push(original.slice(start, end));
        else blocked.push({ start, end, replacement: BLOCKED_URL_PLACEHOLDER, reason });
      }
      const reasons = [...new Set(blocked.map((b) => `blocked_${b.reason}`))];
      const masked = replaceSpans(original, blocked);
      return {
        text: masked,
        tripped: block && blocked.length > 0,
        labels: reasons,
        info: {
          guardrail_name: "URLFilter",
          blocked: blocked.map((b) => ({ url: original.slice(b.start, b.end), reason: b.reason })),
          allowed: allowedUrls,
          block_mode: block,
          checked_text: masked,
        },
        spans: blocked,
      };
    },
  };
}

export const urlFilterDefinition: GuardrailDefinition<UrlFilterConfig> = {
  name: "URLFilter",
  kind: "masker",
  configSchema: UrlFilterConfigSchema,
  suppressEnforcementByDefault: false,
  create: createUrlFilterMasker,
  describe: (labels) => `URL not allowed (${labels.map((l) => l.replace("blocked_", "")).join(", ")})`,
};
