/**
 * What the shared store sees (DECISIONS §15): names (keys and hash fields) as HMAC-SHA256
 * digests, values sealed with AES-256-GCM (WebCrypto), each under a key derived from
 * SVC_GUARDRAILS_STATE_KEY for its use. A value is bound to the name it is stored under (the
 * name is its additional data), so one entry cannot be moved onto another's name.
 */
import { createHmac } from "node:crypto";

const IV_BYTES = 12;

export class StateCipher {
  private constructor(
    private readonly nameKey: Buffer,
    private readonly valueKey: CryptoKey,
  ) {}

  static async create(stateKey: Uint8Array): Promise<StateCipher> {
    const derive = (use: string) => createHmac("sha256", stateKey).update(`guardrail-proxy state ${use}`).digest();
    const valueKey = await crypto.subtle.importKey("raw", derive("values"), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    return new StateCipher(derive("names"), valueKey);
  }

  /** A name as the store sees it: `gp:` and 32 characters of keyed digest. */
  name(clear: string): string {
    return `gp:${createHmac("sha256", this.nameKey).update(clear).digest("base64url").slice(0, 32)}`;
  }

  async seal(clear: string, boundTo: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) }, this.valueKey, new TextEncoder().encode(clear));
    const out = new Uint8Array(IV_BYTES + sealed.byteLength);
    out.set(iv);
    out.set(new Uint8Array(sealed), IV_BYTES);
    return Buffer.from(out).toString("base64");
  }

  /** The clear value, or null when it was not sealed under this key for this name. */
  async open(sealed: string, boundTo: string): Promise<string | null> {
    const bytes = Buffer.from(sealed, "base64");
    if (bytes.length <= IV_BYTES) return null;
    try {
      const clear = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: new TextEncoder().encode(boundTo) }, this.valueKey, bytes.subarray(IV_BYTES));
      return new TextDecoder().decode(clear);
    } catch {
      return null;
    }
  }
}
