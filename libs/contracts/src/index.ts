export * from './catalog.js';
export * from './envelope.js';
export * from './errors.js';
export * from './identity.js';
export * from './ids.js';
export * from './rpc.js';
export * from './schemas.js';
export * from './subjects.js';
