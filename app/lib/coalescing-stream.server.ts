import { Transform, type TransformCallback } from "node:stream";

/** Bursts above this size go out at once rather than waiting for the end of the burst. */
const MAX_HELD_BYTES = 64 * 1024;

/**
 * Joins the small writes of one synchronous burst into one chunk. React's renderer writes the page in
 * small pieces, and every write costs the compressor a round trip (docs/benchmarks.md, Measured
 * choices). A burst ends when the event loop turns (setImmediate), so a streamed part still leaves as
 * soon as React has written it.
 */
export class CoalescingStream extends Transform {
  #parts: Uint8Array[] = [];
  #size = 0;
  #scheduled = false;
  readonly #onFinal: (() => void) | undefined;

  constructor(onFinal?: () => void) {
    super();
    this.#onFinal = onFinal;
  }

  override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#parts.push(chunk);
    this.#size += chunk.byteLength;
    if (this.#size >= MAX_HELD_BYTES) this.#release();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        if (!this.destroyed) this.#release();
      });
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#release();
    this.#onFinal?.();
    callback();
  }

  #release(): void {
    if (this.#size === 0) return;
    const parts = this.#parts;
    const size = this.#size;
    this.#parts = [];
    this.#size = 0;
    this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
  }
}
