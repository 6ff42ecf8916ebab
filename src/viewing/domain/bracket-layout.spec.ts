import { aTournamentView } from '../testing/a-tournament-view';
import { layOut } from './bracket-layout';

describe('the round a viewer opens on', () => {
  it('is the first round of a bracket that has just started', () => {
    const [main] = layOut(aTournamentView({ format: 'single_elimination', count: 16 }));
    expect(main.current).toBe('main-1');
  });

  it('is the earliest round with a match that can be played, once the first round is done', () => {
    const view = aTournamentView({ format: 'single_elimination', count: 8 });
    for (const match of view.matches.filter((candidate) => candidate.round === 1)) match.status = 'completed';
    for (const match of view.matches.filter((candidate) => candidate.round === 2)) match.status = 'ready';
    const [main] = layOut(view);
    expect(main.current).toBe('main-2');
  });

  it('is the last round when everything is played, in each bracket of a double elimination', () => {
    const sections = layOut(aTournamentView({ format: 'double_elimination', count: 8, progress: 'played' }));
    for (const section of sections) expect(section.current).toBe(section.rounds.at(-1)!.key);
  });

  it('is a round waiting for its opponents when no match can be played yet (the other bracket is ahead)', () => {
    const view = aTournamentView({ format: 'double_elimination', count: 8 });
    const losers = layOut(view).find((section) => section.key === 'losers')!;
    expect(losers.current).toBe('losers-1');
  });

  it('is the last round played in a swiss whose next round is not paired yet', () => {
    const view = aTournamentView({ format: 'swiss', count: 8 });
    for (const match of view.matches) match.status = 'completed';
    const [main] = layOut({ ...view, plannedRounds: 3 });
    expect(main.rounds.map((round) => round.matches.length > 0)).toEqual([true, false, false]);
    expect(main.current).toBe('main-1');
  });
});

describe('the sections a bracket is drawn in', () => {
  it('shows a single elimination’s third-place match in a section of its own, after the bracket', () => {
    const sections = layOut(aTournamentView({ format: 'single_elimination', count: 8, thirdPlaceMatch: true, progress: 'played' }));
    expect(sections.map((section) => [section.key, section.title])).toEqual([
      ['main', 'Bracket'],
      ['third_place', 'Third-place match'],
    ]);
    const [third] = sections[1].rounds;
    expect(third.title).toBe('Third-place match');
    expect(third.matches).toHaveLength(1);
    expect(third.matches[0].opponents.every((opponent) => opponent.name !== null)).toBe(true);
  });
});

