import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';
import { Organiser } from './viewing/shared-tournaments';

jest.setTimeout(60_000);

/** Issue 42: the walk-through's correction step, as written, works once the next match has been reported. */
describe('docs/walkthrough.md, correcting a result', () => {
  let testApp: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
  });

  afterAll(() => testApp?.close());

  it('shows the preview with reset_dependents and the PATCH with it, and both work after the next match is reported', async () => {
    const walkthrough = readFileSync(join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
    expect(walkthrough).toContain('/matches/$MATCH/preview?reset_dependents=true');
    expect(walkthrough).toContain('-X PATCH "$BASE_URL/api/v1/tournaments/$TOURNAMENT/matches/$MATCH?reset_dependents=true"');
    expect(walkthrough).not.toContain('corrected by reporting again.');

    const organiser = new Organiser(() => testApp.http, () => owner);
    const tournament = await organiser.tournament('single_elimination', 4);
    const as = { token: owner.token };
    const [first, second] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    await organiser.report(tournament.base, first, { scores: [2, 1] });
    await organiser.report(tournament.base, second, { scores: [2, 1] });
    const final = (await organiser.matches(tournament.base)).find((match) => match.status === 'ready')!;
    await organiser.report(tournament.base, final, { scores: [2, 0] });

    // Reporting the first match again, as the walk-through once said, is refused now.
    const again = await testApp.http.patch(`${tournament.base}/matches/${first.id}`, { scores: [1, 2] }, as);
    expectProblem(again, 409, 'dependent_matches_reported');

    const preview = await testApp.http.post(`${tournament.base}/matches/${first.id}/preview?reset_dependents=true`, { scores: [1, 2] }, as);
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as { cleared_matches: { id: string }[] }).cleared_matches.map((match) => match.id)).toEqual([final.id]);
    expect((await organiser.matches(tournament.base)).find((match) => match.id === final.id)?.status).toBe('completed');

    const corrected = await testApp.http.patch(`${tournament.base}/matches/${first.id}?reset_dependents=true`, { scores: [1, 2] }, as);
    expect(corrected.statusCode).toBe(200);
    const after = await organiser.matches(tournament.base);
    expect(after.find((match) => match.id === first.id)?.opponents.map((opponent) => opponent.score)).toEqual([1, 2]);
    expect(after.find((match) => match.id === final.id)?.status).toBe('ready');
  });
});
