import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The BFF the dev server forwards API calls to; `npm start` runs it on 8080.
const bffUrl = process.env['BFF_URL'] ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  resolve: {
    // Workspace libs are consumed from their TypeScript sources, not from a prior build.
    conditions: ['@jalaj/source', ...defaultClientConditions],
  },
  server: { port: 5173, proxy: { '/api': bffUrl } },
  preview: { port: 4173, proxy: { '/api': bffUrl } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes far less often than the shop's code, so it gets its own
        // long-cached chunk; the rest of node_modules forms a second one.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
