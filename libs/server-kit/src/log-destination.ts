import { write as writeAsync, writeSync } from 'node:fs';

/** What {@link BatchedLines} needs of the file system: Node's `fs.write` and `fs.writeSync`. */
export interface LineSink {
  write(fd: number, data: Buffer, done: (error: NodeJS.ErrnoException | null, written: number) => void): void;
  writeSync(fd: number, data: Buffer): number;
}

const nodeSink: LineSink = {
  write: (fd, data, done) => writeAsync(fd, data, 0, data.length, null, done),
  writeSync: (fd, data) => writeSync(fd, data, 0, data.length),
};

/** How long to wait before trying again when the pipe is full (EAGAIN) and nothing else will flush. */
const RETRY_MS = 10;

/**
 * The log lines of a process, written to a file descriptor (standard output) in batches
 * (ADR 026): lines are kept in an array and, once `minLength` characters wait and no write
 * is under way, joined and written with one asynchronous `write(2)`; `flush()` writes what
 * waits now (a timer calls it), `flushSync()` writes everything before the process exits,
 * a crash included. Lines keep their order; a partial write continues where it stopped.
 *
 * pino's own destination (sonic-boom) did the same, but measured the byte length of its
 * whole waiting string on every line, which grows to 16 KB while a write is under way: that
 * cost the BFF about 10 µs per request line (ADR 049).
 */
export class BatchedLines {
  private lines: string[] = [];
  private waiting = 0;
  /** Bytes of the current batch still to be written (after a partial write or EAGAIN too). */
  private inFlight: Buffer | undefined;
  /** True while the file system is writing `inFlight` (between `write` and its callback). */
  private writing = false;

  constructor(
    private readonly fd: number,
    private readonly minLength: number,
    private readonly sink: LineSink = nodeSink,
  ) {}

  /** Takes one line (pino hands whole lines, newline included). */
  write(line: string): boolean {
    this.lines.push(line);
    this.waiting += line.length;
    if (this.waiting >= this.minLength && !this.inFlight) this.startWrite();
    return true;
  }

  /** Starts writing whatever waits, unless a write is under way (it continues with the rest). */
  flush(): void {
    if (this.waiting > 0 && !this.inFlight) this.startWrite();
  }

  /**
   * Writes everything still waiting, synchronously: the process is about to exit. A batch
   * the file system is writing at that moment is left to it (written twice otherwise).
   */
  flushSync(): void {
    let data = this.inFlight && !this.writing ? Buffer.concat([this.inFlight, this.take()]) : this.take();
    if (!this.writing) this.inFlight = undefined;
    let tries = 0;
    while (data.length > 0) {
      try {
        data = data.subarray(this.sink.writeSync(this.fd, data));
      } catch (e) {
        // A full non-blocking pipe: try again a few times; then give up rather than hang an exit.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN' || ++tries > 1000) return;
      }
    }
  }

  private take(): Buffer {
    const data = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.waiting = 0;
    return data;
  }

  private startWrite(): void {
    this.inFlight = this.take();
    this.continueWrite();
  }

  private continueWrite(): void {
    const data = this.inFlight!;
    this.writing = true;
    this.sink.write(this.fd, data, (error, written) => {
      this.writing = false;
      if (error) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.inFlight === data && this.continueWrite(), RETRY_MS).unref();
          return;
        }
        // Standard output is gone (a closed pipe): nothing can be written any more.
        this.inFlight = undefined;
        this.lines = [];
        this.waiting = 0;
        return;
      }
      if (written < data.length) {
        this.inFlight = data.subarray(written);
        this.continueWrite();
        return;
      }
      this.inFlight = undefined;
      if (this.waiting >= this.minLength) this.startWrite();
    });
  }
}
