import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, DOCS_PATH, OPENAPI_JSON_PATH } from './openapi-document.js';

/**
 * Serves the API's OpenAPI 3.1 document at `/api/docs/openapi.json` (and Swagger UI's own
 * `/api/docs/json`) and Swagger UI at `/api/docs`, its assets from the package itself: the
 * shop's CSP allows scripts from its own origin only, and the UI needs nothing else. The
 * document is built once at boot from the route contract.
 */
export async function registerApiDocs(app: NestFastifyApplication) {
  const document = buildOpenApiDocument();
  // Static mode: the document is given; the plugin does not read Fastify's routes.
  await app.register(fastifySwagger as never, { mode: 'static', specification: { document } });
  await app.register(fastifySwaggerUi as never, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 } });
  const body = JSON.stringify(document);
  app
    .getHttpAdapter()
    .getInstance()
    .get(OPENAPI_JSON_PATH, (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body));
}
