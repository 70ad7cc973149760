import { devMailboxEnabled } from './mailbox.controller.js';

describe('devMailboxEnabled', () => {
  it('is opt-in with DEV_MAILBOX=true, and never in production', () => {
    expect(devMailboxEnabled({})).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'development' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'test' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEV_MAILBOX: 'true' })).toBe(true);
    expect(devMailboxEnabled({ DEV_MAILBOX: '1' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toBe(false);
  });
});
