/**
 * The proxy road, the same for every API family (ARCHITECTURE "The one flow"): policy, input
 * guardrails (masking writes back into the body), the upstream call through the route's SDK
 * client, then output guardrails on the whole answer or, for a stream, through the relay.
 */
import type { RequestAudit } from "../audit/request-audit.ts";
import { finishAudit } from "../audit/request-audit.ts";
import { REQUEST_ID_HEADER } from "../audit/request-id.ts";
import type { ProxyDeps } from "./deps.ts";
import { ApiError } from "../errors/api-error.ts";
import { blockError } from "./block-error.ts";
import { requestPolicy } from "../audit/request-policy.ts";
import { callerValue } from "../log/caller-value.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { runInputStages, runOutputStage } from "../pipeline/pipeline.ts";
import { OutputMonitor } from "../streaming/output-monitor.ts";
import { sseToJsonArray } from "../streaming/json-array.ts";
import { relayStream } from "../streaming/relay.ts";
import { StreamGuard } from "../streaming/stream-guard.ts";
import { signedBlock, valueChecks } from "../streaming/value-checks.ts";
import { PlaceholderVault, restorePlaceholders } from "../guardrails/text/vault.ts";
import { UpstreamStatusError } from "../upstream/errors.ts";
import { readAnswerText } from "../upstream/answer-size.ts";
import { upstreamHeaders, upstreamQuery } from "../upstream/forwarding.ts";
import { relayedError, relayedHeaders } from "../upstream/response-headers.ts";
import type { UpstreamRoute } from "../upstream/routes.ts";
import type { ApiFamily, FamilyRoute } from "./family.ts";
import { Shadow, type ShadowSeen } from "./shadow.ts";
import { isPathName } from "./names.ts";
import { RecordingInterpreter } from "../streaming/recording-interpreter.ts";
import { parseJsonLeniently } from "../streaming/events.ts";
import { countKeys, countParsedKeys } from "./reading/json-keys.ts";
import { isObject } from "../schema/json.ts";
import type { Segment } from "../pipeline/types.ts";
import type { ConversationTurn } from "../pipeline/stage-runs.ts";
import type { TextSlot } from "./reading/text-reading.ts";
import type { UnreadableKind } from "./reading/media.ts";
import { TooManyTextsError, type TextReading } from "./reading/text-reading.ts";

export interface ProxyCall {
  readonly family: ApiFamily;
  /** The family's route the request came in on. */
  readonly familyRoute: FamilyRoute;
  readonly request: Request;
  /** The parsed body; the proxy edits it in place into the upstream body. */
  readonly body: Record<string, unknown>;
  readonly audit: RequestAudit;
  /** The route pattern, for metrics labels. */
  readonly route: string;
  /** The route's path parameters (a hosted route's `:deployment`). */
  readonly params: Readonly<Record<string, string>>;
}

export async function proxy(deps: ProxyDeps, call: ProxyCall): Promise<Response> {
  const guardrails = call.body.guardrails as { config_id?: string } | undefined;
  delete call.body.guardrails;
  const policy = requestPolicy(deps, call.audit, call.request, guardrails?.config_id);
  const shadow = Shadow.of(deps, policy, call.audit);
  if (!shadow) return guarded(deps, call, policy, null, null);
  // The shadow reads the request as it arrived, before the live policy masks it in place.
  const seen = shadow.request(readOrRefuse(() => call.family.readRequest(call.body), 413, "request_too_large", "the request").slots.map(segmentOf));
  try {
    const response = await guarded(deps, call, policy, shadow, seen);
    // A stream settles its shadow when it ends, with the assembled answer.
    if (!call.audit.deferred) shadow.settle();
    return response;
  } catch (e) {
    // The live policy blocked (or the upstream failed): the shadow's verdict is logged all the same.
    shadow.settle();
    throw e;
  }
}

