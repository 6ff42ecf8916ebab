import { isReported, Match, StagePlay } from '../../match/match';
import { DependentMatchesReportedError } from '../../match/match-errors';
import type { StandingRow } from '../../ranking/ranking';
import {
  firstStageGroups,
  FormatLookup,
  groupBench,
  groupField,
  groupsIn,
  groupSettings,
  groupTable,
  matchesOf,
  numberInPlayOrder,
  placeholderStage,
  qualifierPositions,
  sourcesInSeedOrder,
  stageIndexOf,
} from '../../stages/stage-play';
import { qualify, RankedRow, sourceKey } from '../../stages/qualifiers';
import { Format, PlayBench } from '../format';

/**
 * A tournament played as stages (issue 40, docs/stages.md): every group of every stage is run by its own format
 * through a view of the matches; when a stage's last match is in, its qualifiers fill the next stage's placeholder
 * slots in the same change. `formats` is the registry (passed in: the registry lists this format).
 */
export function multiStage(formats: FormatLookup): Format {
  const stagesOf = (bench: { settings: { stages?: StagePlay[] } }) => bench.settings.stages!;
  const stageOf = (bench: PlayBench, match: Match) => stagesOf(bench)[stageIndexOf(stagesOf(bench), match.stage)];
  const benchOf = (bench: PlayBench, match: Match) => groupBench(bench, stageOf(bench, match), match.group!, formats);
  const formatOfStage = (stage: StagePlay) => formats(stage.settings.format);

  /** Every group of a stage is over: no match open and its format complete. */
  const stageComplete = (bench: PlayBench, stage: StagePlay): boolean => {
    const matches = matchesOf(bench, stage.key, null);
    if (matches.length === 0 || matches.some((match) => match.status !== 'completed')) return false;
    return groupsIn(matches).every((group) => formatOfStage(stage).isComplete(groupBench(bench, stage, group, formats)));
  };

  /** The stage's tables, rows in order with the seed for comparisons across groups. */
  const tablesOf = (bench: PlayBench, stage: StagePlay): Map<string, RankedRow[]> => {
    const field = bench.field();
    const seeds = new Map(field.map((participant) => [participant.id, participant.seed]));
    const matches = matchesOf(bench, stage.key, null);
    return new Map(
      groupsIn(matches).map((group) => {
        const rows = groupTable(stage, field, matches.filter((match) => match.group === group), formats);
        return [group, rows.map((row: StandingRow) => ({ ...row, seed: seeds.get(row.participantId) ?? null }))];
      }),
    );
  };

  /** The next stage's placeholder slots hold these participants (null: back to waiting). */
  const fillNext = (bench: PlayBench, next: StagePlay, sources: Map<string, string> | null): void => {
    for (const match of matchesOf(bench, next.key, null)) {
      if (!match.opponents.some((opponent) => opponent.source)) continue;
      const wanted = match.opponents.map((opponent) => (opponent.source ? (sources?.get(sourceKey(opponent.source)) ?? null) : opponent.participantId));
      if (wanted.every((id, slot) => id === match.opponents[slot].participantId)) continue;
      const written = bench.write(match.id);
      written.opponents.forEach((opponent, slot) => {
        if (opponent.source) opponent.participantId = wanted[slot];
      });
      if (written.status !== 'completed' && written.status !== 'in_progress') written.status = written.opponents.every((opponent) => opponent.participantId !== null) ? 'ready' : 'pending';
    }
  };

  /** Whether the next stage already holds participants (it was filled) and which of its results are in. */
  const laterReported = (bench: PlayBench, from: number): Match[] => stagesOf(bench).slice(from).flatMap((stage) => matchesOf(bench, stage.key, null).filter((match) => isReported(match) || match.status === 'in_progress'));

  /** Draws the later stages again as at the start (their results cleared), keeping their match numbers. */
  const redraw = (bench: PlayBench, from: number, now: Date): void => {
    const stages = stagesOf(bench);
    for (let index = from; index < stages.length; index++) {
      const old = matchesOf(bench, stages[index].key, null).sort((a, b) => a.number - b.number);
      const first = old[0]?.number ?? bench.nextNumber();
      for (const match of old) bench.remove(match);
      const fresh = placeholderStage(stages[index], sourcesInSeedOrder(qualifierPositions(stages[index - 1], stages[index])), bench.newId, now, formats);
      for (const match of numberInPlayOrder(fresh, first)) bench.add(match);
    }
  };

  /**
   * After a change in a stage: when it is complete, its qualifiers fill the next stage; when they differ from those
   * already there and the next stage has results, those results are cleared only on request (reset_dependents).
   */
  const advanceFrom = (bench: PlayBench, index: number, now: Date): void => {
    const stages = stagesOf(bench);
    if (index >= stages.length - 1) return;
    const stage = stages[index];
    const next = stages[index + 1];
    const complete = stageComplete(bench, stage);
    const result = complete ? qualify(stage, tablesOf(bench, stage)) : null;
    const sources = result && 'sources' in result ? result.sources : null;
    const current = matchesOf(bench, next.key, null);
    const filledNow = current.some((match) => match.opponents.some((opponent) => opponent.source && opponent.participantId !== null));
    const changes = current.some((match) =>
      match.opponents.some((opponent) => opponent.source && opponent.participantId !== (sources?.get(sourceKey(opponent.source)) ?? null)),
    );
    if (!changes) return;
    if (filledNow) {
      const reported = laterReported(bench, index + 1);
      if (reported.length > 0) {
        if (!bench.resetDependents) throw new DependentMatchesReportedError(reported.sort((a, b) => a.number - b.number), false);
        redraw(bench, index + 1, now);
      }
    }
    fillNext(bench, next, sources);
    advanceFrom(bench, index + 1, now);
  };

  return {
    name: 'multi_stage',
    layout: 'rounds',
    drawsAllowed: true,
    reportsRanks: false,
    withdrawalTerms: { voidResults: false, forfeitScore: true },

    generate(settings, participants, newId, now) {
      const stages = settings.stages!;
      const first = stages[0];
      const format = formats(first.settings.format);
      const byId = new Map(participants.map((participant) => [participant.id, participant]));
      const opening = firstStageGroups(first, participants).flatMap(({ label, participantIds }) => {
        const members = participantIds.map((id) => byId.get(id)!);
        const ordered = participants.filter((participant) => participantIds.includes(participant.id));
        const matches = format.generate(groupSettings(first, members.length, formats), ordered, newId, now);
        for (const match of matches) Object.assign(match, { stage: first.key, group: label });
        return matches;
      });
      const all = numberInPlayOrder(opening, 1);
      for (let index = 1; index < stages.length; index++) {
        const later = placeholderStage(stages[index], sourcesInSeedOrder(qualifierPositions(stages[index - 1], stages[index])), newId, now, formats);
        all.push(...numberInPlayOrder(later, all.length + 1));
      }
      return all;
    },
    estimatedMatches(settings, count) {
      return settings.stages!.reduce((sum, stage) => sum + formats(stage.settings.format).estimatedMatches(stage.settings, Math.max(2, count)), 0);
    },
    roundsToPlay: () => null,
    roundsFixedAtStart: () => null,

    outcomeOf(match, report, withdrawn, settings) {
      const stage = settings!.stages!.find((one) => one.key === match.stage)!;
      return formats(stage.settings.format).outcomeOf(match, report, withdrawn, stage.settings);
    },
    // Within a group, as its stage's format says; a group's last result may move its stage on.
    quietWhileOpen(match, settings) {
      const stage = settings.stages!.find((one) => one.key === match.stage)!;
      const scope = formats(stage.settings.format).quietWhileOpen(match, stage.settings);
      return scope && { ...scope, stage: match.stage, group: match.group };
    },
    // A stage's last result may fill the next stage: the whole tournament is read.
    onwardTargets: () => null,
    moveOn(match, bench, now) {
      formatOfStage(stageOf(bench, match)).moveOn(match, benchOf(bench, match), now);
      advanceFrom(bench, stageIndexOf(stagesOf(bench), match.stage), now);
    },
    dependentsOf(match, bench) {
      return formatOfStage(stageOf(bench, match)).dependentsOf(match, benchOf(bench, match));
    },
    undo(match, bench) {
      formatOfStage(stageOf(bench, match)).undo(match, benchOf(bench, match));
    },
    needsField: () => true,

    applyWithdrawals(bench, withdrawals, now) {
      const stages = stagesOf(bench);
      stages.forEach((stage, index) => {
        for (const group of groupsIn(matchesOf(bench, stage.key, null))) formatOfStage(stage).applyWithdrawals(groupBench(bench, stage, group, formats), withdrawals, now);
        advanceFrom(bench, index, now);
      });
    },
    reinstate(participantId, afterMatchNumber, bench) {
      for (const stage of stagesOf(bench)) {
        for (const group of groupsIn(matchesOf(bench, stage.key, null))) {
          const view = groupBench(bench, stage, group, formats);
          if (groupField(bench.field(), view.live()).some((participant) => participant.id === participantId)) formatOfStage(stage).reinstate(participantId, afterMatchNumber, view);
        }
      }
    },
    afterFieldChange(bench, now) {
      for (const stage of stagesOf(bench)) {
        for (const group of groupsIn(matchesOf(bench, stage.key, null))) formatOfStage(stage).afterFieldChange(groupBench(bench, stage, group, formats), now);
      }
    },

    standings: (settings, participants, matches) => finalPlacement(settings.stages!, participants, matches, formats),
    reached(matches, field, settings) {
      const reached = new Map<string, string>();
      const stages = [...new Set(matches.map((match) => match.stage))];
      for (const key of stages) {
        const ofStage = matches.filter((match) => match.stage === key);
        const format = settings?.stages?.find((stage) => stage.key === key)?.settings.format;
        if (!format) continue;
        for (const group of groupsIn(ofStage)) {
          const inGroup = ofStage.filter((match) => match.group === group);
          for (const [id, words] of formats(format).reached(inGroup, field && groupField(field, inGroup))) reached.set(id, words);
        }
      }
      return reached;
    },
    isComplete(bench) {
      const stages = stagesOf(bench);
      return stageComplete(bench, stages[stages.length - 1]);
    },
  };
}

