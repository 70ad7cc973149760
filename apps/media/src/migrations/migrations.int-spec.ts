import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
import { migrations } from './index.js';

/** The media service's migrations and entities describe the same schema (ADR 014). */
describe('media migrations', () => {
  it('match the entities its feature modules register', async () => {
    // Importing the app module declares every feature module, which registers its entities.
    await import('../app.module.js');
    expect(await schemaDrift({ service: 'media', entities: registeredEntities(), migrations }, testDatabaseUrl('media_drift'))).toBe('');
  });
});
