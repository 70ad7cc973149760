export * from './databases.js';
export * from './eventually.js';
export * from './http-client.js';
