/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    rollupOptions: {
      output: {
        // zod and its configuration in one chunk, so the configuration runs before any module of another chunk builds
        // a schema (src/lib/zod-config.ts: the CSP allows no eval).
        manualChunks: (id) =>
          id.includes('/node_modules/zod/') || id.endsWith('/src/lib/zod-config.ts') ? 'zod' : undefined,
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/sim': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing with user-event takes a few hundred ms per field; on a loaded 2-core machine a form test can pass 5 s,
    // and a timed-out test keeps typing into the next test's document. 20 s leaves room without hiding a hang.
    testTimeout: 20_000,
  },
});
