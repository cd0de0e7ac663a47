/** Checksums of cryptocurrency addresses: Base58Check (Bitcoin legacy) and Bech32/Bech32m (SegWit). */
import { createHash } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE58_INDEX = new Map([...BASE58].map((c, i) => [c, i]));

function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const v = BASE58_INDEX.get(ch);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of s) {
    if (ch !== "1") break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** Bitcoin P2PKH/P2SH: 25 bytes, version 0x00 or 0x05, last 4 bytes = double SHA-256 of the rest. */
export function base58CheckValid(address: string): boolean {
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || (bytes[0] !== 0x00 && bytes[0] !== 0x05)) return false;
  const payload = bytes.subarray(0, 21);
  const first = createHash("sha256").update(payload).digest();
  const second = createHash("sha256").update(first).digest();
  for (let i = 0; i < 4; i++) if (second[i] !== bytes[21 + i]) return false;
  return true;
}

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk >>> 0;
}

/** SegWit address (BIP 173 / BIP 350): `bc1` + data; Bech32 checksum for v0, Bech32m for v1+. */
export function bech32Valid(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower !== address && address.toUpperCase() !== address) return false;
  const sep = lower.lastIndexOf("1");
  if (sep < 1 || lower.length - sep - 1 < 6 || lower.length > 90) return false;
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (const ch of lower.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(ch);
    if (v === -1) return false;
    data.push(v);
  }
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const check = polymod(expanded);
  const version = data[0];
  return (version === 0 && check === 1) || (version !== undefined && version > 0 && check === 0x2bc830a3);
}