async function guarded(deps: ProxyDeps, call: ProxyCall, policy: CompiledPolicy, shadow: Shadow | null, seen: ShadowSeen | null): Promise<Response> {
  const { body, audit, family } = call;
  // Reversible masking: the request's placeholders and their values, for its answer only.
  const vault = policy.reversible ? new PlaceholderVault() : null;

  const model = family.model(body, call.params, call.request.url);
  const route = deps.upstream.router.route(call.familyRoute.upstream, model);
  checkProvider(call.familyRoute, route, model);
  checkPathModel(route, model);

  const conversation = await guardInput(deps, call, policy, vault, seen);
  const prompt = promptForOutputJudges(call, policy, conversation);
  const upstreamModel = route.modelOverride ?? model;
  family.placeModel(body, upstreamModel);
  applyRequestDefaults(body, route);
  const upstreamPath = family.upstreamPath(upstreamModel, call.request.url);

  const stream = family.stream(body, call.request.url);
  const abort = new AbortController();
  deps.metrics.add(IN_FLIGHT, 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    deps.metrics.add(IN_FLIGHT, -1);
  };
  const settings = deps.settings.upstream;
  // The model is the caller's text: bounded like any caller value in a log line.
  const upstreamTrace = audit.trace?.upstream({ method: "POST", baseUrl: route.client.baseUrl, path: upstreamPath, provider: route.provider, model: upstreamModel === undefined ? undefined : callerValue(upstreamModel) });
  // The request's id goes upstream too: the provider's logs and ours name the same request.
  const headers = { ...upstreamHeaders(route, call.request.headers, settings.forwardHeaders, call.request.url), [REQUEST_ID_HEADER]: audit.requestId };
  let response: Response;
  try {
    response = await deps.upstream.clients.callFor(route)({
      method: "post",
      path: upstreamPath,
      body,
      stream,
      // With tracing on, the upstream call's span is the upstream request's parent.
      headers: upstreamTrace ? { ...headers, ...upstreamTrace.headers } : headers,
      query: upstreamQuery(call.request.url, settings.forwardQueryParams),
      signal: call.request.signal,
      controller: abort,
      maxAnswerBytes: deps.settings.maxAnswerBytes,
    });
  } catch (e) {
    release();
    upstreamTrace?.end(e instanceof UpstreamStatusError ? e.status : null);
    const kind = e instanceof UpstreamStatusError ? String(e.status) : e instanceof ApiError && e.code.startsWith("upstream_") ? e.code : null;
    if (kind !== null) deps.metrics.inc("guardrail_proxy_upstream_errors_total", { route: call.route, kind });
    if (e instanceof UpstreamStatusError) {
      // An error body is an answer the caller shows too: read and guarded like one.
      if (policy.stages.output.length === 0) return relayedError(e);
      // The upstream's own headers: wholeAnswer picks what is relayed, as for any answer.
      return wholeAnswer(policy, vault, family, new Response(e.body, { status: e.status, headers: e.headers }), e.headers.get("content-type") ?? "application/json", audit, abort.signal, deps.settings.maxAnswerBytes, shadow, prompt);
    }
    throw e;
  }

  const declaredType = response.headers.get("content-type");
  const contentType = declaredType ?? "application/json";
  // A stream's upstream span stays open until the stream ends (the request's span closes it).
  if (stream && response.body && readsAsStream(declaredType ?? "")) {
    return streamAnswer(deps, call, policy, vault, response, response.body, abort, release, shadow, prompt);
  }
  upstreamTrace?.end(response.status);
  try {
    return await wholeAnswer(policy, vault, family, response, contentType, audit, abort.signal, deps.settings.maxAnswerBytes, shadow, prompt);
  } finally {
    release();
  }
}

const IN_FLIGHT = "guardrail_proxy_upstream_in_flight";

/**
 * Whether the answer to a streaming request is read as SSE: the SDKs read it so whatever its
 * Content-Type says (`TEXT/EVENT-STREAM`, `application/octet-stream`, none), so the relay does
 * too. Only a JSON answer is read whole (a provider that ignored `stream`, or an error).
 */
function readsAsStream(contentType: string): boolean {
  return !/\bjson\b/i.test(contentType);
}

/** A model reaches only the routes of its provider's families (`messages` models only `/v1/messages`). */
function checkProvider(familyRoute: FamilyRoute, route: UpstreamRoute, model: string | undefined): void {
  if (familyRoute.upstream.providers.includes(route.provider)) return;
  const name = model === undefined ? "the default model" : `model '${callerValue(model)}'`;
  const served = familyRoute.upstream.providers.map((p) => `'${p}'`).join(" and ");
  throw new ApiError(422, "provider_mismatch", `${name} is routed to a '${route.provider}' upstream; POST ${familyRoute.path} serves only ${served} models`);
}

