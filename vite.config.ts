/**
 * One Vite config for the repository: it will build apps/web (issue 5) and configures Vitest for every
 * workspace. Test files sit next to their code (*.test.ts) or in test/ folders.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'cards/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'threads',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
