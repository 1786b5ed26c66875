// Reads a .zip without trusting the sizes it declares: each entry is inflated off the event loop and
// stopped once its output passes the caller's limit, so a zip bomb is refused early.
import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";

export class UnreadableZipError extends Error {
  override name = "UnreadableZipError";
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  encrypted: boolean;
  /** The uncompressed size the archive declares: a hint, never a bound. */
  declaredSize: number;
  dataStart: number;
  compressedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const UNKNOWN_32 = 0xffffffff;
const UNKNOWN_16 = 0xffff;
const UTF8_NAME = 0x800;
export const STORED = 0;
export const DEFLATED = 8;

const inflate = promisify(inflateRaw);
/** Output bytes per turn on the thread pool; the event loop runs between turns. */
const INFLATE_CHUNK_BYTES = 64 * 1024;

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

export function listZipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  try {
    // The end record sits in the last 22 bytes plus a comment of at most 64 KB.
    let end = zip.length - 22;
    const lowest = Math.max(0, end - 0xffff);
    while (end >= lowest && u32(end) !== END_OF_DIRECTORY) end -= 1;
    if (end < lowest) throw new UnreadableZipError("no end of central directory");
    let count = u16(end + 10);
    let offset = u32(end + 16);
    if ((count === UNKNOWN_16 || offset === UNKNOWN_32) && end >= 20 && u32(end - 20) === ZIP64_END_LOCATOR) {
      const end64 = u64(end - 12);
      if (u32(end64) !== ZIP64_END_OF_DIRECTORY) throw new UnreadableZipError("bad zip64 end record");
      count = u64(end64 + 32);
      offset = u64(end64 + 48);
    }
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i += 1) {
      if (u32(offset) !== DIRECTORY_ENTRY) throw new UnreadableZipError("bad central directory");
      const flags = u16(offset + 8);
      const nameLength = u16(offset + 28);
      const extraLength = u16(offset + 30);
      const nameBytes = zip.subarray(offset + 46, offset + 46 + nameLength);
      let compressedSize = u32(offset + 20);
      let declaredSize = u32(offset + 24);
      let local = u32(offset + 42);
      // Zip64 keeps the sizes and offset that overflow 32 bits in an extra field, in this order.
      for (let at = offset + 46 + nameLength; at + 4 <= offset + 46 + nameLength + extraLength;) {
        const id = u16(at);
        const size = u16(at + 2);
        if (id === ZIP64_EXTRA) {
          let field = at + 4;
          const next = () => {
            const value = u64(field);
            field += 8;
            return value;
          };
          if (declaredSize === UNKNOWN_32) declaredSize = next();
          if (compressedSize === UNKNOWN_32) compressedSize = next();
          if (local === UNKNOWN_32) local = next();
        }
        at += 4 + size;
      }
      if (u32(local) !== LOCAL_HEADER) throw new UnreadableZipError("bad local header");
      const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
      if (dataStart + compressedSize > zip.length) throw new UnreadableZipError("entry past the end");
      entries.push({
        name: flags & UTF8_NAME ? new TextDecoder().decode(nameBytes) : latin1(nameBytes),
        method: u16(offset + 10),
        encrypted: (flags & 1) === 1,
        declaredSize,
        dataStart,
        compressedSize,
      });
      offset += 46 + nameLength + extraLength + u16(offset + 32);
    }
    return entries;
  } catch (error) {
    if (error instanceof UnreadableZipError) throw error;
    // DataView throws RangeError for any offset past the end: a truncated or forged archive.
    throw new UnreadableZipError("truncated zip");
  }
}

/** The bytes of a stored or deflated entry, or null when there are more than `maxBytes`. */
export async function readZipEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === STORED) return data.length > maxBytes ? null : data.slice();
  try {
    const content = await inflate(data, {
      maxOutputLength: Math.max(1, maxBytes),
      chunkSize: INFLATE_CHUNK_BYTES,
    });
    return new Uint8Array(content.buffer, content.byteOffset, content.length).slice();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return null;
    throw new UnreadableZipError(`${entry.name}: ${(error as Error).message}`);
  }
}