/**
 * An upstream that puts the model in its URL path (a hosted deployment): the name must be one
 * path segment (names.ts), so it can neither climb the path (`..`, `a/../b`) nor end it.
 */
function checkPathModel(route: UpstreamRoute, model: string | undefined): void {
  if (model !== undefined && route.spec.modelInPath(route.client) && !isPathName(model)) {
    throw new ApiError(422, "validation_error", `model '${callerValue(model)}' cannot name a deployment: a deployment name is letters, digits, '.', '_' and '-'`);
  }
}

/**
 * The prompt's conversation for the output stage's remote judges (a Llama Guard model reads the
 * answer as the last assistant turn after it), when the stage has one: the request's texts as
 * the input stages left them (masked), without the system prompt, tool definitions or boundary
 * windows. Undefined when no output judge reads it.
 */
function promptForOutputJudges(call: ProxyCall, policy: CompiledPolicy, conversation: readonly Segment[] | null): readonly ConversationTurn[] | undefined {
  if (!policy.stages.output.some((e) => e.guardrail.kind === "detector" && e.guardrail.remote === true)) return undefined;
  const segments = conversation ?? readOrRefuse(() => call.family.readRequest(call.body), 413, "request_too_large", "the request").slots;
  return segments.filter((s) => s.role !== "system" && s.masked && s.window !== true).map((s) => ({ role: s.role, text: s.text }));
}

/**
 * The input stages over every text of the request (DECISIONS §8); masked texts are written back
 * where they came from. Parts no guardrail can read are counted, and refused when the policy
 * says `unreadable_content: block`. Answers the request's texts as the stages left them, or
 * null when no stage ran.
 */
async function guardInput(deps: ProxyDeps, call: ProxyCall, policy: CompiledPolicy, vault: PlaceholderVault | null, seen: ShadowSeen | null): Promise<readonly Segment[] | null> {
  const guarded = policy.stages.pre_flight.length > 0 || policy.stages.input.length > 0;
  if (!guarded && policy.unreadableContent === "allow") {
    forwardedAsSent(call, seen);
    return null;
  }
  const reading = readOrRefuse(() => call.family.readRequest(call.body), 413, "request_too_large", "the request");
  if (reading.refusals.length > 0) {
    seen?.blocked();
    throw new ApiError(422, "unscanned_content", `the request cannot be read safely: ${reading.refusals[0]}`);
  }
  if (reading.unreadable.length > 0) {
    countUnscanned(deps, call, reading.unreadable);
    if (policy.unreadableContent === "block") {
      seen?.blocked();
      throw new ApiError(422, "unscanned_content", `the request holds content no guardrail can read (${[...new Set(reading.unreadable)].join(", ")}), and the policy blocks it (unreadable_content: block)`);
    }
  }
  const slots = reading.slots;
  if (!guarded) {
    seen?.forwarded(slots.map((s) => s.text));
    return null;
  }
  const verdict = await runInputStages(
    policy,
    slots.map((s) => ({ role: s.role, text: s.text, masked: s.masked, judged: s.judged, window: s.window })),
    { signal: call.request.signal, vault: vault ?? undefined, trace: call.audit.trace },
    call.family.preFlightOnly?.(call.request.url) ? "pre_flight" : "all",
  );
  call.audit.runs = [...verdict.runs];
  if (verdict.block) {
    seen?.blocked();
    throw blockError(verdict.block);
  }
  seen?.forwarded(slots.map((s, i) => verdict.segments[i]?.text ?? s.text));
  if (!verdict.changed) return verdict.segments;
  for (let i = 0; i < slots.length; i++) {
    const text = verdict.segments[i]!.text;
    if (text !== slots[i]!.text) slots[i]!.write(text);
  }
  reading.commit();
  return verdict.segments;
}

/** A policy without input guardrails forwards the request's texts as they came. */
function forwardedAsSent(call: ProxyCall, seen: ShadowSeen | null): void {
  if (seen) seen.forwarded(call.family.readRequest(call.body).slots.map((s) => s.text));
}

