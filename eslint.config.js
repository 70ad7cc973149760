import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

/** Module boundaries: the architecture, enforced (see ARCHITECTURE.md and STYLE.md). */
const depConstraints = [
  // Apps reach only shared libraries, never another app: services talk over NATS.
  ...['bff', 'identity', 'catalog', 'cart', 'order', 'media', 'phonepe-sandbox', 'storefront', 'admin'].map((app) => ({
    sourceTag: `scope:${app}`,
    onlyDependOnLibsWithTags: ['scope:shared'],
  })),
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // Platforms: browser code never pulls in server code and vice versa.
  {
    sourceTag: 'platform:web',
    onlyDependOnLibsWithTags: ['platform:web', 'platform:shared'],
    bannedExternalImports: ['@nestjs/*', '@mikro-orm/*', '@nats-io/*', 'ioredis', 'pino', 'minio', 'node:*'],
  },
  {
    sourceTag: 'platform:shared',
    onlyDependOnLibsWithTags: ['platform:shared'],
    bannedExternalImports: ['@nestjs/*', '@mikro-orm/*', '@nats-io/*', 'react', 'react-dom', 'antd', 'ioredis', 'pino', 'minio'],
  },
  { sourceTag: 'platform:server', onlyDependOnLibsWithTags: ['platform:server', 'platform:shared'] },
  // Layers.
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:server', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:server', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:server', 'type:web', 'type:contracts', 'type:domain', 'type:testing'] },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.data/**', '.nx/**', 'test-results/**', 'playwright-report/**', '**/vite.config.ts.timestamp-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { '@nx': nx },
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        setInterval: 'readonly', clearInterval: 'readonly', AbortSignal: 'readonly', Buffer: 'readonly', globalThis: 'readonly',
        window: 'readonly', document: 'readonly', performance: 'readonly', navigator: 'readonly', localStorage: 'readonly', structuredClone: 'readonly',
      },
    },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], enforceBuildableLibDependency: false, depConstraints }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Specs may also use the testing libraries.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          depConstraints: depConstraints.map((c) =>
            c.onlyDependOnLibsWithTags.includes('scope:shared') || c.sourceTag.startsWith('type:')
              ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing'] }
              : c,
          ),
        },
      ],
    },
  },
  {
    // One typed configuration per app, parsed at boot (ADR 014): only the kit's config.ts
    // reads the environment. Specs, browser tests, scripts and build configs are exempt.
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/server-kit/src/**/*.ts'],
    ignores: ['libs/server-kit/src/config.ts', 'apps/e2e/**', '**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.e2e.ts', '**/vite.config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: "Read configuration from the app's config object (@InjectConfig(), see ADR 014), not process.env." },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/e2e/**', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e.ts', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);
