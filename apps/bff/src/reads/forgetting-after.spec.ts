import { forgettingAfter } from './forgetting-after.js';

describe('forgettingAfter', () => {
  it('returns what the change returned, and forgets only once it has finished', async () => {
    const seen: string[] = [];
    const answer = await forgettingAfter(
      () => seen.push('forget'),
      async () => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push('change');
        return 42;
      },
    );
    expect(answer).toBe(42);
    expect(seen).toEqual(['change', 'forget']);
  });

  it('forgets after a change that failed too, and passes its error on', async () => {
    let forgotten = 0;
    const failing = forgettingAfter(
      () => forgotten++,
      async () => {
        throw new Error('timed out');
      },
    );
    await expect(failing).rejects.toThrow('timed out');
    expect(forgotten).toBe(1);
  });
});
