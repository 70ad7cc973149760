import { BatchedLines, type LineSink } from './log-destination.js';

/** A sink that records writes and lets the test decide when (and how much of) each completes. */
function fakeSink(options: { maxPerWrite?: number } = {}) {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  const errors: NodeJS.ErrnoException[] = [];
  const sink: LineSink = {
    write(_fd, data, done) {
      pending.push(() => {
        const error = errors.shift();
        if (error) return done(error, 0);
        const n = Math.min(data.length, options.maxPerWrite ?? Infinity);
        written.push(data.subarray(0, n).toString());
        done(null, n);
      });
    },
    writeSync(_fd, data) {
      written.push(data.toString());
      return data.length;
    },
  };
  const completeAll = () => {
    while (pending.length) pending.shift()!();
  };
  return { sink, written, pending, errors, completeAll, text: () => written.join('') };
}

const line = (i: number) => `{"n":${i}}\n`;

describe('BatchedLines', () => {
  it('writes nothing until minLength characters wait, then one write of them all', () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 30, f.sink);
    out.write(line(1));
    out.write(line(2));
    expect(f.pending).toHaveLength(0);
    out.write(line(3));
    out.write(line(4));
    expect(f.pending).toHaveLength(1);
    f.completeAll();
    expect(f.written).toEqual([line(1) + line(2) + line(3) + line(4)]);
  });

  it('keeps lines that come during a write and writes them after it, in order', () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 10, f.sink);
    out.write(line(1) + line(2)); // starts a write
    for (let i = 3; i <= 8; i++) out.write(line(i));
    expect(f.pending).toHaveLength(1); // one write at a time
    f.completeAll();
    expect(f.text()).toBe([1, 2, 3, 4, 5, 6, 7, 8].map(line).join(''));
    expect(f.written).toHaveLength(2);
  });

  it('flush() writes what waits below minLength (the timer), and nothing when nothing waits', () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 4096, f.sink);
    out.flush();
    expect(f.pending).toHaveLength(0);
    out.write(line(1));
    out.flush();
    f.completeAll();
    expect(f.written).toEqual([line(1)]);
  });

  it('continues a partial write where it stopped', () => {
    const f = fakeSink({ maxPerWrite: 4 });
    const out = new BatchedLines(1, 1, f.sink);
    out.write('abcdefghij\n');
    f.completeAll();
    expect(f.written).toEqual(['abcd', 'efgh', 'ij\n']);
  });

  it('counts bytes, not characters, when continuing a partial write of text beyond ASCII', () => {
    const chunks: Buffer[] = [];
    const sink: LineSink = {
      write: (_fd, data, done) => {
        const n = Math.min(3, data.length);
        chunks.push(Buffer.from(data.subarray(0, n)));
        done(null, n);
      },
      writeSync: () => 0,
    };
    new BatchedLines(1, 1, sink).write('₹500 — ok\n');
    expect(Buffer.concat(chunks).toString()).toBe('₹500 — ok\n');
  });

  it('tries again after EAGAIN (a full pipe) and loses nothing', async () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 1, f.sink);
    f.errors.push(Object.assign(new Error('full'), { code: 'EAGAIN' }));
    out.write(line(1));
    f.completeAll();
    expect(f.written).toEqual([]);
    await new Promise((r) => setTimeout(r, 30));
    f.completeAll();
    expect(f.written).toEqual([line(1)]);
  });

  it('flushSync() writes everything waiting (the process exits), and leaves a write under way to the file system', () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 10, f.sink);
    out.write(line(1) + line(2)); // a write under way
    out.write(line(3));
    out.flushSync();
    expect(f.text()).toBe(line(3));
    f.completeAll(); // the file system finishes its write: each line once
    expect(f.text().split('\n').sort()).toEqual(['', line(1).trim(), line(2).trim(), line(3).trim()]);
  });

  it('flushSync() also writes a batch that waits to be tried again after EAGAIN, first', () => {
    const f = fakeSink();
    const out = new BatchedLines(1, 1, f.sink);
    f.errors.push(Object.assign(new Error('full'), { code: 'EAGAIN' }));
    out.write(line(1));
    f.completeAll(); // EAGAIN: waiting to try again
    out.write(line(2));
    out.flushSync();
    expect(f.text()).toBe(line(1) + line(2));
  });
});
