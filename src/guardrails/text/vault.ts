/**
 * Reversible masking (DECISIONS §9): each distinct value a reversible masker replaces becomes a
 * numbered placeholder, per type from 1 (`<EMAIL_ADDRESS_1>`, `<EMAIL_ADDRESS_2>`,
 * `<SECRET_KEY_1>`), the same value the same placeholder, so the model can refer to them and the
 * answer's placeholders can be replaced by the values again. One vault per request, in memory:
 * it never reaches logs, metrics or errors.
 */
export class PlaceholderVault {
  private readonly byValue = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  /** Placeholder -> value. */
  readonly values = new Map<string, string>();

  /**
   * @param forced every reversible-capable masker numbers its placeholders, whatever its config
   *   says (a guard request with `"reversible": true`).
   */
  constructor(readonly forced = false) {}

  /** The placeholder of `value` as a `type` (`EMAIL_ADDRESS`, `SECRET_KEY`). */
  placeholderFor(type: string, value: string): string {
    const key = `${type}\u0000${value}`;
    let placeholder = this.byValue.get(key);
    if (!placeholder) {
      const n = (this.counts.get(type) ?? 0) + 1;
      this.counts.set(type, n);
      placeholder = `<${type}_${n}>`;
      this.byValue.set(key, placeholder);
      this.values.set(placeholder, value);
    }
    return placeholder;
  }

  get size(): number {
    return this.values.size;
  }

  /** Its placeholders, as plain data (a scan worker numbers on from them and sends them back). */
  entries(): VaultEntry[] {
    const out: VaultEntry[] = [];
    for (const [key, placeholder] of this.byValue) {
      const cut = key.indexOf("\u0000");
      out.push([key.slice(0, cut), key.slice(cut + 1), placeholder]);
    }
    return out;
  }

  /** Takes placeholders made elsewhere for this request (entries() of a copy of this vault). */
  adopt(entries: readonly VaultEntry[]): void {
    for (const [type, value, placeholder] of entries) {
      const key = `${type}\u0000${value}`;
      if (this.byValue.has(key)) continue;
      this.byValue.set(key, placeholder);
      this.values.set(placeholder, value);
      const n = Number(placeholder.slice(type.length + 2, -1));
      if (n > (this.counts.get(type) ?? 0)) this.counts.set(type, n);
    }
  }

  /**
   * Gives a value another placeholder (an MCP session's request numbered it while another
   * request of the session gave the number to another value first).
   */
  rename(from: string, to: string): void {
    const value = this.values.get(from);
    if (value === undefined) return;
    for (const [key, placeholder] of this.byValue) if (placeholder === from) this.byValue.set(key, to);
    this.values.delete(from);
    this.values.set(to, value);
    const type = to.slice(1, to.lastIndexOf("_"));
    const n = Number(to.slice(type.length + 2, -1));
    if (n > (this.counts.get(type) ?? 0)) this.counts.set(type, n);
  }
}

/** `[type, value, placeholder]`. */
export type VaultEntry = readonly [string, string, string];

/** Every `<TYPE_n>` placeholder of `vault` in `text` replaced by its value. */
export function restorePlaceholders(text: string, vault: PlaceholderVault): string {
  if (vault.size === 0 || !text.includes("<")) return text;
  return text.replace(NUMBERED_PLACEHOLDER, (placeholder) => vault.values.get(placeholder) ?? placeholder);
}

/** A numbered placeholder as reversible maskers write them. */
export const NUMBERED_PLACEHOLDER = /<[A-Z][A-Z_]*_\d+>/g;
