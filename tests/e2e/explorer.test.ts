import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocal, openRecordedPage, type PageRecording } from './browser';
import { expectDataCredits } from './data-credits';
import { pixelVariance } from './pixel-variance';
import { screenshotPath, startSeededApp, type SeededApp } from './seeded-app';

const SEMI_FINAL = 'wc-2026-men-semi-final-argentina-v-england';
const QUARTER_FINAL_1986 = 'wc-1986-men-quarter-final-argentina-v-england';
const UI_TIMEOUT = 60_000;
/** A friendly of the international results fixture, 2-2 at Wembley. */
const FRIENDLY_1974 = '1974-05-22-argentina-v-england';

/** Argentina v England meetings outside the World Cup in the fixture the app imports. */
function friendliesInFixture(): number {
  const rows = readFileSync(path.join(__dirname, '..', 'fixtures', 'international-results', 'results.csv'), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => row.split(',')).filter(([, home, away, , , competition]) =>
    [home, away].sort().join() === 'Argentina,England' && competition !== 'FIFA World Cup').length;
}

/** What the test reads of an SVG path in the page (the test project has no DOM types). */
interface SvgPath {
  getTotalLength(): number;
  getPointAtLength(length: number): { x: number; y: number };
  getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number } | null;
}

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
      // The seeds name the 1986 winner but not the score; the Fjelstul fixture imported over them gives
      // the 2-1, so the record counts it (a winner without a score is left out: analytics.unit.test.ts).
      const quarterFinal1986 = page.locator(`.meeting-mark[data-meeting-id="${QUARTER_FINAL_1986}"]`);
      await expect(quarterFinal1986.getAttribute('class')).resolves.toContain('result-win');
      await expect(page.locator('.record').textContent()).resolves.toMatch(/Argentina 2 wins, 0 draws, England 0 wins/);
      await expect(page.locator('.record').textContent()).resolves.not.toContain('without a recorded score');
    },
  );

  it(
    'switches the timeline to every competition and back: the friendlies join the World Cup meetings',
    { timeout: 120_000 },
    async () => {
      const worldCupMarks = await page.locator('.meeting-mark').count();
      await page.locator('#head-to-head-form select[name="scope"]').selectOption('ALL_MATCHES');
      const friendly = page.locator(`.meeting-mark[data-meeting-id="${FRIENDLY_1974}"]`);
      await friendly.waitFor({ timeout: UI_TIMEOUT });
      expect(friendliesInFixture()).toBeGreaterThan(0);
      await expect(page.locator('.meeting-mark').count()).resolves.toBe(worldCupMarks + friendliesInFixture());
      await expect(friendly.getAttribute('class')).resolves.toContain('result-draw');
      await expect(friendly.locator('title').textContent()).resolves.toBe('Friendly · England 2–2 Argentina');
      await expect(page.locator('.record').textContent()).resolves.toMatch(new RegExp(`^${worldCupMarks + friendliesInFixture()} meetings: `));
      expect(new URL(page.url()).searchParams.get('scope')).toBe('ALL_MATCHES');

      await page.locator('#head-to-head-form select[name="scope"]').selectOption('WORLD_CUP');
      await friendly.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await expect(page.locator('.meeting-mark').count()).resolves.toBe(worldCupMarks);
      await expect(page.locator('.record').textContent()).resolves.toMatch(new RegExp(`^${worldCupMarks} World Cup meetings: `));
      expect(new URL(page.url()).searchParams.get('scope')).toBeNull();
    },
  );

  it('credits the data sets as their licences ask, from the sources query', { timeout: 120_000 }, async () => {
    await expectDataCredits(page, app.baseUrl);
  });

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
      expect.arrayContaining([
        "Lionel Messi → Enzo Fernández: 1 assist\n2026 England v Argentina, 85'",
        "Lionel Messi → Lautaro Martínez: 1 assist\n2026 England v Argentina, 90+2'",
      ]),
    );

    const network = await page.locator('.assist-network').screenshot();
    expect(pixelVariance(network)).toBeGreaterThan(100);
    await page.screenshot({ path: screenshotPath('explorer'), fullPage: true });
  });

  it('offers the teams and tournaments of the graph in its pickers', { timeout: 120_000 }, async () => {
    await page.locator('#team-names option[value="England"]').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await expect(page.locator('#team-names option[value="Argentina"]').count()).resolves.toBe(1);
    await expect(page.locator('#assists-form select[name="years"] option').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['2026', '2018', '1986']),
    );
  });

  it('redraws the network for another scope picked in the form', { timeout: 120_000 }, async () => {
    await page.locator('#assists-form select[name="years"]').selectOption([]);
    await page.locator('#assists-form input[name="team"]').fill('England');
    await page.locator('#assists-form button[type="submit"]').click();
    await page
      .locator('#assists .status', { hasText: /assisted goals? for England at every World Cup/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await expect(page.locator('.player-node[data-player-id="morgan-rogers"]').count()).resolves.toBe(1);
    await expect(page.locator('.player-node[data-player-id="lionel-messi"]').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('team')).toBe('England');
  });

  it(
    'draws the Argentina network of 2018 and 2026 together, each pair with its matches and sources, beside the coverage',
    { timeout: 120_000 },
    async () => {
      await page.locator('#assists-form select[name="years"]').selectOption(['2018', '2026']);
      await page.locator('#assists-form input[name="team"]').fill('Argentina');
      await page.locator('#assists-form button[type="submit"]').click();
      await page
        .locator('#assists .status', { hasText: /assisted goals? for Argentina at the 2018 and 2026 World Cups/ })
        .waitFor({ timeout: UI_TIMEOUT });
      await expect(page.locator('.assist-edge title').allTextContents()).resolves.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Banega → Lionel Messi: 1 assist\n2018 Nigeria v Argentina, \d+'$/),
          "Lionel Messi → Enzo Fernández: 1 assist\n2026 England v Argentina, 85'",
        ]),
      );
      await expect(page.locator('.player-node[data-player-id="morgan-rogers"]').count()).resolves.toBe(0);
      const banegaToMessi = page.locator('.assist-links > li[data-scorer-id="lionel-messi"]');
      await expect(banegaToMessi.locator('.assist-goals li').getAttribute('data-match-id')).resolves.toBe(
        'wc-2018-men-group-stage-argentina-v-nigeria',
      );
      // The goal's sources: Fjelstul records the goal, Wyscout the goal and its assist.
      await expect(banegaToMessi.locator('.source').allTextContents()).resolves.toEqual([
        'The Fjelstul World Cup Database',
        'Wyscout soccer match event dataset (Pappalardo et al.): 2018 FIFA World Cup',
      ]);
      // A curved arrow's middle is off its bounding box's centre, where Playwright would click.
      const arrow = page.locator('.assist-edge[data-scorer-id="lionel-messi"] path');
      await arrow.scrollIntoViewIfNeeded();
      const middle = await arrow.evaluate((element) => {
        const path = element as unknown as SvgPath;
        const point = path.getPointAtLength(path.getTotalLength() / 2);
        const matrix = path.getScreenCTM()!;
        return { x: point.x * matrix.a + point.y * matrix.c + matrix.e, y: point.x * matrix.b + point.y * matrix.d + matrix.f };
      });
      await page.mouse.click(middle.x, middle.y);
      await expect(banegaToMessi.getAttribute('class')).resolves.toContain('selected');
      await expect(page.locator('#assists .coverage-list li').allTextContents()).resolves.toEqual([
        expect.stringMatching(/^2026: assist data for 2 of 2 goals \(Report on Argentina 2-1 England/),
        expect.stringMatching(/^2018: assist data for 2 of 2 goals \(.*Wyscout/),
      ]);
      expect(new URL(page.url()).searchParams.get('years')).toBe('2018,2026');
    },
  );

  it('says "no assist data" for a World Cup whose sources do not record assists', { timeout: 120_000 }, async () => {
    await page.locator('#assists-form select[name="years"]').selectOption(['1986']);
    await page.locator('#assists-form input[name="team"]').fill('');
    await page.locator('#assists-form button[type="submit"]').click();
    await page.locator('#assists .status', { hasText: /^No assist/ }).waitFor({ timeout: UI_TIMEOUT });
    await expect(page.locator('#assists .status').textContent()).resolves.toBe(
      'No assist data for the 1986 World Cup: the sources do not record assists there.',
    );
    await expect(page.locator('#assists .coverage-list li').allTextContents()).resolves.toEqual([
      '1986: no assist data (3 goals not covered)',
    ]);
    await expect(page.locator('.assist-edge').count()).resolves.toBe(0);
  });

  it('shows both starting XIs and the substitutes of the 1986 quarter-final when its mark is clicked', { timeout: 120_000 }, async () => {
    await page.locator(`.meeting-mark[data-meeting-id="${QUARTER_FINAL_1986}"]`).click();
    const argentina = page.locator('.line-up[data-team-id="argentina-men"]');
    const england = page.locator('.line-up[data-team-id="england-men"]');
    await argentina.locator('table.starters').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.locator('.line-up h3').allTextContents()).resolves.toEqual(['Argentina', 'England']);
    await expect(argentina.locator('table.starters .line-up-player').count()).resolves.toBe(11);
    await expect(england.locator('table.starters .line-up-player').count()).resolves.toBe(11);
    const cells = (row: ReturnType<Page['locator']>) => row.locator('td').allTextContents();
    // The fixture sends Maradona off at 88' (its test of red cards), which ends his minutes there.
    await expect(cells(argentina.locator('.line-up-player[data-player-id="diego-maradona"]'))).resolves.toEqual([
      '10',
      'Diego Maradona',
      'MF',
      "88'",
    ]);
    await expect(cells(argentina.locator('table.substitutes .line-up-player'))).resolves.toEqual([
      '20',
      'Carlos Tapia',
      'MF',
      "15'",
    ]);
    await expect(england.locator('table.substitutes .line-up-player td:nth-child(2)').allTextContents()).resolves.toEqual([
      'Chris Waddle',
      'John Barnes',
    ]);
    await expect(cells(england.locator('.line-up-player', { hasText: 'Peter Reid' }))).resolves.toEqual([
      '16',
      'Peter Reid',
      'MF',
      "69'",
    ]);
  });

  it(
    "lists the semi-final's claims with the report's figure, the graph's, the verdict, coverage, sources and evidence",
    { timeout: 120_000 },
    async () => {
      await page.locator(`.meeting-mark[data-meeting-id="${SEMI_FINAL}"]`).click();
      const claims = page.locator('#head-to-head .claims');
      const assists = claims.locator('.claim[data-claim-id="claim-messi-semi-final-assists"]');
      await assists.waitFor({ timeout: UI_TIMEOUT });
      expect(new URL(page.url()).searchParams.get('match')).toBe(SEMI_FINAL);
      await expect(claims.locator('.claims-summary').textContent()).resolves.toMatch(/^14 claims about this match: /);

      // Messi set up both Argentina goals: the report's 2, the graph's 2, confirmed by the two goals.
      await expect(assists.locator('.claim-statement').textContent()).resolves.toMatch(/^Messi set up both of Argentina's goals/);
      await expect(assists.locator('.stated .figure-value').textContent()).resolves.toBe('2');
      await expect(assists.locator('.computed .figure-value').textContent()).resolves.toBe('2');
      await expect(assists.locator('.verdict').textContent()).resolves.toBe('Confirmed');
      await expect(assists.getAttribute('class')).resolves.toContain('verdict-confirmed');
      // Both reports state it.
      await expect(assists.locator('.claim-sources .source').allTextContents()).resolves.toEqual([
        expect.stringMatching(/^Report on Argentina 2-1 England, 2026 World Cup semi-final: goals/),
        expect.stringMatching(/^Report on Argentina 2-1 England, 2026 World Cup semi-final: line-ups/),
      ]);
      await expect(assists.locator('.evidence-summary').textContent()).resolves.toBe('2 facts counted');
      await assists.locator('.evidence-summary').click();
      const goals = assists.locator('.claim-evidence li');
      await expect(goals.evaluateAll((items) => items.map((item) => item.getAttribute('data-evidence-id')))).resolves.toEqual([
        `${SEMI_FINAL}-goal-2`,
        `${SEMI_FINAL}-goal-3`,
      ]);
      await expect(goals.locator('.evidence-description').allTextContents()).resolves.toEqual([
        "85' Enzo Fernández · 2026-07-15 · 2026 Semi-final · England 1–2 Argentina",
        "90+2' Lautaro Martínez · 2026-07-15 · 2026 Semi-final · England 1–2 Argentina",
      ]);
      await expect(goals.first().locator('a').getAttribute('href')).resolves.toBe(
        `?teamA=England&teamB=Argentina&match=${SEMI_FINAL}`,
      );

      // 12 World Cup assists stated; the graph holds only the 2018 (Wyscout) and seeded 2026 ones.
      const careerAssists = claims.locator('.claim[data-claim-id="claim-messi-world-cup-assists"]');
      await expect(careerAssists.locator('.stated .figure-value').textContent()).resolves.toBe('12');
      await expect(careerAssists.locator('.verdict').textContent()).resolves.toBe('Partial data');
      await expect(careerAssists.locator('.claim-coverage').allTextContents()).resolves.toEqual([
        expect.stringMatching(/^assists: complete for .*; incomplete for .*2026/),
      ]);

      // The winless run counts every competition: the fixture's international results hold only a
      // 1974 friendly and the 1986 win before the semi-final, so the graph counts no meeting since.
      const winlessRun = claims.locator('.claim[data-claim-id="claim-argentina-winless-run-v-england-ended"]');
      await expect(winlessRun.locator('.computed .figure-value').textContent()).resolves.toBe('0');
      // Partial data, not contradicted: the fixture does not hold every result of those years.
      await expect(winlessRun.locator('.verdict').textContent()).resolves.toBe('Partial data');
      await expect(winlessRun.locator('.evidence-summary').textContent()).resolves.toBe('1 fact counted');
      await winlessRun.locator('.evidence-summary').click();
      await expect(winlessRun.locator('.claim-evidence li').evaluateAll((items) => items.map((item) => item.getAttribute('data-evidence-id'))))
        .resolves.toEqual([QUARTER_FINAL_1986]);

      const panel = await claims.screenshot({ path: screenshotPath('explorer-claims') });
      expect(pixelVariance(panel)).toBeGreaterThan(100);
    },
  );

  it('opens a counted goal\'s link on its head-to-head with the match selected and its claims shown', { timeout: 120_000 }, async () => {
    await page.locator('.claim[data-claim-id="claim-messi-semi-final-assists"] .claim-evidence li a').first().click();
    // The page so far showed Argentina v England; the link opens the match from its home side.
    await page.waitForURL((url) => url.searchParams.get('teamA') === 'England', { timeout: UI_TIMEOUT });
    await page.locator('.claim[data-claim-id="claim-messi-semi-final-assists"]').waitFor({ timeout: UI_TIMEOUT });
    const address = new URL(page.url()).searchParams;
    expect([address.get('teamA'), address.get('teamB'), address.get('match')]).toEqual(['England', 'Argentina', SEMI_FINAL]);
    await expect(
      page.locator(`.meeting-mark[data-meeting-id="${SEMI_FINAL}"]`).getAttribute('class'),
    ).resolves.toContain('selected');
  });

  it('sent no request off this machine and logged no error', () => {
    expect(recording.requests.filter((url) => !isLocal(url))).toEqual([]);
    expect(recording.errors).toEqual([]);
  });
});
