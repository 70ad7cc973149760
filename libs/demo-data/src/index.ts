export * from './art.js';
export * from './plants.js';
