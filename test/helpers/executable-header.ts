/**
 * What an executable's header says it runs on: ELF (Linux; the program interpreter tells glibc
 * from musl), Mach-O (macOS) or PE (Windows). Enough of each format to tell the release
 * binaries apart, nothing more.
 */
export interface ExecutablePlatform {
  readonly format: "elf" | "mach-o" | "pe";
  readonly arch: "x64" | "arm64" | "other";
  /** ELF only: the program interpreter, e.g. /lib/ld-musl-aarch64.so.1. */
  readonly interpreter?: string;
  /** True when the file is an executable program (not a library or an object file). */
  readonly executable: boolean;
}

export function executablePlatform(bytes: Uint8Array): ExecutablePlatform | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) === 0x7f454c46) return elf(bytes, view);
  if (view.getUint32(0, true) === 0xfeedfacf) return machO(view);
  if (view.getUint16(0, true) === 0x5a4d) return pe(view);
  return null;
}

function elf(bytes: Uint8Array, view: DataView): ExecutablePlatform | null {
  // 64-bit little-endian only: every release target is.
  if (bytes[4] !== 2 || bytes[5] !== 1) return null;
  const type = view.getUint16(16, true);
  const machine = view.getUint16(18, true);
  const phoff = Number(view.getBigUint64(32, true));
  const phentsize = view.getUint16(54, true);
  const phnum = view.getUint16(56, true);
  let interpreter: string | undefined;
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (view.getUint32(at, true) !== 3) continue; // PT_INTERP
    const offset = Number(view.getBigUint64(at + 8, true));
    const size = Number(view.getBigUint64(at + 32, true));
    interpreter = new TextDecoder().decode(bytes.subarray(offset, offset + size)).replace(/\0+$/, "");
  }
  return { format: "elf", arch: machine === 0x3e ? "x64" : machine === 0xb7 ? "arm64" : "other", interpreter, executable: type === 2 || (type === 3 && interpreter !== undefined) };
}

function machO(view: DataView): ExecutablePlatform {
  const cpu = view.getUint32(4, true);
  const fileType = view.getUint32(12, true);
  return { format: "mach-o", arch: cpu === 0x01000007 ? "x64" : cpu === 0x0100000c ? "arm64" : "other", executable: fileType === 2 };
}

function pe(view: DataView): ExecutablePlatform | null {
  const header = view.getUint32(0x3c, true);
  if (view.getUint32(header) !== 0x50450000) return null; // "PE\0\0"
  const machine = view.getUint16(header + 4, true);
  const characteristics = view.getUint16(header + 22, true);
  const optionalMagic = view.getUint16(header + 24, true);
  return {
    format: "pe",
    arch: machine === 0x8664 ? "x64" : machine === 0xaa64 ? "arm64" : "other",
    // IMAGE_FILE_EXECUTABLE_IMAGE, not IMAGE_FILE_DLL, and a PE32+ optional header.
    executable: (characteristics & 0x0002) !== 0 && (characteristics & 0x2000) === 0 && optionalMagic === 0x20b,
  };
}
