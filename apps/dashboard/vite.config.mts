import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API at /dashboard/ under a CSP without 'unsafe-inline': no inline scripts or
// styles may end up in index.html, so the module-preload polyfill is left out (it is inlined
// as a script in some setups) and CSS is always emitted as files.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  // The official client from its source, as the rest of the workspace reads it: no build of the
  // package needed before the dashboard's.
  resolve: { alias: { '@enrich/client': fileURLToPath(new URL('../../packages/client/src/index.ts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    assetsInlineLimit: 0,
  },
  server: {
    // `npm run dev -w @enrich/dashboard` beside `npm start`: the API answers the calls.
    proxy: {
      '^/(api|enrich|companies|usage|webhooks|dashboard/api)(/|$|\\?)': {
        target: process.env.DASHBOARD_API_URL ?? 'http://127.0.0.1:3000',
      },
    },
  },
});
