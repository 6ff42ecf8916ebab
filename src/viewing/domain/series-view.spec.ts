import { FormatSettings } from '../../competition/match/match';
import { generateMatches } from '../../competition/play/generation';
import { bracketRoundsFor } from '../../competition/series/series';
import { TournamentPlay } from '../../competition/play/tournament-play';
import { countingIds, someParticipants } from '../../competition/testing/play-out';
import { presentTournamentSnapshot } from '../dto/snapshot.presenter';
import { changedParts, ViewerPages } from '../dto/viewer-pages';
import { bracketSvg } from './svg';
import { buildTournamentView } from './view-builder';

const now = new Date('2026-05-01T18:00:00.000Z');
const options = { resetDependents: false, tournamentCompleted: false, now };
const fourGames = [{ scores: [11, 7] }, { scores: [9, 11] }, { scores: [11, 4] }, { scores: [11, 9] }];

/** A table tennis cup of four, best of five: match 1 won 3–1, match 2 under way (one game each time `games` grows). */
function cup(secondMatchGames: number) {
  const settings: FormatSettings = { format: 'single_elimination', rounds: null, bestOf: 5, bracketRounds: bracketRoundsFor(4) };
  const participants = someParticipants(4);
  const newId = countingIds();
  const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
  const [m1, m2] = play.all();
  play.report(m1.id, { games: fourGames }, options);
  if (secondMatchGames > 0) play.report(m2.id, { games: fourGames.slice(0, secondMatchGames) }, options);
  const field = participants.map((participant, index) => ({ id: participant.id, name: `Player ${index + 1}`, seed: participant.seed, finalRank: null }));
  const facts = { name: 'Table tennis cup', description: null, game: 'Table tennis', format: 'single_elimination' as const, status: 'in_progress' as const, startsAt: null, rounds: null };
  return buildTournamentView(facts, field, play.all(), play.standings());
}

describe('a series on the viewer', () => {
  const pages = new ViewerPages();

  it('shows the games won as the score and the games on demand: a tap opens them, the title is the tooltip', () => {
    const html = pages.tournament(cup(2)).content;
    expect(html).toContain('<details class="games"><summary title="11–7, 9–11, 11–4, 11–9">4 games</summary><ol><li>11–7</li><li>9–11</li><li>11–4</li><li>11–9</li></ol></details>');
    expect(html).toMatch(/<span class="score">3<\/span>.*<span class="score">1<\/span>/s);
    expect(html).toMatch(/<li id="v-m-2" class="match match-in_progress" aria-label="Match 2"[^>]*>/);
    expect(html).toContain('<summary title="11–7, 9–11">Live: game 3</summary>');
  });

  it('updates a live series game by game: the next game changes its match', () => {
    const parts = changedParts(pages.tournament(cup(1)).parts, pages.tournament(cup(2)).parts);
    expect(parts.map((part) => part.id)).toContain('v-m-2');
    expect(parts.find((part) => part.id === 'v-m-2')!.html).toContain('title="11–7, 9–11"');
  });

  it('puts the games in the image’s title and in the JSON snapshot, with each game’s winner by opponent index', () => {
    expect(bracketSvg(cup(0))).toContain('<g><title>Match 1: games 11–7, 9–11, 11–4, 11–9</title>');
    const snapshot = presentTournamentSnapshot(cup(2));
    expect(snapshot.matches[0]).toMatchObject({
      status: 'completed',
      outcome: null,
      opponents: [{ score: 3 }, { score: 1 }],
      games: [
        { scores: [11, 7], winner_index: 0 },
        { scores: [9, 11], winner_index: 1 },
        { scores: [11, 4], winner_index: 0 },
        { scores: [11, 9], winner_index: 0 },
      ],
    });
    expect(snapshot.matches[1]).toMatchObject({ status: 'in_progress', games: [{}, {}] });
    expect(snapshot.standings.find((row) => row.name === 'Player 1')).toMatchObject({ games_won: 3, games_lost: 1 });
  });

  it('names an outcome not played out', () => {
    const settings: FormatSettings = { format: 'round_robin', rounds: null, bestOf: 3 };
    const participants = someParticipants(3);
    const newId = countingIds();
    const play = new TournamentPlay(settings, participants, generateMatches(settings, participants, newId, now), newId);
    const [m1] = play.all();
    play.report(m1.id, { outcome: 'retired', winnerId: m1.opponents[1].participantId!, games: [{ scores: [11, 3] }] }, options);
    const field = participants.map((participant, index) => ({ id: participant.id, name: `P${index + 1}`, seed: participant.seed, finalRank: null }));
    const view = buildTournamentView({ name: 'League', description: null, game: null, format: 'round_robin', status: 'in_progress', startsAt: null, rounds: null }, field, play.all(), play.standings());
    expect(pages.tournament(view).content).toContain('<span class="outcome">Retired</span>');
    expect(pages.tournament(view).content).toContain('<th scope="col">Games</th>');
    expect(presentTournamentSnapshot(view).matches[0]).toMatchObject({ outcome: 'retired' });
  });
});
