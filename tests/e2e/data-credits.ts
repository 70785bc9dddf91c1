import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const UI_TIMEOUT = 60_000;

/**
 * The page's "About the data" panel lists every data set the graph's `sources` query names, each
 * with its licence and attribution, opened by a click on its summary.
 */
export async function expectDataCredits(page: Page, baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ sources { title kind licence attribution } }' }),
  });
  const { data } = (await response.json()) as { data: { sources: Array<{ title: string; kind: string; licence: string | null; attribution: string | null }> } };
  const dataSets = data.sources.filter((source) => source.kind === 'DATASET');
  expect(dataSets.map((source) => source.title).join()).toMatch(/Fjelstul/);

  const summary = page.locator('#data-credits summary');
  await summary.waitFor({ timeout: UI_TIMEOUT });
  await expect(summary.textContent()).resolves.toContain(`About the data: ${dataSets.length} data sets`);
  await summary.click();
  const items = page.locator('#data-credits li');
  await expect(items.count()).resolves.toBe(dataSets.length);
  const text = await page.locator('#data-credits').textContent();
  for (const source of dataSets) {
    expect(text).toContain(source.title);
    if (source.licence) expect(text).toContain(source.licence);
    if (source.attribution) expect(text).toContain(source.attribution);
  }
}
