/**
 * Preloaded into every app (`node --import @jalaj/server-kit/source-maps …`): stack traces
 * point at the TypeScript sources of the shop's own code, while the source maps that
 * third-party packages ship (Nest, MikroORM, OpenTelemetry, rxjs…) are not loaded. With
 * `--enable-source-maps` Node kept those too, about 10–30 MB in every process, 90 MB for
 * the stack, for stack frames inside libraries that are readable as they are.
 */
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
