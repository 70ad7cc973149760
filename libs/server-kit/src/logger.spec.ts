import { pino } from 'pino';
import { isoTime } from './logger.js';

describe('isoTime', () => {
  it('writes the field as pino.stdTimeFunctions.isoTime does, for the millisecond asked', () => {
    const at = Date.parse('2026-11-25T04:19:58.867Z');
    expect(isoTime(at)).toBe(',"time":"2026-11-25T04:19:58.867Z"');
    expect(isoTime(at + 1)).toBe(',"time":"2026-11-25T04:19:58.868Z"');
    expect(isoTime(at)).toBe(',"time":"2026-11-25T04:19:58.867Z"');
  });

  it('gives the current time by default, in pino’s own format', () => {
    const before = pino.stdTimeFunctions.isoTime();
    const ours = isoTime();
    const after = pino.stdTimeFunctions.isoTime();
    const time = (field: string) => Date.parse(JSON.parse(`{${field.slice(1)}}`).time as string);
    expect(time(ours)).toBeGreaterThanOrEqual(time(before));
    expect(time(ours)).toBeLessThanOrEqual(time(after));
  });
});
