import { bootstrapService } from '@jalaj/server-kit';
import { AppModule } from './app.module.js';

await bootstrapService({ name: 'cart', module: AppModule, defaultPort: 8083, rpc: true });
