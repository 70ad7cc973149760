import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
import { migrations } from './index.js';

/** The identity service's migrations and entities describe the same schema (ADR 014). */
describe('identity migrations', () => {
  // The user and session references are relations mapped to their ids (`mapToPk`), so the
  // deployed DEFERRABLE INITIALLY DEFERRED foreign keys are part of what is compared.
  it('match the entities its feature modules register', async () => {
    // Importing the app module declares every feature module, which registers its entities.
    await import('../app.module.js');
    expect(await schemaDrift({ service: 'identity', entities: registeredEntities(), migrations }, testDatabaseUrl('identity_drift'))).toBe('');
  });
});
