import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocal, openRecordedPage, type PageRecording } from './browser';
import { pixelVariance } from './pixel-variance';
import { screenshotPath, startSeededApp, type SeededApp } from './seeded-app';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';
const UI_TIMEOUT = 60_000;

describe('the rivalry explorer', () => {
  let app: SeededApp;
  let page: Page;
  let recording: PageRecording;

  beforeAll(async () => {
    app = await startSeededApp();
    ({ page, recording } = await openRecordedPage(app.browser));
    // The defaults: Argentina v England, and the assists of the 2026 World Cup.
    await page.goto(`${app.baseUrl}/explore`);
  }, 300_000);
  afterAll(() => app?.stop());

  it(
    'draws the Argentina v England timeline, one mark per meeting coloured by result',
    { timeout: 120_000 },
    async () => {
      const semiFinal = page.locator(`.meeting-mark[data-meeting-id="${SEMI_FINAL}"]`);
      await semiFinal.waitFor({ timeout: UI_TIMEOUT });
      const marks = page.locator('.meeting-mark');
      const listed = page.locator('.meeting-list > li');
      expect(await marks.count()).toBeGreaterThanOrEqual(2);
      expect(await marks.count()).toBe(await listed.count());
      // Team A is Argentina, who won the semi-final 2-1.
      await expect(semiFinal.getAttribute('class')).resolves.toContain('result-win');
      await expect(semiFinal.locator('title').textContent()).resolves.toMatch(
        /2026 · Semi-final · England 1–2 Argentina/,
      );
      await expect(page.locator('.record').textContent()).resolves.toMatch(/Argentina \d+ wins?/);
      // The seeds name the 1986 winner but not the score: the API's record does not count it, nor does the page.
      const quarterFinal1986 = page.locator('.meeting-mark[data-meeting-id="wc-1986-men-quarter-final-argentina-v-england"]');
      await expect(quarterFinal1986.getAttribute('class')).resolves.toContain('result-unknown');
      await expect(page.locator('.record').textContent()).resolves.toContain('1 without a recorded score');
    },
  );

  it('lists the scorers, and shows a meeting on click', { timeout: 120_000 }, async () => {
    const semiFinalScorers = page.locator(`.meeting-list > li[data-meeting-id="${SEMI_FINAL}"] .scorer`);
    await expect(semiFinalScorers.allTextContents()).resolves.toEqual([
      "England: 55' Anthony Gordon, assisted by Morgan Rogers",
      "Argentina: 85' Enzo Fernández, assisted by Lionel Messi",
      "Argentina: 90+2' Lautaro Martínez, assisted by Lionel Messi",
    ]);
    await page.locator(`.meeting-mark[data-meeting-id="${SEMI_FINAL}"]`).click();
    await expect(page.locator('.meeting-detail').textContent()).resolves.toContain('2026 Semi-final');
    await expect(
      page.locator(`.meeting-mark[data-meeting-id="${SEMI_FINAL}"]`).getAttribute('class'),
    ).resolves.toContain('selected');

    const timeline = await page.locator('.timeline').screenshot();
    expect(pixelVariance(timeline)).toBeGreaterThan(100);
  });

  it('draws the 2026 assist network: players as nodes, assists as weighted arrows', { timeout: 120_000 }, async () => {
    const messi = page.locator('.player-node[data-player-id="lionel-messi"]');
    await messi.waitFor({ timeout: UI_TIMEOUT });
    for (const player of ['enzo-fernandez', 'lautaro-martinez', 'anthony-gordon', 'morgan-rogers']) {
      expect(await page.locator(`.player-node[data-player-id="${player}"]`).count(), player).toBe(1);
    }
    const edges = page.locator('.assist-edge');
    expect(await edges.count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator('.assist-edge title').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Lionel Messi → Enzo Fernández: 1 assist', 'Lionel Messi → Lautaro Martínez: 1 assist']),
    );

    const network = await page.locator('.assist-network').screenshot();
    expect(pixelVariance(network)).toBeGreaterThan(100);
    await page.screenshot({ path: screenshotPath('explorer'), fullPage: true });
  });

  it('offers the teams and tournaments of the graph in its pickers', { timeout: 120_000 }, async () => {
    await page.locator('#team-names option[value="England"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await expect(page.locator('#team-names option[value="Argentina"]').count()).resolves.toBe(1);
    await expect(page.locator('#assists-form select[name="year"] option').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['every World Cup', '2026', '1986']),
    );
  });

  it('redraws the network for another scope picked in the form', { timeout: 120_000 }, async () => {
    await page.locator('#assists-form select[name="year"]').selectOption('');
    await page.locator('#assists-form input[name="team"]').fill('England');
    await page.locator('#assists-form button[type="submit"]').click();
    await page
      .locator('#assists .status', { hasText: /assisted goals? for England at every World Cup/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await expect(page.locator('.player-node[data-player-id="morgan-rogers"]').count()).resolves.toBe(1);
    await expect(page.locator('.player-node[data-player-id="lionel-messi"]').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('team')).toBe('England');
  });

  it('sent no request off this machine and logged no error', () => {
    expect(recording.requests.filter((url) => !isLocal(url))).toEqual([]);
    expect(recording.errors).toEqual([]);
  });
});
