/**
 * Where text lives in a request (DECISIONS §8), read by one set of rules for every API family:
 * each family says where its conversation, system prompt and tool definitions are and what role
 * each message or item has; this walks them.
 *
 * The rules, for any message, part, block or item, known or not:
 * - every string is text the model reads, except structure: ids (`id`, `*_id`), names
 *   (`name`, `*_name`), `type`, `status`, `role`, signatures and encrypted content
 *   (`encrypted_*`), formats, media types, log probabilities and annotations;
 * - `arguments` holding JSON (tool-call arguments) is read value by value, and written back as
 *   JSON; tool inputs given as objects (`tool_use.input`) are read in place;
 * - images, audio and files (known part types, and any `*_url` field of a part of a type not
 *   known yet) are read when they are text sent as data (a data URL or Base64 of a text type),
 *   otherwise counted as unreadable;
 * - inside a call the model made (an assistant item), its `output`, `results` and `error` are
 *   what the tool answered: untrusted, like a tool turn;
 * - signed thinking is the model's own earlier output and must stay as it was: not read in a
 *   request; in an answer it is read (judged) but never rewritten.
 * Tool definitions are not masked, but their descriptions are judged (tool poisoning). The same
 * rules read answers (`TextReading.ofAnswer`), for output guardrails.
 */
import { isObject } from "../../schema/json.ts";
import { boundaryWindow, cutMasked } from "./neighbours.ts";
import { dropAlternatives, tokenEntry, tokenTexts } from "./token-entries.ts";
import { closingQuote, MAX_JSON_DEPTH, nestsDeeperThan } from "../../schema/json-depth.ts";
import { charsetOf, decodeBase64Text, encodeBase64, isStrictBase64, isTextFileName, isTextMime, kindOfMime, parseDataUrl, type DecodedText, type UnreadableKind } from "./media.ts";

export type SlotRole = "system" | "user" | "assistant" | "tool";

type Container = Record<string, unknown> | unknown[];

export interface TextSlot {
  readonly role: SlotRole;
  readonly text: string;
  /** Maskers rewrite it: everything the model reads, but tool definitions. */
  readonly masked: boolean;
  /** Input detectors judge it: user and tool turns, tool definitions, a trailing prefill. */
  judged: boolean;
  /** Position of its message or item in the conversation; -1 for tool definitions. */
  readonly turn: number;
  /** A window across two judged turns (neighbours.ts): local detectors judge it, nothing is written. */
  readonly window?: boolean;
  /** Puts a rewritten text where this one came from. */
  readonly write: (text: string) => void;
}

/** Keys that hold structure, never text the model reads as content. */
const STRUCTURE_KEYS = new Set([
  "id",
  "type",
  "status",
  "role",
  "name",
  "namespace",
  "server_label",
  "model",
  "signature",
  "encrypted_content",
  "fingerprint",
  "caller",
  "execution",
  "format",
  "media_type",
  "mime_type",
  "detail",
  "cache_control",
  "annotations",
  "logprobs",
  "filename",
  "path",
  "index",
  "citations_config",
  // Encoded media (audio answers, files): never text, and scanning it would only find noise.
  "data",
]);

/** In a call the model made, what came back from the tool. */
const RESULT_KEYS = new Set(["output", "outputs", "results", "error"]);

/** Identifiers (`*_id`), names of things (`tool_name`) and encrypted payloads (`encrypted_*`). */
export function isStructureKey(key: string): boolean {
  return STRUCTURE_KEYS.has(key) || key.endsWith("_id") || key.endsWith("_ids") || key.endsWith("_name") || key.startsWith("encrypted_");
}

/**
 * The most texts one request or answer may hold (messages, parts, values of tool arguments).
 * Each text costs a little everywhere (reading, checks, the scan workers' messages), so a body
 * of a quarter of a million one-letter messages held the event loop for seconds; no real
 * conversation comes near this.
 */
export const MAX_TEXTS = 10_000;

/** A body holds more than `MAX_TEXTS` texts: reading stops there. */
export class TooManyTextsError extends Error {
  override readonly name = "TooManyTextsError";
  constructor() {
    super(`it holds more than ${MAX_TEXTS} texts (messages, parts and tool-argument values)`);
  }
}

