const NEWLINE = 0x0a;

/**
 * Counts line breaks in a byte stream as it goes by, to turn the byte offsets a CSV parser reports into
 * file lines (csv-parse's own line count drifts on CRLF inside quoted values). Positions asked about
 * must not go backwards; chunks already passed are dropped, so memory stays at a few chunks.
 */
export class LineIndex {
  private chunks: { start: number; bytes: Buffer }[] = [];
  private received = 0;
  private position = 0;
  /** Line breaks before `position`, and the byte just before it. */
  private newlines = 0;
  private lastByte: number | undefined;

  add(bytes: Buffer): void {
    this.chunks.push({ start: this.received, bytes });
    this.received += bytes.length;
  }

  /** The lines that the bytes before `position` reach into: line breaks, plus one for an unfinished line. */
  linesThrough(position: number): number {
    if (position < this.position) throw new RangeError('positions must not go backwards');
    while (this.position < position) {
      const chunk = this.chunks[0];
      if (!chunk) throw new RangeError(`position ${position} is past the bytes seen`);
      const chunkEnd = chunk.start + chunk.bytes.length;
      const end = Math.min(position, chunkEnd);
      for (
        let at = chunk.bytes.indexOf(NEWLINE, this.position - chunk.start);
        at !== -1 && chunk.start + at < end;
        at = chunk.bytes.indexOf(NEWLINE, at + 1)
      ) {
        this.newlines += 1;
      }
      this.lastByte = chunk.bytes[end - 1 - chunk.start];
      this.position = end;
      if (end === chunkEnd) this.chunks.shift();
    }
    return this.newlines + (this.position > 0 && this.lastByte !== NEWLINE ? 1 : 0);
  }
}