/** A reading, or the error that says the body holds more texts than a request may. */
function readOrRefuse(read: () => TextReading, status: number, code: "request_too_large" | "upstream_answer_too_large", what: string): TextReading {
  try {
    return read();
  } catch (e) {
    if (e instanceof TooManyTextsError) throw new ApiError(status, code, `${what} cannot be guarded: ${e.message}`);
    throw e;
  }
}

function countUnscanned(deps: ProxyDeps, call: ProxyCall, kinds: readonly UnreadableKind[]): void {
  const counts: Partial<Record<UnreadableKind, number>> = {};
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  call.audit.unscanned = counts;
  for (const kind in counts) deps.metrics.inc("guardrail_proxy_unscanned_parts_total", { route: call.route, kind }, counts[kind as UnreadableKind]);
}

/** The entry's `model` override and per-request defaults (SPEC "Model config entry"). */
/** An entry's per-request defaults, where the caller set nothing. */
function applyRequestDefaults(body: Record<string, unknown>, route: UpstreamRoute): void {
  for (const key in route.requestDefaults) {
    if (body[key] === undefined) body[key] = route.requestDefaults[key];
  }
}

async function wholeAnswer(
  policy: CompiledPolicy,
  vault: PlaceholderVault | null,
  family: ApiFamily,
  response: Response,
  contentType: string,
  audit: RequestAudit,
  signal: AbortSignal,
  maxAnswerBytes: number,
  shadow: Shadow | null,
  prompt: readonly ConversationTurn[] | undefined,
): Promise<Response> {
  let text: string;
  try {
    text = await readAnswerText(response, maxAnswerBytes);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(502, "upstream_unreachable", "the upstream connection was lost before its answer was complete");
  }
  const restoring = vault !== null && vault.size > 0;
  let seen: ShadowSeen | null = null;
  if (shadow) {
    // The shadow reads the answer as it came, on a reading of its own (the live one rewrites in place).
    const own = parseAnswer(text);
    const texts = own === null ? [text] : readOrRefuse(() => family.readAnswer(own), 502, "upstream_answer_too_large", "the upstream's answer").slots.map((s) => s.text);
    seen = shadow.answer(texts);
    if (policy.stages.output.length === 0) seen.forwarded(texts);
  }
  if (policy.stages.output.length === 0 && !restoring) return new Response(text, { status: response.status, headers: relayedHeaders(response.headers, contentType) });
  const answer = parseAnswer(text);
  const reading = answer === null ? null : readOrRefuse(() => family.readAnswer(answer), 502, "upstream_answer_too_large", "the upstream's answer");
  // A body no JSON parser reads is judged as the text it is, and masked in place like one.
  let raw = text;
  const slots = reading?.slots ?? [{ text, masked: true, signed: false, write: (t: string) => void (raw = t) }];
  let texts = slots.map((s) => s.text);
  if (policy.stages.output.length > 0) {
    const verdict = await runOutputStage(policy, texts, { signal, masked: slots.map((s) => s.masked), trace: audit.trace, ...(prompt ? { prompt } : {}) });
    audit.runs = [...audit.runs, ...verdict.runs];
    if (verdict.block) {
      seen?.blocked();
      throw blockError(verdict.block);
    }
    texts = verdict.texts ? [...verdict.texts] : texts;
    seen?.forwarded(texts);
  }
  // Masked by the output stage, then the placeholders of reversible masking restored; signed
  // texts are neither. The answer is re-encoded only when some text changed.
  let changed = false;
  slots.forEach((slot, i) => {
    if (!slot.masked) return;
    // A signed text keeps its placeholders (restoring would break the signature too).
    const out = restoring && !("signed" in slot && slot.signed) ? restorePlaceholders(texts[i]!, vault) : texts[i]!;
    if (out === slot.text) return;
    slot.write(out);
    changed = true;
  });
  // A signed part or block cannot be rewritten: a value output masking would change in it blocks the answer.
  if (reading?.signedRewrite) throw blockError(signedBlock(firstMasker(policy)));
  if (!reading) return new Response(raw, { status: response.status, headers: relayedHeaders(response.headers, contentType) });
  // A key written twice is judged by its last value, as the parsers read it: the answer that
  // goes out is the one judged, written once.
  const judgedAsParsed = policy.stages.output.length > 0 && countKeys(text) !== countParsedKeys(answer);
  if (!changed && !reading.rewritten && !judgedAsParsed) return new Response(text, { status: response.status, headers: relayedHeaders(response.headers, contentType) });
  reading.commit();
  return new Response(JSON.stringify(answer), { status: response.status, headers: relayedHeaders(response.headers, contentType) });
}

