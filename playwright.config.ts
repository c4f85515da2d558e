import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { e2ePorts } from './tests/e2e/env'

const ports = await e2ePorts()
const baseURL = `http://127.0.0.1:${ports.app}`
const dataDir = path.resolve(`tests/.tmp/e2e-${ports.app}`)
// The app pays through the local fake of Stripe (tests/fakes/stripe.ts), which delivers its events
// signed to the app's webhook, as Stripe would.
const stripeUrl = `http://127.0.0.1:${ports.stripe}`
const stripeWebhookSecret = 'whsec_e2e_lectern'

// Debian's chromium; Playwright's own browser download cannot work on these machines.
const launchOptions = {
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
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Separate output dirs let several runs share a checkout.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'js', testMatch: /(?<!\.nojs)\.spec\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      name: 'nojs',
      testMatch: /\.nojs\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, launchOptions },
    },
  ],
  webServer: [
    {
      command: `npx tsx tests/fakes/resend.ts ${ports.resend}`,
      url: `http://127.0.0.1:${ports.resend}/__fake/emails`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `npx tsx tests/fakes/webhook-receiver.ts ${ports.hooks}`,
      url: `http://127.0.0.1:${ports.hooks}/__fake/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `npx tsx tests/fakes/hubspot.ts ${ports.hubspot}`,
      url: `http://127.0.0.1:${ports.hubspot}/__fake/requests`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `npx tsx tests/fakes/stripe.ts ${ports.stripe}`,
      url: `${stripeUrl}/__fake/requests`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/webhooks/stripe`, FAKE_STRIPE_WEBHOOK_SECRET: stripeWebhookSecret },
    },
    {
      command: `rm -rf ${dataDir} && node ${process.env.BUILD_DIR ?? 'build'}/server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'test',
        E2E_TEST_HOOKS: '1',
        PORT: String(ports.app),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'e2e-session-secret',
        ADMIN_EMAILS: 'admin@example.com',
        RESEND_API_KEY: 're_test_fake',
        RESEND_BASE_URL: `http://127.0.0.1:${ports.resend}`,
        SEED_DEMO: 'true',
        // The local webhook receiver (tests/fakes/webhook-receiver.ts) is the one private address let through.
        WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${ports.hooks}`,
        HUBSPOT_API_BASE_URL: `http://127.0.0.1:${ports.hubspot}`,
        // Payments on (issue 22): the CSP's form-action then lists Stripe's origins and the fake's.
        STRIPE_SECRET_KEY: 'sk_test_e2e_lectern',
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_BASE_URL: stripeUrl,
        // Optional widgets switched on, so the shell's demo, affiliate and chat paths are exercised
        // (tests stub these hosts with page.route; nothing leaves the machine).
        DEMO_VIDEO_URL: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        AFFILIATE_WIDGET_URL: 'https://affiliates.example.com/widget',
        CHAT_WIDGET_URL: 'https://chat.example.com/widget.js',
        FEEDBACK_BOARD_URL: 'https://feedback.example.com/',
        KNOWLEDGE_BASE_URL: 'https://help.example.com/',
        ROI_CALCULATOR_URL: 'https://roi.example.com/',
        SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@lectern-demo',
        SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/lectern-demo',
        SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/lectern-demo',
        SOCIAL_TIKTOK_URL: 'https://www.tiktok.com/@lectern-demo',
      },
    },
  ],
})
