// Lossless recompression of the browser's PNGs, so the screenshots stay small in the repository: an
// opaque image loses its alpha channel, one of at most 256 colours becomes a palette image, and each row
// gets the filter that suits it before the strongest deflate.
import { readFile, writeFile } from "node:fs/promises";
import { crc32, deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TRUECOLOUR = 2;
const PALETTE = 3;
const TRUECOLOUR_ALPHA = 6;

interface Image {
  width: number;
  height: number;
  /** Bytes per pixel of `pixels`: 3 (RGB) or 4 (RGBA). */
  channels: 3 | 4;
  pixels: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit, non-interlaced RGB, RGBA or palette PNG; null for any other kind, which is left alone. */
export function decodePng(file: Buffer): Image | null {
  if (!file.subarray(0, 8).equals(SIGNATURE)) return null;
  let offset = 8;
  let header: Buffer | undefined;
  let palette: Buffer | undefined;
  const data: Buffer[] = [];
  while (offset + 8 <= file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString("latin1", offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") header = body;
    else if (type === "PLTE") palette = body;
    else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  if (!header) return null;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colourType, , , interlace] = header.subarray(8, 13);
  if (depth !== 8 || interlace !== 0) return null;
  if (colourType === PALETTE && !palette) return null;
  if (colourType !== TRUECOLOUR && colourType !== TRUECOLOUR_ALPHA && colourType !== PALETTE) return null;
  const channels = colourType === TRUECOLOUR ? 3 : colourType === PALETTE ? 1 : 4;
  const filtered = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const raw = filtered[source + x]!;
      const left = x >= channels ? pixels[row + x - channels]! : 0;
      const up = y > 0 ? pixels[row - stride + x]! : 0;
      const corner = x >= channels && y > 0 ? pixels[row - stride + x - channels]! : 0;
      pixels[row + x] = (raw + predict(filter ?? 0, left, up, corner)) & 0xff;
    }
  }
  if (channels !== 1) return { width, height, channels, pixels };
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) palette!.copy(rgb, i * 3, pixels[i]! * 3, pixels[i]! * 3 + 3);
  return { width, height, channels: 3, pixels: rgb };
}

/** What a PNG row filter predicts a byte from: its left, upper and upper-left neighbours. */
function predict(filter: number, left: number, up: number, corner: number): number {
  switch (filter) {
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4:
      return paeth(left, up, corner);
    default:
      return 0;
  }
}

/** Rows with the filter whose output has the smallest sum of magnitudes (the usual heuristic). */
function filterRows(pixels: Buffer, width: number, height: number, bpp: number, adaptive: boolean): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const target = y * (stride + 1);
    let best = 0;
    let bestCost = Infinity;
    for (let filter = 0; filter <= (adaptive ? 4 : 0); filter++) {
      let cost = 0;
      for (let x = 0; x < stride; x++) {
        const value = pixels[row + x]!;
        const left = x >= bpp ? pixels[row + x - bpp]! : 0;
        const up = y > 0 ? pixels[row - stride + x]! : 0;
        const corner = x >= bpp && y > 0 ? pixels[row - stride + x - bpp]! : 0;
        const byte = (value - predict(filter, left, up, corner)) & 0xff;
        candidate[x] = byte;
        cost += byte < 128 ? byte : 256 - byte;
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = filter;
        out[target] = filter;
        candidate.copy(out, target + 1);
      }
    }
    out[target] = best;
  }
  return out;
}

function encode(width: number, height: number, colourType: number, rows: Buffer, palette?: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    ...(palette ? [chunk("PLTE", palette)] : []),
    chunk("IDAT", deflateSync(rows, { level: 9, memLevel: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The smallest lossless encoding found for `image`. */
export function encodePng(image: Image): Buffer {
  const { width, height } = image;
  const count = width * height;
  let rgb = image.pixels;
  if (image.channels === 4) {
    let opaque = true;
    for (let i = 3; i < image.pixels.length && opaque; i += 4) opaque = image.pixels[i] === 255;
    if (!opaque) return encode(width, height, TRUECOLOUR_ALPHA, filterRows(rgb, width, height, 4, true));
    rgb = Buffer.alloc(count * 3);
    for (let i = 0; i < count; i++) image.pixels.copy(rgb, i * 3, i * 4, i * 4 + 3);
  }
  const colours = new Map<number, number>();
  for (let i = 0; i < count && colours.size <= 256; i++) {
    const colour = (rgb[i * 3]! << 16) | (rgb[i * 3 + 1]! << 8) | rgb[i * 3 + 2]!;
    if (!colours.has(colour)) colours.set(colour, colours.size);
  }
  const truecolour = encode(width, height, TRUECOLOUR, filterRows(rgb, width, height, 3, true));
  if (colours.size > 256) return truecolour;
  const palette = Buffer.alloc(colours.size * 3);
  for (const [colour, index] of colours) palette.writeUIntBE(colour, index * 3, 3);
  const indexed = Buffer.alloc(count);
  for (let i = 0; i < count; i++) {
    indexed[i] = colours.get((rgb[i * 3]! << 16) | (rgb[i * 3 + 1]! << 8) | rgb[i * 3 + 2]!)!;
  }
  const paletted = [false, true].map((adaptive) =>
    encode(width, height, PALETTE, filterRows(indexed, width, height, 1, adaptive), palette),
  );
  return [truecolour, ...paletted].reduce((smallest, next) =>
    next.length < smallest.length ? next : smallest,
  );
}

/** Rewrites a PNG file smaller, pixel for pixel the same; leaves it when it cannot do better. */
export async function optimisePng(path: string): Promise<void> {
  const original = await readFile(path);
  const image = decodePng(original);
  if (!image) return;
  const smaller = encodePng(image);
  if (smaller.length < original.length) await writeFile(path, smaller);
}
