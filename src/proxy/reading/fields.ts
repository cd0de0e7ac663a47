/**
 * Read by default, skip by name (DECISIONS §8): what a family's reader does NOT read. Every
 * string, every object key and every number of 6 or more digits of a request or an answer is
 * text the guardrails read, in its place, unless the family's table names its field here: ids,
 * roles, enum-valued and numeric model parameters, signatures, Base64 of non-text media. A field
 * no table names is read. docs/coverage.md holds these tables (scripts/write-coverage.ts), and
 * test/proxy/coverage.test.ts fails when the two differ.
 */

/** One field a family's reader skips, and why. `*_id` names every key ending in `_id`. */
export interface OpaqueField {
  readonly field: string;
  readonly why: string;
}

export interface FieldTable {
  readonly family: string;
  /** Fields skipped wherever they are in a message, part, block, item or answer. */
  readonly opaque: readonly OpaqueField[];
  /** A request's top-level fields skipped: the model's parameters. */
  readonly parameters: readonly OpaqueField[];
  /** A request's top-level fields that are definitions: every string and key judged, never masked. */
  readonly definitions: readonly string[];
  /** An answer's top-level (and per-choice/candidate) fields skipped. */
  readonly answer: readonly OpaqueField[];
  /** Other names the provider's parser accepts for a field (protobuf names), read as their twin. */
  readonly aliases?: Readonly<Record<string, string>>;
  /**
   * A signed part in a request: `keep` when the signature covers the part's text (Anthropic
   * thinking: read and judged, forwarded unmodified, as the provider checks it), `mask` when it
   * does not (a generateContent thought signature carries the model's thought context: the part
   * is read and masked like any other). In answers a signed text is never rewritten: where output
   * masking would change it, the answer is blocked.
   */
  readonly signedRequests: "keep" | "mask";
  /** Fields holding data for or from a tool (arguments, inputs, results): every key, value and number read. */
  readonly toolData: readonly string[];
}

/** Shared by the families: what no provider shows a model as text. */
export const COMMON_OPAQUE: readonly OpaqueField[] = [
  { field: "id", why: "an identifier the provider matches" },
  { field: "*_id", why: "an identifier the provider matches" },
  { field: "*_ids", why: "identifiers the provider matches" },
  { field: "role", why: "who wrote the message: the reader's role, not text" },
  { field: "type", why: "the part, block or item type (an enum)" },
  { field: "index", why: "a position" },
  { field: "*_index", why: "a position (`output_index`, `start_index`, ...)" },
  { field: "encrypted_*", why: "encrypted content the provider alone reads" },
  { field: "data", why: "Base64 of non-text media (read when it is not strict Base64; text media are decoded and read)" },
];

/**
 * Field names of the families' own schemas: a key with one of these names is structure, not a
 * caller's text (every other key is read, and renamed when masked).
 */
const SCHEMA_KEYS = new Set(
  (
    "role content text type parts name arguments function tool_calls function_call refusal audio transcript image_url url detail input_audio file file_data filename " +
    "input_text output_text input_image input_file message messages choices delta index finish_reason logprobs top_logprobs token bytes logprob annotations reasoning " +
    "reasoning_content reasoning_details summary input output call_id status results error code param tool_use tool_result tool_use_id is_error source media_type data " +
    "thinking signature citations cache_control title context document search_result id model usage object created system instructions tools prediction prompt variables " +
    "metadata format mime_type url_citation start_index end_index action query queries pattern environment command server_label server_url headers " +
    "candidates contents functionCall functionResponse args response inlineData fileData mimeType fileUri thought thoughtSignature executableCode language " +
    "codeExecutionResult outcome systemInstruction cachedContent generationConfig safetySettings toolConfig generateContentRequest usageMetadata modelVersion " +
    "responseId promptFeedback safetyRatings citationMetadata groundingMetadata finishReason avgLogprobs logprobsResult stop_reason stop_sequence content_block " +
    "functionDeclarations description parameters properties required items enum const default examples tool_choice response_format strict schema"
  ).split(" "),
);

/** A table compiled for lookups. */
export class Fields {
  private readonly exact = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly prefixes: string[] = [];
  private readonly parameters: Set<string>;
  private readonly answerFields: Set<string>;
  readonly definitions: ReadonlySet<string>;
  private readonly toolData: Set<string>;

  constructor(readonly table: FieldTable) {
    for (const { field } of [...COMMON_OPAQUE, ...table.opaque]) {
      if (field.startsWith("*")) this.suffixes.push(field.slice(1));
      else if (field.endsWith("*")) this.prefixes.push(field.slice(0, -1));
      else this.exact.add(field);
    }
    this.parameters = new Set(table.parameters.map((p) => p.field));
    this.answerFields = new Set(table.answer.map((p) => p.field));
    this.definitions = new Set(table.definitions);
    this.toolData = new Set(table.toolData);
  }

  /** The name the provider reads `key` as (a protobuf name as its camelCase twin). */
  canonical(key: string): string {
    return this.table.aliases?.[key] ?? key;
  }

  /** Whether a field (by its canonical name) holding `value` is skipped. */
  opaque(name: string, value: unknown): boolean {
    // Base64 media is opaque; any other string under `data` is read.
    if (name === "data") return typeof value !== "string" || isBase64Blob(value);
    if (this.exact.has(name)) return true;
    for (const s of this.suffixes) if (name.endsWith(s)) return true;
    for (const p of this.prefixes) if (name.startsWith(p)) return true;
    return false;
  }

  parameter(name: string): boolean {
    return this.parameters.has(name);
  }

  answerField(name: string): boolean {
    return this.answerFields.has(name);
  }

  isToolData(name: string): boolean {
    return this.toolData.has(name);
  }

  /** Whether a key is one of the schemas' own names (not a caller's text). */
  known(name: string): boolean {
    return SCHEMA_KEYS.has(name) || this.parameters.has(name) || this.answerFields.has(name) || this.definitions.has(name) || this.exact.has(name);
  }
}

/** Strict Base64 of some length: media bytes, not words (`"ok"` and `"status"` are not). */
function isBase64Blob(value: string): boolean {
  return value.length >= 16 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
}

/** Only numbers this long can be an identifier a guardrail finds (a card, an account, a phone number). */
export function isLongNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) >= 1e5;
}
