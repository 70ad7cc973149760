import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { catalogConfigSchema } from './config.js';

await bootstrapService({ name: 'catalog', module: AppModule, defaultPort: 8082, rpc: true, configSchema: catalogConfigSchema });