interface PartPlace {
  readonly list: unknown[];
  readonly index: number;
  readonly object: Record<string, unknown>;
}

export class TextReading {
  /** An answer's reading: signed thinking is read (for judging), but not to be rewritten. */
  static ofAnswer(): TextReading {
    return new TextReading(true);
  }

  constructor(private readonly answer = false) {}

  readonly slots: TextSlot[] = [];
  /** What could not be read, one entry per part. */
  readonly unreadable: UnreadableKind[] = [];
  /** Whether reading rewrote something already (arguments with repeated keys, written as parsed). */
  rewritten = false;
  /** Why the request cannot be read safely at all (it is then refused as `unscanned_content`). */
  readonly refusals: string[] = [];
  private readonly commits: (() => void)[] = [];
  /** The part (an object in a list) being read, and which slots are a part's own text. */
  private part: PartPlace | null = null;
  private readonly partOf = new Map<TextSlot, PartPlace>();
  private turn = 0;

  /** The next message or item of the conversation begins. */
  nextTurn(): void {
    this.turn++;
  }

  /** Whatever `holder[key]` holds, as content of `role`, by the rules above. */
  read(holder: Container, key: string | number, role: SlotRole): void {
    if (this.slots.length > MAX_TEXTS) throw new TooManyTextsError();
    const value = (holder as Record<string | number, unknown>)[key];
    if (typeof value === "string") this.string(holder, key, value, role);
    else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) this.read(value, i, role);
    else if (isObject(value)) {
      const outer = this.part;
      this.part = Array.isArray(holder) ? { list: holder, index: key as number, object: value } : null;
      this.object(value, role);
      this.part = outer;
    }
  }

  /**
   * Tool definitions, judged and never masked: one text per tool holding everything of it the
   * model reads (tool poisoning hides anywhere in it): its description, and in its schemas every
   * property name, `title`, `description`, `enum` and `const` value, `default` and `examples`.
   */
  definitions(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) this.definitions(v);
      return;
    }
    if (!isObject(value)) return;
    const texts: string[] = [];
    definitionTexts(value, texts, 0);
    if (texts.length > 0) this.slots.push({ role: "tool", text: texts.join("\n"), masked: false, judged: true, turn: -1, write: ignore });
  }

  /**
   * A signed part's text (a family's own signature field): the model's earlier output, which
   * must stay as it was signed. Not read in a request; in an answer judged, never rewritten.
   */
  signed(text: unknown, role: SlotRole): void {
    if (this.answer && typeof text === "string" && text.length > 0) this.slots.push({ role, text, masked: false, judged: true, turn: this.turn, write: ignore });
  }

  /** Base64 data of a known media type (`holder[key]`): text types read decoded (re-encoded when masked), others counted as unreadable. */
  encoded(holder: Record<string, unknown>, key: string, mediaType: unknown, role: SlotRole): void {
    const [mime = "", ...params] = (typeof mediaType === "string" ? mediaType : "").split(";");
    const data = holder[key];
    if (typeof data === "string" && isTextMime(mime)) return this.base64(holder, key, data, role, "file", charsetOf(params));
    this.unread(mime ? kindOfMime(mime) : "file");
  }

  /** A part whose content the proxy cannot see (a file by reference, cached content), counted as unreadable. */
  unseen(kind: UnreadableKind): void {
    this.unread(kind);
  }

  /** After reading: which slots input detectors judge. */
  decideJudged(): this {
    if (this.slots.length > MAX_TEXTS) throw new TooManyTextsError();
    this.joinNeighbours();
    let lastUntrusted = -1;
    for (const s of this.slots) if ((s.role === "user" || s.role === "tool") && s.turn > lastUntrusted) lastUntrusted = s.turn;
    let previous: TextSlot | null = null;
    const windows: TextSlot[] = [];
    for (const s of this.slots) {
      if (s.turn === -1) continue;
      s.judged = s.role === "user" || s.role === "tool" || (s.role === "assistant" && s.turn > lastUntrusted);
      if (!s.judged) continue;
      // Judged texts of neighbouring turns are also read across their boundary, joined as they
      // are and written nowhere: a blocking masker trips on a value split over two turns, a
      // detector on a keyword or phrase split over them (masked first, like every text it sees).
      if (previous && previous.turn !== s.turn) windows.push({ role: s.role, text: boundaryWindow(previous.text, s.text), masked: true, judged: true, window: true, turn: s.turn, write: ignore });
      previous = s;
    }
    this.slots.push(...windows);
    return this;
  }

  /** After masked texts were written back: JSON and Base64 that changed are encoded again. */
  commit(): void {
    for (const c of this.commits) c();
  }

  /**
   * A text field is text the model reads, whatever it starts with (issue: a leading
   * `data:...;base64,` switched every guardrail off for the rest of the string). A string that
   * is one text data URL and nothing else is read decoded, and re-encoded when masked; any other
   * string is read as it is, and a text data URL it begins with is also decoded and judged.
   */
  private string(holder: Container, key: string | number, text: string, role: SlotRole): void {
    if (text.length === 0) return;
    const url = text.startsWith("data:") ? parseDataUrl(text) : null;
    if (url && isTextMime(url.mime)) {
      if (isStrictBase64(url.base64)) {
        const decoded = decodeBase64Text(url.base64, url.charset);
        if (decoded) return this.decodedSlot(holder, key, url.prefix, decoded, role);
      } else {
        const leading = /^[A-Za-z0-9+/]+={0,2}/.exec(url.base64)?.[0];
        const decoded = leading ? decodeBase64Text(leading, url.charset) : null;
        // Masked like the text around it before any detector sees it; written nowhere (the
        // string itself is the slot below).
        if (decoded) this.slots.push({ role, text: decoded.text, masked: true, judged: false, turn: this.turn, write: ignore });
      }
    }
    this.slot(holder, key, text, role);
  }

  private slot(holder: Container, key: string | number, text: string, role: SlotRole): void {
    const slot: TextSlot = { role, text, masked: true, judged: false, turn: this.turn, write: (t) => ((holder as Record<string | number, unknown>)[key] = t) };
    this.slots.push(slot);
    // A part's own text field: neighbouring parts' texts are joined (`joinNeighbours`).
    if (this.part && this.part.object === holder) this.partOf.set(slot, this.part);
  }

  /**
   * Neighbouring text parts of one list (one message's content) become one slot whose text is
   * their texts joined; what is written to it is cut back into the parts (neighbours.ts).
   */
  private joinNeighbours(): void {
    if (this.partOf.size < 2) return;
    const joined: TextSlot[] = [];
    for (let i = 0; i < this.slots.length; ) {
      let end = i + 1;
      const first = this.partOf.get(this.slots[i]!);
      while (first && end < this.slots.length) {
        const next = this.partOf.get(this.slots[end]!);
        const previous = this.partOf.get(this.slots[end - 1]!)!;
        const slot = this.slots[end]!;
        if (!next || next.list !== first.list || next.index !== previous.index + 1 || slot.role !== this.slots[i]!.role || slot.turn !== this.slots[i]!.turn) break;
        end++;
      }
      if (end - i < 2) {
        joined.push(this.slots[i++]!);
        continue;
      }
      const run = this.slots.slice(i, end);
      const texts = run.map((s) => s.text);
      joined.push({
        role: run[0]!.role,
        text: texts.join(""),
        masked: true,
        judged: false,
        turn: run[0]!.turn,
        write: (t) => cutMasked(texts, t).forEach((piece, p) => piece !== texts[p] && run[p]!.write(piece)),
      });
      i = end;
    }
    this.slots.splice(0, this.slots.length, ...joined);
    this.partOf.clear();
  }

  /** After reading an answer: neighbouring parts joined, as `decideJudged` does for a request. */
  finishAnswer(): this {
    if (this.slots.length > MAX_TEXTS) throw new TooManyTextsError();
    this.joinNeighbours();
    return this;
  }

  private object(o: Record<string, unknown>, role: SlotRole): void {
    const type = typeof o.type === "string" ? o.type : "";
    switch (type) {
      case "image_url":
        return this.media(o.image_url, "image", role);
      case "input_image":
      case "computer_screenshot":
        return this.media(o.image_url ?? o.file_id, "image", role);
      case "input_audio":
        return this.unread("audio");
      case "input_file":
        return this.file(o, role);
      case "file":
        return isObject(o.file) ? this.file(o.file, role) : this.unread("file");
      case "image":
        return this.source(o, "image", role);
      case "document":
        this.source(o, "file", role);
        this.read(o, "title", role);
        this.read(o, "context", role);
        return;
      case "thinking":
        // Signed thinking must stay as it was signed: an answer's is judged, a request's is not read.
        if (typeof o.signature === "string" && o.signature.length > 0) {
          if (this.answer && typeof o.thinking === "string" && o.thinking.length > 0) {
            this.slots.push({ role, text: o.thinking, masked: false, judged: true, turn: this.turn, write: ignore });
          }
          return;
        }
        break;
      case "redacted_thinking":
      case "item_reference":
        return;
      case "image_generation_call":
        // `result` is the image made, as Base64.
        this.read(o, "revised_prompt", role);
        return;
      case "mcp_list_tools":
      case "additional_tools":
        return this.definitions(o.tools);
    }
    if (typeof o.transcript === "string" && typeof o.data === "string") return this.audio(o, role);
    // An answer's output part carries its text again, token by token (Responses `logprobs`).
    if (this.answer && Array.isArray(o.logprobs)) this.logprobs(o, "logprobs", role);
    for (const key in o) {
      if (isStructureKey(key) || key === "source") continue;
      const childRole = role === "assistant" && RESULT_KEYS.has(key) ? "tool" : role;
      const value = o[key];
      if (key === "arguments" && typeof value === "string") this.jsonText(o, key, value, childRole);
      else if (key === "input" && isObject(value)) this.data(o, key, childRole);
      else if (key.endsWith("_url") && type !== "") this.media(value, kindOfUrlKey(key), childRole);
      else this.read(o, key, childRole);
    }
    if ("source" in o) this.source(o, "file", role);
  }

  /**
   * A JSON text (tool-call arguments): its keys and values are read one by one, and the text is
   * written again as JSON when one of them changed, so arguments stay valid. Text that is not
   * JSON is read as it is. Arguments whose keys repeat (`{"to":"a","to":"b"}`: parsers keep the
   * last, the raw text holds both) are always written as parsed, so what goes on is what was
   * read. Arguments nested deeper than a request body may be cannot be read safely: a request
   * holding them is refused, an answer's are read as plain text.
   */
  private jsonText(holder: Record<string, unknown>, key: string, text: string, role: SlotRole): void {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      if (!this.answer) this.refusals.push("tool-call arguments nest arrays and objects more than 64 levels deep");
      return this.slot(holder, key, text, role);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.slot(holder, key, text, role);
    }
    if (typeof parsed !== "object" || parsed === null) return this.slot(holder, key, text, role);
    // Written again only when masking changed a value: the caller's formatting is kept otherwise.
    const box = { value: parsed, changed: false };
    const keys = this.data(box, "value", role, () => (box.changed = true));
    if (countKeys(text) !== keys) {
      holder[key] = JSON.stringify(parsed);
      this.rewritten = true;
    }
    this.commits.push(() => {
      if (box.changed) holder[key] = JSON.stringify(box.value);
    });
  }

  /**
   * Data given to a tool: every string is a value, whatever its key; keys are text too, and so
   * are numbers (a card number sent as a JSON number). A masked key renames its entry in place;
   * a masked number becomes the string that replaced it. Returns how many keys it read.
   */
  private data(holder: Container, key: string | number, role: SlotRole, changed?: () => void): number {
    const value = (holder as Record<string | number, unknown>)[key];
    const write = (t: unknown) => {
      (holder as Record<string | number, unknown>)[key] = t;
      changed?.();
    };
    if (typeof value === "string") {
      if (value.length > 0) this.slots.push({ role, text: value, masked: true, judged: false, turn: this.turn, write });
      return 0;
    }
    if (typeof value === "number") {
      // Only numbers long enough to be an identifier: a count or a price is not worth a scan.
      if (Number.isFinite(value) && Math.abs(value) >= 1e5) {
        const digits = String(value);
        this.slots.push({ role, text: digits, masked: true, judged: false, turn: this.turn, write: (t) => t !== digits && write(t) });
      }
      return 0;
    }
    let keys = 0;
    if (this.slots.length > MAX_TEXTS) throw new TooManyTextsError();
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) keys += this.data(value, i, role, changed);
    } else if (isObject(value)) {
      const renames = new Map<string, string>();
      for (const k in value) {
        keys += 1 + this.data(value, k, role, changed);
        if (k.length > 0) {
          this.slots.push({ role, text: k, masked: true, judged: false, turn: this.turn, write: (t) => renames.set(k, t) });
        }
      }
      this.commits.push(() => {
        if (renames.size === 0) return;
        renameKeys(value, renames);
        changed?.();
      });
    }
    return keys;
  }

  /**
   * Audio with its transcript (an answer's `message.audio`): the transcript is the text; the
   * audio says the same and cannot be read, so it is withheld wherever the transcript changes.
   */
  private audio(o: Record<string, unknown>, role: SlotRole): void {
    const transcript = o.transcript as string;
    if (transcript.length === 0) return;
    this.slots.push({ role, text: transcript, masked: true, judged: false, turn: this.turn, write: (t) => {
      o.transcript = t;
      o.data = "";
    } });
  }

  /**
   * Log probabilities repeat the answer token by token (DECISIONS §9): `holder[key]`, a list of
   * `{token, logprob, top_logprobs}`, is one text of its sampled tokens (rewritten, it becomes
   * one entry) and one of their alternatives (rewritten, they are dropped).
   */
  logprobs(holder: Record<string, unknown>, key: string, role: SlotRole): void {
    const list = holder[key];
    if (!Array.isArray(list)) return;
    const { entries, tokens, alternatives, logprob } = tokenTexts(list);
    this.text(role, tokens, (t) => (holder[key] = [tokenEntry(t, logprob)]));
    this.text(role, alternatives, () => dropAlternatives(entries));
  }

  /** A text of a place the family reads itself, with its own write. */
  text(role: SlotRole, text: string, write: (text: string) => void): void {
    if (text.length > 0) this.slots.push({ role, text, masked: true, judged: false, turn: this.turn, write });
  }

  /** An image or audio part given by URL, data URL or file id. */
  private media(value: unknown, kind: UnreadableKind, role: SlotRole): void {
    const url = typeof value === "string" ? value : isObject(value) && typeof value.url === "string" ? value.url : null;
    if (url !== null) {
      const data = parseDataUrl(url);
      if (data && isTextMime(data.mime)) {
        const holder = isObject(value) ? value : null;
        if (holder) return this.dataUrl(holder, "url", data.prefix, data.base64, data.charset, role, kindOfMime(data.mime));
      }
      return this.unread(data ? kindOfMime(data.mime) : kind);
    }
    this.unread(kind);
  }

  /** A file part: data (a data URL, or Base64 with a text file name) is read when it is text. */
  private file(f: Record<string, unknown>, role: SlotRole): void {
    const data = f.file_data;
    if (typeof data === "string" && data.length > 0) {
      const url = parseDataUrl(data);
      if (url) return isTextMime(url.mime) ? this.dataUrl(f, "file_data", url.prefix, url.base64, url.charset, role, "file") : this.unread(kindOfMime(url.mime));
      if (typeof f.filename === "string" && isTextFileName(f.filename)) return this.base64(f, "file_data", data, role, "file");
    }
    this.unread("file");
  }

  /** An Anthropic source (`holder.source`): text, Base64 (read when of a text type), content blocks, or a reference. */
  private source(holder: Record<string, unknown>, kind: UnreadableKind, role: SlotRole): void {
    const source = holder.source;
    if (typeof source === "string") {
      // A search result's source: a URL or a name the model reads, masked where it stands.
      if (source.length > 0) this.read(holder, "source", role);
      return;
    }
    if (!isObject(source)) return;
    switch (source.type) {
      case "text":
        return this.read(source, "data", role);
      case "content":
        return this.read(source, "content", role);
      case "base64": {
        const mediaType = typeof source.media_type === "string" ? source.media_type : "";
        const [mime = "", ...params] = mediaType.split(";");
        const charset = charsetOf(params);
        if (typeof source.data === "string" && isTextMime(mime)) return this.base64(source, "data", source.data, role, kind, charset);
        return this.unread(mime ? kindOfMime(mime) : kind);
      }
      default:
        return this.unread(kind);
    }
  }

  private dataUrl(holder: Container, key: string | number, prefix: string, base64: string, charset: string | undefined, role: SlotRole, kind: UnreadableKind): void {
    const decoded = decodeBase64Text(base64, charset);
    if (decoded === null) return this.unread(kind);
    this.decodedSlot(holder, key, prefix, decoded, role);
  }

  private base64(holder: Container, key: string | number, base64: string, role: SlotRole, kind: UnreadableKind, charset?: string): void {
    const decoded = decodeBase64Text(base64, charset);
    if (decoded === null) return this.unread(kind);
    this.decodedSlot(holder, key, "", decoded, role);
  }

  /** Decoded text, written back encoded as it came (after `prefix`: a data URL's header). */
  private decodedSlot(holder: Container, key: string | number, prefix: string, decoded: DecodedText, role: SlotRole): void {
    this.slots.push({ role, text: decoded.text, masked: true, judged: false, turn: this.turn, write: (t) => ((holder as Record<string | number, unknown>)[key] = prefix + encodeBase64(decoded.encode(t))) });
  }

  private unread(kind: UnreadableKind): void {
    this.unreadable.push(kind);
  }
}