/**
 * The whole event's placement: the last stage's places first, then everyone else by the stage they went out in
 * (later stages first), then by their rank in their group, then by points, then seed. Level rows share a rank.
 */
export function finalPlacement(stages: StagePlay[], participants: import('../../match/match').SeededParticipant[], matches: Match[], formats: FormatLookup): StandingRow[] {
  const placed = new Set<string>();
  const seeds = new Map(participants.map((participant) => [participant.id, participant.seed]));
  const rows: { row: StandingRow; stage: number; groupRank: number }[] = [];
  for (let index = stages.length - 1; index >= 0; index--) {
    const stage = stages[index];
    const ofStage = matches.filter((match) => match.stage === stage.key);
    for (const group of groupsIn(ofStage)) {
      const table = groupTable(stage, participants, ofStage.filter((match) => match.group === group), formats);
      for (const row of table) {
        if (placed.has(row.participantId)) continue;
        placed.add(row.participantId);
        rows.push({ row, stage: index, groupRank: row.rank });
      }
    }
  }
  const last = stages.length - 1;
  const key = (entry: (typeof rows)[number]) => [-entry.stage, entry.groupRank, -entry.row.points, seeds.get(entry.row.participantId) ?? Number.POSITIVE_INFINITY];
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  };
  rows.sort(compare);
  const result: StandingRow[] = [];
  rows.forEach((entry, index) => {
    const level = index > 0 && (entry.stage === last ? rows[index - 1].stage === last && rows[index - 1].groupRank === entry.groupRank : compare(rows[index - 1], entry) === 0);
    result.push({ ...entry.row, rank: level ? result[index - 1].rank : index + 1 });
  });
  for (const participant of participants) {
    if (!placed.has(participant.id)) result.push({ rank: result.length + 1, participantId: participant.id, played: 0, wins: 0, draws: 0, losses: 0, points: 0, scoreFor: 0, scoreAgainst: 0, tiebreakers: [] });
  }
  return result;
}