/** The first masking guardrail of the stages (the one a signed part's block names). */
function firstMasker(policy: CompiledPolicy): string {
  for (const e of policy.stages.output) if (e.guardrail.kind === "masker") return e.name;
  return "PII";
}

/**
 * The answer as a JSON object, read as the SDKs that accept it read it (`NaN` and `Infinity` as null, as
 * Python's parser reads them as numbers: written back, the answer is standard JSON); null when
 * it is not a JSON object (it is then judged, and masked, as the text it is).
 */
function parseAnswer(text: string): Record<string, unknown> | null {
  const parsed = parseJsonLeniently(text);
  // Every family's answer is an object: an array or a bare value is read as the text it is.
  return isObject(parsed) ? parsed : null;
}

function streamAnswer(
  deps: ProxyDeps,
  call: ProxyCall,
  policy: CompiledPolicy,
  vault: PlaceholderVault | null,
  response: Response,
  upstreamBody: ReadableStream<Uint8Array>,
  abort: AbortController,
  release: () => void,
  shadow: Shadow | null,
  prompt: readonly ConversationTurn[] | undefined,
): Response {
  const audit = call.audit;
  audit.deferred = true;
  const inputRuns = audit.runs;
  const monitor =
    policy.stages.output.length > 0 ? new OutputMonitor((texts) => runOutputStage(policy, texts, { signal: abort.signal, trace: audit.trace, ...(prompt ? { prompt } : {}) }), deps.settings.streamCheckInterval) : null;
  // A shadow judges the answer as the upstream sent it: the texts are recorded as they are read.
  const recorder = shadow ? new RecordingInterpreter(call.family.openStream()) : null;
  const body = relayStream({
    body: upstreamBody,
    interpreter: recorder ?? call.family.openStream(),
    readEvents: recorder !== null,
    monitor,
    guard: new StreamGuard(valueChecks(policy), vault !== null && vault.size > 0 ? vault : null, deps.settings.streamHoldback),
    buffered: policy.outputStream === "buffer" && monitor !== null,
    endsWithDone: call.family.endsWithDone,
    backgroundChecks: policy.stages.output.some((e) => e.guardrail.kind === "detector" && e.guardrail.remote === true),
    maxBytes: deps.settings.maxAnswerBytes,
    abortUpstream: () => abort.abort(),
    onEnd: (end) => {
      release();
      audit.runs = end.runs.length === 0 ? inputRuns : [...inputRuns, ...end.runs];
      deps.metrics.inc("guardrail_proxy_streams_total", { route: call.route, outcome: end.outcome });
      if (end.outcome === "upstream_failed") deps.metrics.inc("guardrail_proxy_upstream_errors_total", { route: call.route, kind: "mid_stream" });
      if (shadow && recorder) {
        shadow.streamedAnswer(recorder.texts(), end.outcome === "blocked");
        shadow.settle();
      }
      finishAudit(audit, response.status, call.route, deps, { stream: end.outcome });
    },
  });
  const jsonArray = call.family.streamFraming?.(call.request.url) === "json-array";
  const headers = relayedHeaders(response.headers, jsonArray ? "application/json; charset=utf-8" : "text/event-stream; charset=utf-8");
  headers.set("cache-control", "no-cache");
  headers.set("x-accel-buffering", "no");
  return new Response(jsonArray ? body.pipeThrough(sseToJsonArray()) : body, { status: response.status, headers });
}

function segmentOf(slot: TextSlot): Segment {
  return { role: slot.role, text: slot.text, masked: slot.masked, judged: slot.judged, ...(slot.window ? { window: true } : {}) };
}
