import { newId } from './ids.js';

describe('newId', () => {
  it('is prefixed and sorts by creation time', () => {
    const a = newId('ord', 1_700_000_000_000);
    const b = newId('ord', 1_700_000_000_001);
    expect(a).toMatch(/^ord_[0-9A-Z]{26}$/);
    expect(a < b).toBe(true);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('x', 1)));
    expect(ids.size).toBe(1000);
  });
});
