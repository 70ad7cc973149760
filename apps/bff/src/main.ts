import { z } from 'zod';
import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { registerWebApps } from './web/static.js';
import { WebAppsService } from './web/web-apps.service.js';

await bootstrapService({
  name: 'bff',
  module: AppModule,
  defaultPort: 8080,
  rpc: false,
  configSchema: z.object({ REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379') }),
  configure: async (app) => {
    app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready', 'metrics', 'dev/mailbox', 'dev/mailbox.json'] });
    await registerWebApps(app, app.get(WebAppsService));
  },
});