function ignore(): void {}

/** Keys of a tool definition or JSON schema whose strings (at any depth) the model reads. */
const DEFINITION_TEXT_KEYS = new Set(["description", "server_description", "title", "enum", "const", "default", "examples", "example"]);

/** Schema keys whose object's keys are property names. */
const PROPERTY_MAP_KEYS = new Set(["properties", "patternProperties", "$defs", "definitions"]);

/** Collects what a model reads of a tool definition, in document order. */
function definitionTexts(value: unknown, into: string[], depth: number): void {
  if (depth > 64) return;
  if (Array.isArray(value)) {
    for (const v of value) definitionTexts(v, into, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  for (const key in value) {
    const v = value[key];
    if (DEFINITION_TEXT_KEYS.has(key)) {
      allStrings(v, into, depth + 1);
    } else if (PROPERTY_MAP_KEYS.has(key) && isObject(v)) {
      for (const name in v) {
        into.push(name);
        definitionTexts(v[name], into, depth + 1);
      }
    } else if (typeof v === "object" && v !== null) {
      definitionTexts(v, into, depth + 1);
    }
  }
}

/** Every non-empty string in a value, keys of objects included. */
function allStrings(value: unknown, into: string[], depth: number): void {
  if (depth > 64) return;
  if (typeof value === "string") {
    if (value.length > 0) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) allStrings(v, into, depth + 1);
  } else if (isObject(value)) {
    for (const k in value) {
      into.push(k);
      allStrings(value[k], into, depth + 1);
    }
  }
}

/** Renames keys of `o` in place, keeping their order; a name already taken gets a number. */
function renameKeys(o: Record<string, unknown>, renames: ReadonlyMap<string, string>): void {
  const entries = Object.entries(o);
  for (const [k] of entries) delete o[k];
  for (const [k, v] of entries) {
    let name = renames.get(k) ?? k;
    for (let n = 2; Object.hasOwn(o, name); n++) name = `${renames.get(k) ?? k} (${n})`;
    o[name] = v;
  }
}

/** How many object keys a JSON text holds: strings followed by a colon, outside strings. */
function countKeys(text: string): number {
  let keys = 0;
  let afterString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i + 1);
      if (i === -1) return keys;
      afterString = true;
    } else if (c === 0x3a) {
      if (afterString) keys++;
      afterString = false;
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      afterString = false;
    }
  }
  return keys;
}

/** `image_url`, `audio_url`, `video_url`, `file_url`: what a part's URL field points to. */
function kindOfUrlKey(key: string): UnreadableKind {
  if (key.startsWith("image")) return "image";
  if (key.startsWith("audio")) return "audio";
  return "file";
}
