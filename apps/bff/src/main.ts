import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT } from '@jalaj/commerce';
import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { registerWebApps } from './web/static.js';
import { WebAppsService } from './web/web-apps.service.js';

/**
 * Sent with every response. Styles may be inline (Ant Design writes its CSS at run time);
 * scripts only from the shop itself; images also from https (pasted product image URLs).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

await bootstrapService({
  name: 'bff',
  module: AppModule,
  defaultPort: 8080,
  rpc: false,
  configSchema: z.object({
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
    MEDIA_URL: z.url().default('http://127.0.0.1:8085'),
    RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(1000).default(1),
  }),
  configure: async (app) => {
    app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready', 'metrics', 'dev/mailbox', 'dev/mailbox.json', 'media/*path'] });
    await app.register(fastifyMultipart as never, { limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_PRODUCT, fields: 5 } });
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onSend', async (_req, reply) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      });
    await registerWebApps(app, app.get(WebAppsService));
  },
});
