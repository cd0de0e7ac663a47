/**
 * Where text lives in a request or an answer (DECISIONS §8), read by one walker for every API
 * family: read by default, skip by name. Each family says where its conversation, system prompt
 * and tool definitions are, what role each message or item has, and its table of opaque fields
 * (fields.ts); this walks the whole JSON.
 *
 * The rules, for any message, part, block, item or answer, known or not:
 * - every string is text, every number of 6 or more digits is text (masked, it becomes the
 *   placeholder string), and every key the families' schemas do not name is text (masked, the
 *   entry is renamed), unless the family's table names the field as opaque;
 * - tool data (the table's `toolData`: arguments, inputs, function call `args`, a function's
 *   `response`) is read key by key, value by value, whatever the keys are called; arguments
 *   holding JSON text are read the same way and written back as JSON;
 * - images, audio and files (known part types, and any `*_url` field of a part of a type not
 *   known yet) are read when they are text sent as data (a data URL or Base64 of a text type),
 *   otherwise counted as unreadable;
 * - inside a call the model made (an assistant item), its `output`, `results` and `error` are
 *   what the tool answered: untrusted, like a tool turn;
 * - a signature never takes its part's text out of reading: a signed part or block is read like
 *   any other, but it cannot be rewritten, so where masking would change it the request or the
 *   answer is blocked instead (`signedRewrite`).
 * Tool definitions are not masked, but every string and key in them is judged (tool poisoning).
 */
import { isObject } from "../../schema/json.ts";
import { boundaryWindow, cutMasked } from "./neighbours.ts";
import { dropAlternatives, tokenEntry, tokenTexts } from "./token-entries.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../schema/json-depth.ts";
import { allStrings } from "./definitions.ts";
import { countKeys, renameKeys } from "./json-keys.ts";
import { Fields, isLongNumber } from "./fields.ts";
import { charsetOf, decodeBase64Text, decodeTextBytes, encodeBase64, isStrictBase64, isTextFileName, isTextMime, kindOfMime, parseDataUrl, parsePercentDataUrl, percentDecode, percentEncode, type DecodedText, type UnreadableKind } from "./media.ts";

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
  /** A signed part's text (or a join holding one): judged and checked, never rewritten. */
  readonly signed?: boolean;
}

