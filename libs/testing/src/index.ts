export * from './databases.js';
export * from './eventually.js';
export * from './events.js';
export * from './http-client.js';
export * from './phonepe-sandbox.js';
export * from './test-shop.js';
export * from './test-service.js';
