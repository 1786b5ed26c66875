// App packages for tests: the minimal fixture, read as files, changed, and zipped.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";

export const MINIMAL_APP_DIR = fileURLToPath(new URL("../fixtures/apps/minimal/", import.meta.url));

export type PackageFiles = Record<string, Uint8Array<ArrayBuffer>>;

/** Every file of a package folder, by its `/`-separated path. */
export function folderFiles(dir: string = MINIMAL_APP_DIR): PackageFiles {
  const files: PackageFiles = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join("/")] = readFileSync(full);
  }
  return files;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

export type JsonManifest = Record<string, unknown> & { widgets: Record<string, unknown>[] };

export function minimalManifest(): JsonManifest {
  return JSON.parse(readFileSync(path.join(MINIMAL_APP_DIR, "manifest.json"), "utf8")) as JsonManifest;
}

/** The minimal package with its manifest changed by `change`. */
export function minimalFiles(change?: (manifest: JsonManifest) => void): PackageFiles {
  const files = folderFiles();
  if (change) {
    const manifest = minimalManifest();
    change(manifest);
    files["manifest.json"] = utf8(JSON.stringify(manifest));
  }
  return files;
}

/** A .zip of `files`, under `folder/` when given (as zipping a package's folder makes it). */
export function zipOf(files: PackageFiles, folder?: string): Uint8Array {
  const entries: PackageFiles = {};
  for (const [name, content] of Object.entries(files)) entries[folder ? `${folder}/${name}` : name] = content;
  return zipSync(entries);
}

/**
 * A raw deflate stream of at least `bytes` zeros, written by hand (one fixed-Huffman block: a zero, then
 * copies of the last 258 bytes) so that even gigabytes cost the test only milliseconds and megabytes.
 */
export function deflatedZeros(bytes: number): Uint8Array<ArrayBuffer> {
  const matches = Math.ceil(Math.max(bytes - 1, 0) / 258);
  const out = new Uint8Array(Math.ceil((3 + 8 + matches * 13 + 7) / 8) + 1);
  let bit = 0;
  /** Huffman codes go most significant bit first, into a stream filled from each byte's low bit. */
  const code = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1, bit += 1) out[bit >> 3]! |= ((value >> i) & 1) << (bit & 7);
  };
  code(0b110, 3); // BFINAL 1, BTYPE 01 (fixed Huffman), read low bit first: 1, 1, 0
  code(0b00110000, 8); // the literal 0
  for (let i = 0; i < matches; i += 1) {
    code(0b11000101, 8); // length 258 (code 285)
    code(0b00000, 5); // distance 1
  }
  code(0b0000000, 7); // end of block
  return out.slice(0, Math.ceil(bit / 8));
}

export interface RawZipEntry {
  name: string;
  /** 0 stored, 8 deflated; `data` is written as it is. */
  method: 0 | 8;
  data: Uint8Array;
  /** The uncompressed size the headers claim, true or not. */
  declaredSize: number;
}

/** A .zip written field by field, so that its headers may lie. */
export function rawZip(entries: RawZipEntry[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  const header = (size: number, fill: (view: DataView) => void) => {
    const bytes = new Uint8Array(size);
    fill(new DataView(bytes.buffer));
    return bytes;
  };
  for (const entry of entries) {
    const name = utf8(entry.name);
    const common = (view: DataView, at: number) => {
      view.setUint16(at, 20, true); // version needed
      view.setUint16(at + 2, 0x800, true); // UTF-8 names
      view.setUint16(at + 4, entry.method, true);
      view.setUint16(at + 8, 0x21, true); // 1980-01-01
      view.setUint32(at + 14, entry.data.length, true);
      view.setUint32(at + 18, entry.declaredSize, true);
      view.setUint16(at + 22, name.length, true);
    };
    parts.push(
      header(30, (view) => {
        view.setUint32(0, 0x04034b50, true);
        common(view, 4);
      }),
      name,
      entry.data,
    );
    directory.push(
      header(46, (view) => {
        view.setUint32(0, 0x02014b50, true);
        view.setUint16(4, 20, true);
        common(view, 6);
        view.setUint32(42, offset, true);
      }),
      name,
    );
    offset += 30 + name.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, entries.length, true);
    view.setUint16(10, entries.length, true);
    view.setUint32(12, directorySize, true);
    view.setUint32(16, offset, true);
  });
  const all = [...parts, ...directory, end];
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}

/** The minimal package plus a file that inflates to `inflatedBytes` while its headers claim 1 KB. */
export function zipBomb(inflatedBytes: number): Uint8Array<ArrayBuffer> {
  const entries: RawZipEntry[] = Object.entries(minimalFiles()).map(([name, data]) => ({
    name,
    method: 0,
    data,
    declaredSize: data.length,
  }));
  entries.push({
    name: "widgets/big.bin",
    method: 8,
    data: deflatedZeros(inflatedBytes),
    declaredSize: 1024,
  });
  return rawZip(entries);
}
