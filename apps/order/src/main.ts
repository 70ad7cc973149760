import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { orderConfigSchema } from './config.js';

await bootstrapService({ name: 'order', module: AppModule, defaultPort: 8084, rpc: true, configSchema: orderConfigSchema });
