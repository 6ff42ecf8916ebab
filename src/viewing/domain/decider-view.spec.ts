import { FormatSettings } from '../../competition/match/match';
import { generateMatches } from '../../competition/play/generation';
import { bracketRoundsFor } from '../../competition/series/series';
import { TournamentPlay } from '../../competition/play/tournament-play';
import { countingIds, someParticipants } from '../../competition/testing/play-out';
import { presentTournamentSnapshot } from '../dto/snapshot.presenter';
import { ViewerPages } from '../dto/viewer-pages';
import { bracketSvg } from './svg';
import { deciderText } from './tournament-view';
import { buildTournamentView } from './view-builder';

const now = new Date('2026-05-01T18:00:00.000Z');
const options = { resetDependents: false, tournamentCompleted: false, now };

/** A cup of four: match 1 level 1–1, the second side through 4–2 on penalties; match 2 settled on a coin toss. */
function cup() {
  const settings: FormatSettings = { format: 'single_elimination', rounds: null, bracketRounds: bracketRoundsFor(4) };
  const participants = someParticipants(4);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const [m1, m2] = play.all();
  play.report(m1.id, { scores: [1, 1], winnerId: m1.opponents[1].participantId!, decider: { method: 'penalties', scores: [2, 4] } }, options);
  play.report(m2.id, { scores: [0, 0], winnerId: m2.opponents[0].participantId!, decider: { method: 'coin_toss' } }, options);
  const field = participants.map((participant, index) => ({ id: participant.id, name: `Team ${index + 1}`, seed: participant.seed, finalRank: null }));
  const facts = { name: 'Cup', description: null, game: 'Football', format: 'single_elimination' as const, status: 'in_progress' as const, startsAt: null, rounds: null };
  return buildTournamentView(facts, field, play.all(), play.standings());
}

describe('a decider on the viewer', () => {
  it('reads with the winner’s score first, and without scores for a coin toss', () => {
    const [m1, m2, final] = cup().matches;
    expect(deciderText(m1)).toBe('won 4–2 on penalties');
    expect(deciderText(m2)).toBe('won on a coin toss');
    expect(deciderText(final)).toBeNull();
    expect(deciderText({ ...m1, decider: { method: 'extra_time', scores: [2, 3] } })).toBe('won 3–2 after extra time');
    expect(deciderText({ ...m1, decider: { method: 'shootout', scores: null } })).toBe('won in a shootout');
  });

  it('is said under the match on the page, in the image’s title and in the JSON snapshot', () => {
    const view = cup();
    expect(new ViewerPages().tournament(view).content).toContain('<span class="decider">won 4–2 on penalties</span>');
    expect(bracketSvg(view)).toContain('<g><title>Match 1: won 4–2 on penalties</title>');
    const snapshot = presentTournamentSnapshot(view);
    expect(snapshot.matches[0]).toMatchObject({ opponents: [{ score: 1 }, { score: 1, result: 'win' }], decider: { method: 'penalties', scores: [2, 4], text: 'won 4–2 on penalties' } });
    expect(snapshot.matches[2].decider).toBeNull();
  });
});
