import { repeatOf } from './command-log-sql.js';

describe('repeatOf: what a repeated command gets from its first handling', () => {
  it('is the kept reply when the request is the same', () => {
    expect(repeatOf({ request_hash: 'h1', reply: { ok: true, data: 1 } }, 'h1')).toEqual({ repeat: 'done', outcome: { ok: true, data: 1 } });
  });

  it('is a conflict when another request came under the id, whatever was kept', () => {
    expect(repeatOf({ request_hash: 'h1', reply: { ok: true } }, 'h2')).toEqual({ repeat: 'conflict' });
  });

  it('is pruned when the row went between the claim and the read', () => {
    expect(repeatOf(undefined, 'h1')).toEqual({ repeat: 'pruned' });
  });
});
