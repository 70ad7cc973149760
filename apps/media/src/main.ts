import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';
import { storageConfigSchema } from './storage/storage.service.js';

await bootstrapService({ name: 'media', module: AppModule, defaultPort: 8085, rpc: true, configSchema: storageConfigSchema });
