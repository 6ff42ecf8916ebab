import { aStagedTournament } from '../testing/a-staged-tournament-view';
import { layOutStages } from './stage-layout';
import { TournamentView } from './tournament-view';

const tableOf = (view: TournamentView, stage: string, label: string) =>
  view.stages!.find((one) => one.key === stage)!.groups.find((group) => group.label === label)!.rows.map((row) => `${row.rank} ${row.name} ${row.played} ${row.wins}-${row.draws}-${row.losses} ${row.points}`);

describe('a staged tournament’s view (issue 40)', () => {
  it('holds each stage by name with one table per group, its rows ranked as the stage’s standings rank them', () => {
    const cup = aStagedTournament();
    const started = cup.view();
    expect(started.stages!.map((stage) => [stage.key, stage.name, stage.status])).toEqual([
      ['groups', 'Group stage', 'in_progress'],
      ['knockout', 'Knockout', 'pending'],
    ]);
    // Snake seeding: A holds seeds 1, 4, 5, 8.
    expect(tableOf(started, 'groups', 'A').map((row) => row.split(' ').slice(1, 3).join(' '))).toEqual(['Team 1', 'Team 4', 'Team 5', 'Team 8']);
    expect(started.stages![1].groups.every((group) => group.rows.length === 0)).toBe(true);

    const played = cup.report(12);
    expect(tableOf(played, 'groups', 'A')).toEqual(['1 Team 1 3 3-0-0 9', '2 Team 4 3 2-0-1 6', '3 Team 5 3 1-0-2 3', '4 Team 8 3 0-0-3 0']);
    expect(tableOf(played, 'groups', 'B')).toEqual(['1 Team 2 3 3-0-0 9', '2 Team 3 3 2-0-1 6', '3 Team 6 3 1-0-2 3', '4 Team 7 3 0-0-3 0']);
    expect(played.stages!.map((stage) => stage.status)).toEqual(['completed', 'in_progress']);
  });

  it('lays a group stage out as its groups (table, then its matches round by round) and a knockout as a bracket with placeholders', () => {
    const [groups, knockout] = layOutStages(aStagedTournament().view());
    expect(groups.brackets).toBeNull();
    expect(groups.groups.map((group) => [group.key, group.title, group.rounds.map((round) => `${round.key}:${round.matches.length}`)])).toEqual([
      ['groups-A', 'Group A', ['groups-A-1:2', 'groups-A-2:2', 'groups-A-3:2']],
      ['groups-B', 'Group B', ['groups-B-1:2', 'groups-B-2:2', 'groups-B-3:2']],
    ]);
    for (const group of groups.groups) for (const round of group.rounds) for (const match of round.matches) expect(match.group).toBe(group.label);

    expect(knockout.groups).toEqual([]);
    expect(knockout.brackets!.map((section) => [section.key, section.title, section.current, section.rounds.map((round) => `${round.key} ${round.title}`)])).toEqual([
      ['knockout-main', 'Bracket', 'knockout-main-1', ['knockout-main-1 Semi-finals', 'knockout-main-2 Final']],
    ]);
    const semis = knockout.brackets![0].rounds[0].matches;
    expect(semis.map((match) => match.opponents.map((opponent) => opponent.placeholder))).toEqual([
      ['Winner Group A', 'Runner-up Group B'],
      ['Winner Group B', 'Runner-up Group A'],
    ]);
  });

  it('shows a swiss stage of one group as its table, with the rounds not paired yet still to come', () => {
    const swiss = [
      { key: 'swiss', name: 'Swiss', format: 'swiss', rounds: 3, advance: { top: 4 } },
      { key: 'top4', name: 'Top 4', format: 'single_elimination' },
    ];
    const [stage] = layOutStages(aStagedTournament(swiss, 8).view());
    expect(stage.groups.map((group) => [group.title, group.rows.length, group.rounds.map((round) => `${round.key}:${round.matches.length}`)])).toEqual([
      ['Table', 8, ['swiss-A-1:4', 'swiss-A-2:0', 'swiss-A-3:0']],
    ]);
  });

  it('fills the knockout with the qualifiers’ names once the groups are over', () => {
    const [, knockout] = layOutStages(aStagedTournament().report(12));
    expect(knockout.brackets![0].rounds[0].matches.map((match) => match.opponents.map((opponent) => opponent.name))).toEqual([
      ['Team 1', 'Team 3'],
      ['Team 2', 'Team 4'],
    ]);
  });
});
