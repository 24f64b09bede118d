// Growable typed-array writer for packing features whose count is not known up front: one
// allocation per doubling instead of one per vertex.
export class Growable<T extends Float64Array | Uint32Array | Uint8Array> {
  len = 0;
  constructor(
    private buf: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number): void {
    if (this.len === this.buf.length) {
      const next = this.make(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.len++] = v;
  }
  /** A tight copy, so the transferred buffer holds no slack. */
  done(): T {
    return this.buf.slice(0, this.len) as T;
  }
}

export const f64 = (n: number) => new Float64Array(n);
export const u32 = (n: number) => new Uint32Array(n);
export const u8 = (n: number) => new Uint8Array(n);
