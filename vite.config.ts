/**
 * One Vite config for the repository: it builds the web app (apps/web, `npm run build:web`) and configures
 * Vitest for every workspace. Test files sit next to their code (*.test.ts) or in test/ folders.
 * `root` is the web app (its index.html), so `test.root` points back at the repository root: the test
 * include globs below stay relative to the repository, as they always were.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const repo = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.VROYALE_DEV_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  root: `${repo}apps/web`,
  plugins: [react()],
  build: {
    outDir: `${repo}apps/web/dist`,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/socket.io': { target: server, ws: true },
      '/api': { target: server },
    },
  },
  test: {
    root: repo,
    include: ['packages/**/*.test.ts', 'cards/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'threads',
    globalSetup: ['apps/web/e2e/e2e-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
