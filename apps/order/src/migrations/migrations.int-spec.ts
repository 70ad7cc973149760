import { registeredEntities, schemaDrift } from '@jalaj/server-kit';
import { testDatabaseUrl } from '@jalaj/testing';
import { migrations } from './index.js';

/** The order service's migrations and entities describe the same schema (ADR 014). */
describe('order migrations', () => {
  it('match the entities its feature modules register', async () => {
    // Importing the app module declares every feature module, which registers its entities.
    await import('../app.module.js');
    expect(await schemaDrift({ service: 'order', entities: registeredEntities(), migrations }, testDatabaseUrl('order_drift'))).toBe('');
  });
});
