import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { cartConfigSchema } from './config.js';

await bootstrapService({ name: 'cart', module: AppModule, defaultPort: 8083, rpc: true, configSchema: cartConfigSchema });
