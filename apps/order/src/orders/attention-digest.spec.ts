import { digestDue, indiaHour } from './attention-digest.js';

describe('the admins’ daily mail', () => {
  it('reads the hour in India time (UTC+05:30)', () => {
    expect(indiaHour(new Date('2026-11-29T02:29:00Z'))).toBe(7);
    expect(indiaHour(new Date('2026-11-29T02:30:00Z'))).toBe(8);
    expect(indiaHour(new Date('2026-11-29T18:29:00Z'))).toBe(23);
    expect(indiaHour(new Date('2026-11-29T18:30:00Z'))).toBe(0);
  });

  it('is due from its hour to the end of the India day', () => {
    expect(digestDue(new Date('2026-11-29T02:29:00Z'), 8)).toBe(false);
    expect(digestDue(new Date('2026-11-29T02:30:00Z'), 8)).toBe(true);
    expect(digestDue(new Date('2026-11-29T18:29:00Z'), 8)).toBe(true);
    expect(digestDue(new Date('2026-11-29T18:30:00Z'), 8)).toBe(false);
    expect(digestDue(new Date('2026-11-29T18:30:00Z'), 0)).toBe(true);
  });
});
