import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocal, openRecordedPage, type PageRecording } from './browser';
import { expectDataCredits } from './data-credits';
import { pixelVariance } from './pixel-variance';
import { screenshotPath, startSeededApp, type SeededApp } from './seeded-app';

// GraphiQL's editor starts three workers and introspects the schema before it is usable.
const UI_TIMEOUT = 60_000;

describe('the GraphiQL playground', () => {
  let app: SeededApp;
  let page: Page;
  let recording: PageRecording;

  beforeAll(async () => {
    app = await startSeededApp();
    ({ page, recording } = await openRecordedPage(app.browser));
  }, 300_000);
  afterAll(() => app?.stop());

  it('loads from this server alone and shows the schema docs', { timeout: 120_000 }, async () => {
    await page.goto(`${app.baseUrl}/graphiql`);
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.getByText('Root Types').waitFor({ timeout: UI_TIMEOUT });
    await docs.getByRole('link', { name: 'Query', exact: true }).click();
    await docs.getByText('The record between two teams').waitFor({ timeout: UI_TIMEOUT });
    // Every example opens as a tab on a first visit.
    await expect(page.locator('.graphiql-tab').count()).resolves.toBeGreaterThanOrEqual(7);
  });

  it('runs an example query from the picker and shows its result', { timeout: 120_000 }, async () => {
    await page.getByRole('button', { name: 'Show Example queries' }).click();
    await page.locator('[data-example="01-semi-final-in-full"]').click();
    await page.locator('.graphiql-query-editor').getByText('SemiFinalInFull').first().waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.graphiql-execute-button').click();
    const response = page.locator('.graphiql-response');
    await response.getByText('2026-07-15').first().waitFor({ timeout: UI_TIMEOUT });
    await expect(response.textContent()).resolves.toContain('Semi-final');

    const screenshot = await page.screenshot({ path: screenshotPath('playground') });
    expect(pixelVariance(screenshot)).toBeGreaterThan(100);
  });

  it('credits the data sets as their licences ask, from the sources query', { timeout: 120_000 }, async () => {
    await expectDataCredits(page, app.baseUrl);
  });

  it('is what a browser gets on GET /graphql', { timeout: 120_000 }, async () => {
    await page.goto(`${app.baseUrl}/graphql`);
    await page.locator('.graphiql-container').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.title()).resolves.toContain('GraphQL playground');
  });

  it('sent no request off this machine and logged no error', () => {
    expect(recording.requests.length).toBeGreaterThan(5);
    expect(recording.requests.filter((url) => !isLocal(url))).toEqual([]);
    expect(recording.errors).toEqual([]);
  });
});
