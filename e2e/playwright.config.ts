import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// The config is read again in every test worker (another pid): the first reading fixes the directory for them all,
// so that specs can read the server's outbox (support/outbox.ts).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `threadcart-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/results',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    // The real server, worker and simulated PayPal, on a throwaway SQLite database.
    command: `rm -rf ${dataDir} && npm run start -w @threadcart/server`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `sqlite:${dataDir}/threadcart.db`,
      STORAGE_DIR: `${dataDir}/files`,
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Slows file writing so the journeys can see an order pending/processing before it completes.
      WORKER_RECORD_DELAY_MS: process.env.WORKER_RECORD_DELAY_MS ?? '10',
      // Every browser of the suite comes from 127.0.0.1: one address's page-view limit (60 a minute) would refuse
      // the suite's own page views. The limit itself is tested in the server's analytics route tests.
      PAGE_VIEWS_PER_MINUTE: '100000',
      // The same for sign-ups (10 an hour per address); that limit is tested in the server's tests.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      SIGNUPS_PER_NETWORK_PER_HOUR: '100000',
      // The webhooks journey's receiver listens on 127.0.0.1; the refusal of such addresses is a server test.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // And for the unsafe requests per address (600 a minute: page views and dry runs count); tested in the server.
      RATE_LIMIT_PER_ADDRESS: '100000',
    },
  },
});
