import { presentStageSettings } from '../../competition';
import type { FieldEntry } from '../../participants';
import type { RankedRow } from '../../competition';
import type { StageView } from '../stages.service';
import { presentTotals } from './standing-row.presenter';
import { placeholderOf } from './stage-source.presenter';
import type { StageSource } from '../../competition';

type Names = ReadonlyMap<string, FieldEntry>;

/** A stage's table row: rank inside its group (or in the best-of-the-rest table), with the group it belongs to. */
export function presentStageRow(row: RankedRow, group: string | null, names: Names) {
  return {
    group,
    rank: row.rank,
    participant_id: row.participantId,
    name: names.get(row.participantId)?.name ?? null,
    seed: row.seed,
    ...presentTotals(row),
    tiebreakers: row.tiebreakers,
  };
}

/** A stage as GET …/stages/{key} shows it (issue 40). */
export function presentStage(view: StageView, names: Names) {
  return {
    ...presentStageSettings(view.stage),
    groups: view.groups.map((group) => ({
      label: group.label,
      participants: group.participants.map((entry) => ({ id: entry.id, name: entry.name, seed: entry.seed })),
    })),
    qualifiers:
      view.qualifiers &&
      view.qualifiers.map((qualifier) => ({
        participant_id: qualifier.participantId,
        name: names.get(qualifier.participantId)?.name ?? null,
        source: qualifier.source,
        placeholder: placeholderOf(qualifier.source as StageSource),
      })),
    awaiting_decision: view.tie && {
      group: view.tie.group,
      cut: view.tie.cut,
      rows: view.tie.participantIds.map((id) => ({ participant_id: id, name: names.get(id)?.name ?? null })),
    },
    decisions: view.stage.decisions.map((decision) => ({ group: decision.group, order: decision.order, reason: decision.reason, decided_at: decision.decidedAt })),
  };
}

/** GET …/standings?stage=KEY: every group's table in group order, and the best-of-the-rest table where `best` is set. */
export function presentStageStandings(view: StageView, names: Names) {
  return {
    data: view.groups.flatMap((group) => group.table.map((row) => presentStageRow(row, group.label, names))),
    best: view.best && view.best.map((row) => presentStageRow(row, null, names)),
  };
}
