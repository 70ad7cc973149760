export * from './databases.js';
export * from './eventually.js';
