// What the recorder keeps of a body: its first MAX_KEPT_BODY bytes and its whole size.

/** Bytes of each body kept for the HAR and the judge; the rest is forwarded, counted and not kept. */
export const MAX_KEPT_BODY = 1024 * 1024;

export class KeptBody {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  size = 0;

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= MAX_KEPT_BODY) return;
    const part =
      chunk.length + this.kept > MAX_KEPT_BODY ? chunk.subarray(0, MAX_KEPT_BODY - this.kept) : chunk;
    this.parts.push(part);
    this.kept += part.length;
  }

  get cut(): boolean {
    return this.size > this.kept;
  }

  buffer(): Buffer {
    const [only] = this.parts;
    return this.parts.length === 1 && only !== undefined ? only : Buffer.concat(this.parts);
  }
}
