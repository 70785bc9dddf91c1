import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium (packages `chromium`, `chromium-driver`; `.ci/run` installs them): Playwright's
 * own browser download cannot reach its host from here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without the background-networking flags Chromium phones home at start-up, which a closed network
 * refuses many times over and which would muddy the "nothing leaves localhost" check.
 */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface PageRecording {
  /** Every URL the page asked for, the main document, scripts, workers and fetches included. */
  requests: string[];
  /** Console errors and uncaught exceptions: a page that half-works still fails the test. */
  errors: string[];
}

/** A fresh page (own profile: no tabs or cache from another test) that records what it does. */
export async function openRecordedPage(browser: Browser): Promise<{ page: Page; recording: PageRecording }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const recording: PageRecording = { requests: [], errors: [] };
  // Workers fetch through their own channel; the context-level event sees their requests too.
  context.on('request', (request) => recording.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') recording.errors.push(message.text());
  });
  page.on('pageerror', (error) => recording.errors.push(error.message));
  return { page, recording };
}

/** True for URLs this machine answers itself; `data:` and `blob:` never touch the network. */
export function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
