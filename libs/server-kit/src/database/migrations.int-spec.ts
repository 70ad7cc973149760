import { testDatabaseUrl } from '@jalaj/testing';
import { schemaDrift } from './schema-drift.js';

/** The kit's own tables (outbox, inbox, command log): entities and migrations agree. */
describe('kit migrations', () => {
  it('match the kit entities', async () => {
    expect(await schemaDrift({ service: 'kit', migrations: [] }, testDatabaseUrl('kit_drift'))).toBe('');
  });
});
