import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { GraphClient } from '../../src/graph/driver/driver';
import { importDataSet } from '../../src/ingest/history-import';
import { reseedDatabase, testGraph } from '../support/graph';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { buildPagesIfStale } from '../../src/server/page-bundle';

const FIXTURES = path.join(__dirname, '..', 'fixtures');

export interface SeededApp {
  baseUrl: string;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The built pages and the real server on the seeded test Neo4j, with the Fjelstul (1986 line-ups),
 * Wyscout (2018 assists) and international results (friendlies) fixtures imported over the seeds,
 * and a headless Chromium to visit them.
 */
export async function startSeededApp(): Promise<SeededApp> {
  const graph: GraphClient = testGraph();
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await app?.close();
    await graph.close();
  };
  try {
    await buildPagesIfStale();
    await reseedDatabase(graph);
    await importDataSet(graph, 'fjelstul', path.join(FIXTURES, 'fjelstul'));
    await importDataSet(graph, 'wyscout', path.join(FIXTURES, 'wyscout'));
    await importDataSet(graph, 'international-results', path.join(FIXTURES, 'international-results'));
    app = await startAppServer(graph);
    browser = await launchChromium();
    return { baseUrl: app.baseUrl, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Where a test saves its screenshot for the README (`docs/`), when KG_UPDATE_SCREENSHOTS=1;
 * otherwise nowhere, so a test run leaves the work tree as it was.
 */
export function screenshotPath(name: string): string | undefined {
  return process.env.KG_UPDATE_SCREENSHOTS === '1' ? `docs/${name}.png` : undefined;
}
