import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// The BFF the dev server forwards API calls to; `npm start` runs it on 8080.
const bffUrl = process.env['BFF_URL'] ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  resolve: {
    // Workspace libs are consumed from their TypeScript sources, not from a prior build.
    conditions: ['@jalaj/source', ...defaultClientConditions],
  },
  server: { port: 5173, proxy: { '/api': bffUrl } },
  preview: { port: 4173, proxy: { '/api': bffUrl } },
  // The server bundle (entry-server.tsx, rendered by the BFF) carries its dependencies, so it
  // runs wherever the BFF's dist runs.
  ssr: { noExternal: true, resolve: { conditions: ['@jalaj/source', ...defaultServerConditions] } },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, ssr: true, copyPublicDir: false, rolldownOptions: { input: 'src/entry-server.tsx', output: { codeSplitting: false } } }
    : {
    outDir: 'dist',
    emptyOutDir: true,
    // The BFF reads it to inline a server-rendered page's styles and load its scripts.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chromium's explicit compile hint (V8, Chrome 136+): React's functions nearly all run
        // as the page is taken over, so they are compiled while the chunk streams in, off
        // the main thread, not one by one on first call during hydration (issue #40).
        postBanner: (chunk) => (chunk.name === 'react' ? '//# allFunctionsCalledOnLoad' : ''),
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
}));
