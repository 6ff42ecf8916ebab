/*
 * A stage's status (issue 40) from its matches: `pending` until its slots are filled, `in_progress` while matches are
 * open, `awaiting_decision` when its play is over but a tie across a cut kept the next stage waiting, `completed`.
 */
import type { StageStatus } from './stage-settings';
import type { Match } from '../match/match';

export function stageStatuses(stages: readonly { key: string }[], matches: readonly Match[], tournamentComplete: boolean): StageStatus[] {
  const byStage = new Map<string, Match[]>(stages.map((stage) => [stage.key, []]));
  for (const match of matches) if (match.stage !== null) byStage.get(match.stage)?.push(match);
  const filled = (key: string) => byStage.get(key)!.some((match) => match.opponents.some((opponent) => opponent.participantId !== null));
  return stages.map((stage, index) => {
    const own = byStage.get(stage.key)!;
    if (own.length === 0 || !filled(stage.key)) return 'pending';
    const waitingSlots = own.some((match) => match.opponents.some((opponent) => opponent.source && opponent.participantId === null));
    if (waitingSlots || own.some((match) => match.status !== 'completed')) return 'in_progress';
    const next = stages[index + 1];
    if (!next) return tournamentComplete ? 'completed' : 'in_progress';
    const nextFilled = byStage.get(next.key)!.every((match) => match.opponents.every((opponent) => !opponent.source || opponent.participantId !== null));
    return nextFilled ? 'completed' : 'awaiting_decision';
  });
}
