import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { identityConfigSchema } from './config.js';

await bootstrapService({ name: 'identity', module: AppModule, defaultPort: 8081, rpc: true, configSchema: identityConfigSchema });