/** In a call the model made, what came back from the tool. */
const RESULT_KEYS = new Set(["output", "outputs", "results", "error"]);

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
  /** An answer's reading (by the family's table of answer fields). */
  static ofAnswer(fields: Fields): TextReading {
    return new TextReading(fields, true);
  }

  constructor(
    readonly fields: Fields,
    private readonly answer = false,
  ) {}

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
  /** Keys being renamed, per object. */
  private readonly renames = new Map<Record<string, unknown>, Map<string, string>>();
  private turn = 0;
  /** Inside a signed part or block: its texts are signed. */
  private signing = false;
  /** Whether masking would have rewritten a signed text (the request or answer is then blocked). */
  signedRewrite = false;

  /** The next message or item of the conversation begins. */
  nextTurn(): void {
    this.turn++;
  }

  /** Whatever `holder[key]` holds, as content of `role`, by the rules above. */
  read(holder: Container, key: string | number, role: SlotRole): void {
    if (this.slots.length > MAX_TEXTS) throw new TooManyTextsError();
    const value = (holder as Record<string | number, unknown>)[key];
    if (typeof value === "string") this.string(holder, key, value, role);
    else if (typeof value === "number") this.number(holder, key, value, role);
    else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) this.read(value, i, role);
    else if (isObject(value)) {
      const outer = this.part;
      this.part = Array.isArray(holder) ? { list: holder, index: key as number, object: value } : null;
      this.object(value, role);
      this.part = outer;
    }
  }

  /**
   * Definitions (tools, response formats), judged and never masked: one text per tool holding
   * every string and every key of it at any depth (tool poisoning hides anywhere: JSON Schema
   * keywords such as `$comment`, `x-*`, `pattern`, `format`, `examples`, tuple `items`,
   * `patternProperties` keys and `required` entries included), numbers of 6+ digits too.
   */
  definitions(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) this.definitions(v);
      return;
    }
    if (!isObject(value)) return;
    const texts: string[] = [];
    allStrings(value, texts, 0);
    if (texts.length > 0) this.slots.push({ role: "tool", text: texts.join("\n"), masked: false, judged: true, turn: -1, write: ignore });
  }

  /** Base64 data of a known media type (`holder[key]`): text types read decoded (re-encoded when masked), others counted as unreadable. */
  encoded(holder: Record<string, unknown>, key: string, mediaType: unknown, role: SlotRole): void {
    const [mime = "", ...params] = (typeof mediaType === "string" ? mediaType : "").split(";");
    const data = holder[key];
    if (typeof data === "string" && isTextMime(mime)) return this.base64(holder, key, data, role, "file", charsetOf(params));
    this.unread(mime ? kindOfMime(mime) : "file");
    this.notBase64(holder, key, role);
  }

  /** Media data that is not Base64 at all is text, whatever media type it declares: read as it is. */
  private notBase64(holder: Record<string, unknown>, key: string, role: SlotRole): void {
    const data = holder[key];
    if (typeof data === "string" && data.length > 0 && !isStrictBase64(data)) this.read(holder, key, role);
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
        if (decoded) this.add({ role, text: decoded.text, masked: true, judged: false, turn: this.turn, write: ignore });
      }
    }
    const percent = url === null && text.startsWith("data:") ? parsePercentDataUrl(text) : null;
    if (percent && isTextMime(percent.mime) && this.percentDataUrl(holder, key, percent.prefix, percent.data, percent.charset, role)) return;
    this.slot(holder, key, text, role);
  }

  private slot(holder: Container, key: string | number, text: string, role: SlotRole): void {
    const slot = this.add({ role, text, masked: true, judged: false, turn: this.turn, write: (t) => ((holder as Record<string | number, unknown>)[key] = t) });
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
        // A value split between a plain and a signed part is judged whole; the signed piece is never written.
        ...(run.some((s) => s.signed) ? { signed: true } : {}),
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

  /** The fields of `o` but `skip` (a message's own, whose content a family reads itself), by the rules above. */
  readExcept(o: Record<string, unknown>, skip: readonly string[], role: SlotRole): void {
    this.object(o, role, skip);
  }

  private object(o: Record<string, unknown>, role: SlotRole, skip?: readonly string[]): void {
    const type = typeof o.type === "string" ? o.type : "";
    // Media parts: their media read (or counted), then every other field of the part by the rules.
    if (skip === undefined) {
      switch (type) {
        case "image_url":
          this.media(o, "image_url", "image", role);
          return this.object(o, role, ["image_url"]);
        case "input_image":
        case "computer_screenshot":
          this.media(o, "image_url", "image", role);
          return this.object(o, role, ["image_url"]);
        case "input_audio":
          this.unread("audio");
          if (isObject(o.input_audio)) {
            this.notBase64(o.input_audio, "data", role);
            this.object(o.input_audio, role, ["data"]);
          }
          return this.object(o, role, ["input_audio"]);
        case "input_file":
          this.file(o, role);
          return this.object(o, role, ["file_data", "filename", "file_url"]);
        case "file":
          if (isObject(o.file)) this.file(o.file, role);
          else this.unread("file");
          return this.object(o, role, ["file"]);
        case "image":
          this.source(o, "image", role);
          return this.object(o, role, ["source"]);
        case "document":
          this.source(o, "file", role);
          return this.object(o, role, ["source"]);
      }
    }
    switch (type) {
      case "redacted_thinking":
        // Encrypted thinking: ciphertext in Base64; anything else in its place is text.
        return this.notBase64(o, "data", role);
      case "item_reference":
        // A reference by id.
        return;
      case "image_generation_call":
        // `result` is the image made, as Base64.
        this.read(o, "revised_prompt", role);
        return;
      case "mcp_list_tools":
      case "additional_tools":
        return this.definitions(o.tools);
    }
    if (skip === undefined && typeof o.transcript === "string" && typeof o.data === "string") return this.audio(o, role);
    // An answer's output part carries its text again, token by token (Responses `logprobs`).
    if (this.answer && Array.isArray(o.logprobs)) this.logprobs(o, "logprobs", role);
    // A signed part or block: its texts are read like any other, but never rewritten.
    const outer = this.signing;
    if ((this.answer || this.fields.table.signedRequests === "keep") && this.isSigned(o)) this.signing = true;
    for (const key in o) {
      if (key === "source" || skip?.includes(key)) continue;
      const name = this.fields.canonical(key);
      const value = o[key];
      if (this.fields.opaque(name, value)) continue;
      if (!this.fields.known(name)) this.keyText(o, key, role);
      const childRole = role === "assistant" && RESULT_KEYS.has(name) ? "tool" : role;
      if (this.fields.isToolData(name) && typeof value === "string") this.jsonText(o, key, value, childRole);
      else if (this.fields.isToolData(name) && typeof value === "object" && value !== null) this.data(o, key, childRole);
      else if (name.endsWith("_url") && type !== "" && value !== null && typeof value === "object") this.media(o, key, kindOfUrlKey(name), childRole);
      else this.read(o, key, childRole);
    }
    if ("source" in o && !skip?.includes("source")) this.source(o, "file", role);
    this.signing = outer;
  }

  /** Whether an object carries a signature (`signature`, `thoughtSignature` and its protobuf twin). */
  private isSigned(o: Record<string, unknown>): boolean {
    for (const key in o) {
      const name = this.fields.canonical(key);
      if ((name === "signature" || name === "thoughtSignature") && typeof o[key] === "string" && (o[key] as string).length > 0) return true;
    }
    return false;
  }

  /**
   * A request's or an answer's fields the family did not read itself, read by default: the
   * table's top-level model parameters (requests) and answer fields are skipped, definitions
   * judged; anything else is read, masked and (in a request) judged, outside any turn.
   */
  rest(body: Record<string, unknown>, handled: readonly string[], role: SlotRole): void {
    const turn = this.turn;
    const from = this.slots.length;
    this.turn = -1;
    for (const key in body) {
      if (handled.includes(key)) continue;
      const name = this.fields.canonical(key);
      const value = body[key];
      if (this.answer ? this.fields.answerField(name) : this.fields.parameter(name)) continue;
      if (this.fields.opaque(name, value)) continue;
      if (!this.answer && this.fields.definitions.has(name)) {
        this.definitions(value);
        continue;
      }
      if (!this.fields.known(name)) this.keyText(body, key, role);
      this.read(body, key, role);
    }
    for (let i = from; i < this.slots.length; i++) this.slots[i]!.judged = true;
    this.turn = turn;
  }

  /** A key that is a caller's text: read in its place; masked, its entry is renamed. */
  private keyText(o: Record<string, unknown>, key: string, role: SlotRole): void {
    if (key.length === 0) return;
    let renames = this.renames.get(o);
    if (!renames) {
      const mine = new Map<string, string>();
      this.renames.set(o, (renames = mine));
      this.commits.push(() => {
        if (mine.size > 0) renameKeys(o, mine);
      });
    }
    const own = renames;
    this.add({ role, text: key, masked: true, judged: false, turn: this.turn, write: (t) => own.set(key, t) });
  }

  /** A number of 6+ digits, read as its digits; masked, it becomes the placeholder string. */
  private number(holder: Container, key: string | number, value: number, role: SlotRole): void {
    if (!isLongNumber(value)) return;
    const digits = String(value);
    this.add({ role, text: digits, masked: true, judged: false, turn: this.turn, write: (t) => t !== digits && ((holder as Record<string | number, unknown>)[key] = t) });
  }

  /** A slot of this reading; inside a signed part, one that is never rewritten. */
  private add(slot: TextSlot): TextSlot {
    // In an answer a signed text is checked by the maskers, and a change blocks; in a request
    // (a signature over the text) it is judged and forwarded as it was signed.
    const added: TextSlot = !this.signing ? slot : this.answer ? { ...slot, signed: true, write: () => void (this.signedRewrite = true) } : { ...slot, masked: false, write: ignore };
    this.slots.push(added);
    return added;
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
      if (value.length > 0) this.add({ role, text: value, masked: true, judged: false, turn: this.turn, write });
      return 0;
    }
    if (typeof value === "number") {
      // Only numbers long enough to be an identifier: a count or a price is not worth a scan.
      if (isLongNumber(value)) {
        const digits = String(value);
        this.add({ role, text: digits, masked: true, judged: false, turn: this.turn, write: (t) => t !== digits && write(t) });
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
          this.add({ role, text: k, masked: true, judged: false, turn: this.turn, write: (t) => renames.set(k, t) });
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
    this.add({ role, text: transcript, masked: true, judged: false, turn: this.turn, write: (t) => {
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
    if (text.length > 0) this.add({ role, text, masked: true, judged: false, turn: this.turn, write });
  }

  /**
   * An image or audio given by URL (`holder[key]`: a string, or an object with `url`): a text
   * data URL is read decoded; other media are counted as unreadable; a URL that is not data is
   * read as the text it is (it carries whatever the caller wrote in it).
   */
  private media(holder: Record<string, unknown>, key: string, kind: UnreadableKind, role: SlotRole): void {
    const value = holder[key];
    const [owner, field] = isObject(value) ? [value, "url"] : [holder, key];
    const url = owner[field];
    if (typeof url !== "string") {
      this.unread(kind);
      if (owner !== holder) this.object(owner, role, []);
      return;
    }
    const data = parseDataUrl(url);
    if (data && isTextMime(data.mime)) return this.dataUrl(owner, field, data.prefix, data.base64, data.charset, role, kindOfMime(data.mime));
    const percent = data === null ? parsePercentDataUrl(url) : null;
    if (percent && isTextMime(percent.mime) && this.percentDataUrl(owner, field, percent.prefix, percent.data, percent.charset, role)) {
      if (owner !== holder) this.object(owner, role, ["url"]);
      return;
    }
    this.unread(data ? kindOfMime(data.mime) : kind);
    if (!data && !url.startsWith("data:")) this.read(owner, field, role);
    // The URL object's other fields (`detail`, fields not known yet).
    if (owner !== holder) this.object(owner, role, ["url"]);
  }

  /** A file part: data (a data URL, or Base64 with a text file name) is read when it is text. */
  private file(f: Record<string, unknown>, role: SlotRole): void {
    this.fileData(f, role);
    // The file's name, its URL and fields not known yet are read like any other.
    this.object(f, role, ["file_data"]);
  }

  private fileData(f: Record<string, unknown>, role: SlotRole): void {
    const data = f.file_data;
    if (typeof data === "string" && data.length > 0) {
      const url = parseDataUrl(data);
      if (url) return isTextMime(url.mime) ? this.dataUrl(f, "file_data", url.prefix, url.base64, url.charset, role, "file") : this.unread(kindOfMime(url.mime));
      const percent = parsePercentDataUrl(data);
      if (percent && isTextMime(percent.mime) && this.percentDataUrl(f, "file_data", percent.prefix, percent.data, percent.charset, role)) return;
      if (typeof f.filename === "string" && isTextFileName(f.filename)) return this.base64(f, "file_data", data, role, "file");
      // Not Base64 at all: text, whatever the field is called.
      if (!isStrictBase64(data)) return this.read(f, "file_data", role);
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
    // The source's own fields but its data (a URL, a file id, fields not known yet), by the rules.
    this.object(source, role, ["data", "content"]);
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
        this.notBase64(source, "data", role);
        return this.unread(mime ? kindOfMime(mime) : kind);
      }
      default:
        if (typeof source.data === "string" || source.content !== undefined) {
          this.read(source, "data", role);
          this.read(source, "content", role);
        }
        return this.unread(kind);
    }
  }

  private dataUrl(holder: Container, key: string | number, prefix: string, base64: string, charset: string | undefined, role: SlotRole, kind: UnreadableKind): void {
    const decoded = decodeBase64Text(base64, charset);
    if (decoded === null) return this.unread(kind);
    this.decodedSlot(holder, key, prefix, decoded, role);
  }

  /** A percent-encoded text data URL, read decoded and written back encoded; false when it is not text. */
  private percentDataUrl(holder: Container, key: string | number, prefix: string, data: string, charset: string | undefined, role: SlotRole): boolean {
    const decoded = decodeTextBytes(percentDecode(data), charset);
    if (decoded === null) return false;
    this.add({ role, text: decoded.text, masked: true, judged: false, turn: this.turn, write: (t) => ((holder as Record<string | number, unknown>)[key] = prefix + percentEncode(decoded.encode(t))) });
    return true;
  }

  private base64(holder: Container, key: string | number, base64: string, role: SlotRole, kind: UnreadableKind, charset?: string): void {
    const decoded = decodeBase64Text(base64, charset);
    // Data of a text type that is not Base64 at all is the text it is.
    if (decoded === null && !isStrictBase64(base64)) return this.slot(holder, key, base64, role);
    if (decoded === null) return this.unread(kind);
    this.decodedSlot(holder, key, "", decoded, role);
  }

  /** Decoded text, written back encoded as it came (after `prefix`: a data URL's header). */
  private decodedSlot(holder: Container, key: string | number, prefix: string, decoded: DecodedText, role: SlotRole): void {
    this.add({ role, text: decoded.text, masked: true, judged: false, turn: this.turn, write: (t) => ((holder as Record<string | number, unknown>)[key] = prefix + encodeBase64(decoded.encode(t))) });
  }

  private unread(kind: UnreadableKind): void {
    this.unreadable.push(kind);
  }
}

function ignore(): void {}

/** `image_url`, `audio_url`, `video_url`, `file_url`: what a part's URL field points to. */
function kindOfUrlKey(key: string): UnreadableKind {
  if (key.startsWith("image")) return "image";
  if (key.startsWith("audio")) return "audio";
  return "file";
}
