import { afterCommit, withAfterCommit } from './change-hints.js';

describe('afterCommit', () => {
  it('runs hooks after the work settles, in order, and only once for nested scopes', async () => {
    const seen: string[] = [];
    const result = await withAfterCommit(async () => {
      afterCommit(() => seen.push('first'));
      await withAfterCommit(async () => {
        afterCommit(() => seen.push('nested'));
      });
      seen.push('work done');
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['work done', 'first', 'nested']);
  });

  it('drops the hooks of work that throws (a rolled-back transaction)', async () => {
    const seen: string[] = [];
    await expect(
      withAfterCommit(async () => {
        afterCommit(() => seen.push('never'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('runs at once outside a scope', () => {
    const seen: string[] = [];
    afterCommit(() => seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});
