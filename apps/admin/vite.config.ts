import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The BFF the dev server forwards API calls to; `npm start` runs it on 8080.
const bffUrl = process.env['BFF_URL'] ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  // The BFF serves this app under /admin, next to the storefront at /.
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // Workspace libs are consumed from their TypeScript sources, not from a prior build.
    conditions: ['@jalaj/source', ...defaultClientConditions],
  },
  server: { port: 5174, proxy: { '/api': bffUrl } },
  preview: { port: 4174, proxy: { '/api': bffUrl } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design alone is past Vite's default 500 kB warning; it is cached in its own chunk.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Split by how often each part changes: React, then Ant Design and its
        // rc-component/icon packages, then the rest of node_modules that the first paint
        // needs ($initial). What only a lazy import needs stays with it: the sales chart's
        // library (recharts) loads with the chart, after the first paint (ADR 082).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
