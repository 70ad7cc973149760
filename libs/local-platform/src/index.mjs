export * from './containers.mjs';
export * from './infra.mjs';
export * from './stack.mjs';
export * from './test-infra.mjs';
export * from './balancer.mjs';
