import { formatOf } from '../../competition';
import type { StageStatus } from '../../competition';
import { BracketSection, layOut, RoundColumn } from './bracket-layout';
import { TournamentView, ViewMatch, ViewStage, ViewStandingRow } from './tournament-view';

/** One group of a round-based stage: its table and its matches round by round. */
export interface GroupPanel {
  /** `groups-A`: the stage's key and the label, stable across states (the ids of its table, rows and rounds). */
  key: string;
  label: string;
  /** "Group A"; "Table" for a stage of one group (swiss → top 8). */
  title: string;
  rows: ViewStandingRow[];
  rounds: RoundColumn[];
}

/** A stage of a multi_stage tournament as the page shows it (issue 40). */
export interface StageSection {
  key: string;
  name: string;
  status: StageStatus;
  /** An elimination stage: its brackets, drawn as a one-format bracket is (keys prefixed by the stage). Else null. */
  brackets: BracketSection[] | null;
  /** A round-based stage (round robin, swiss, free-for-all): its groups. Empty for an elimination stage. */
  groups: GroupPanel[];
}

/** Labels in label order (A … Z, AA …), as the stages' read model orders them. */
function byLabel(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function labelsOf(stage: ViewStage, matches: ViewMatch[]): string[] {
  const labels = new Set(stage.groups.map((group) => group.label));
  for (const match of matches) if (match.group !== null) labels.add(match.group);
  return [...labels].sort(byLabel);
}

/** A bracket section of one stage (and group): its keys and rounds prefixed, so two stages' rounds never share an id. */
function prefixed(section: BracketSection, prefix: string, titlePrefix: string): BracketSection {
  return {
    key: `${prefix}-${section.key}`,
    title: `${titlePrefix}${section.title}`,
    rounds: section.rounds.map((round) => ({ ...round, key: `${prefix}-${round.key}` })),
    current: `${prefix}-${section.current}`,
  };
}

function bracketsOf(view: TournamentView, stage: ViewStage, matches: ViewMatch[], labels: string[]): BracketSection[] {
  const several = labels.length > 1;
  return labels.flatMap((label) => {
    const own = { ...view, format: stage.format, plannedRounds: null, matches: matches.filter((match) => match.group === label) };
    return layOut(own).map((section) => prefixed(section, several ? `${stage.key}-${label}` : stage.key, several ? `Group ${label} · ` : ''));
  });
}

function groupsOf(stage: ViewStage, matches: ViewMatch[], labels: string[]): GroupPanel[] {
  return labels.map((label) => {
    const key = `${stage.key}-${label}`;
    const rows = stage.groups.find((group) => group.label === label)?.rows ?? [];
    const byRound = new Map<number, ViewMatch[]>();
    for (const match of matches) {
      if (match.group !== label) continue;
      const round = byRound.get(match.round);
      if (round) round.push(match);
      else byRound.set(match.round, [match]);
    }
    // Rounds not paired yet (swiss) show as still to come once the group is filled.
    const planned = rows.length > 0 && byRound.size > 0 ? (formatOf(stage.format).roundsToPlay({ rounds: stage.rounds }, rows.length) ?? 0) : 0;
    for (let round = 1; round <= planned; round++) if (!byRound.has(round)) byRound.set(round, []);
    const rounds = [...byRound.keys()].sort((a, b) => a - b).map((round) => ({ key: `${key}-${round}`, title: `Round ${round}`, matches: byRound.get(round)! }));
    return { key, label, title: labels.length > 1 ? `Group ${label}` : 'Table', rows, rounds };
  });
}

/** Each stage in play order: an elimination stage as its brackets, a round-based one as its groups' tables and rounds. */
export function layOutStages(view: TournamentView): StageSection[] {
  return (view.stages ?? []).map((stage) => {
    const matches = view.matches.filter((match) => match.stage === stage.key);
    const labels = labelsOf(stage, matches);
    const bracket = formatOf(stage.format).layout === 'bracket';
    return {
      key: stage.key,
      name: stage.name,
      status: stage.status,
      brackets: bracket ? bracketsOf(view, stage, matches, labels) : null,
      groups: bracket ? [] : groupsOf(stage, matches, labels),
    };
  });
}

/** The sections a page draws as brackets (with a round a viewer may open on, `?round=`): a staged tournament's are its elimination stages'. */
export function bracketSectionsOf(view: TournamentView): BracketSection[] {
  return view.stages ? layOutStages(view).flatMap((stage) => stage.brackets ?? []) : layOut(view);
}
