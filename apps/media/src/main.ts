import { MAX_IMAGE_BYTES } from '@jalaj/commerce';
import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { mediaConfigSchema } from './config.js';

await bootstrapService({
  name: 'media',
  module: AppModule,
  defaultPort: 8085,
  rpc: true,
  configSchema: mediaConfigSchema,
  configure: (app) => {
    // Uploads arrive as raw bytes; one byte over the limit is enough to say "too large".
    app
      .getHttpAdapter()
      .getInstance()
      .addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 1 }, (_req, body, done) => done(null, body));
  },
});
