import { EXPIRY_GRACE_SECONDS, nextCheckAt } from './reconcile-schedule.js';

const start = new Date('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const expires = at(900);
/** The next check after one at `seconds`, in seconds from the start. */
const next = (seconds: number, first = 20) => {
  const d = nextCheckAt(start, expires, at(seconds), first);
  return d === null ? null : (d.getTime() - start.getTime()) / 1000;
};

describe("PhonePe's reconciliation schedule", () => {
  it('checks first after the configured first delay', () => {
    expect(next(0)).toBe(20);
    expect(next(5)).toBe(20);
    expect(next(0, 25)).toBe(25);
  });

  it('then every 3 s for 30 s', () => {
    expect(next(20)).toBe(23);
    expect(next(47)).toBe(50);
    expect(next(49.9)).toBe(52.9);
  });

  it('then every 6 s for 60 s', () => {
    expect(next(50)).toBe(56);
    expect(next(109)).toBe(115);
  });

  it('then every 10 s for 60 s', () => {
    expect(next(110)).toBe(120);
    expect(next(169)).toBe(179);
  });

  it('then every 30 s for 60 s', () => {
    expect(next(170)).toBe(200);
    expect(next(229)).toBe(259);
  });

  it('then every minute until the expiry', () => {
    expect(next(230)).toBe(290);
    expect(next(600)).toBe(660);
  });

  it('checks once more just after the expiry, then stops', () => {
    expect(next(880)).toBe(900 + EXPIRY_GRACE_SECONDS);
    expect(next(900)).toBe(900 + EXPIRY_GRACE_SECONDS);
    expect(next(900 + EXPIRY_GRACE_SECONDS)).toBeNull();
    expect(next(5000)).toBeNull();
  });

  it('follows the first delay when it is configured short (tests)', () => {
    expect(next(0, 1)).toBe(1);
    expect(next(1, 1)).toBe(4);
    expect(next(31, 1)).toBe(37);
  });
});
