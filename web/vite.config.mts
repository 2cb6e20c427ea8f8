import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by the Express server (src/app.ts) from web/dist; in `vite dev` the API
// and login routes are proxied to a running `npm start`.
const server = process.env.CASEBOOK_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets' },
  server: { proxy: Object.fromEntries(['/api', '/auth', '/login', '/logout'].map((p) => [p, server])) },
});
