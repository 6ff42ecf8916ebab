import { NewEvent } from '../events';
import { StageSettings } from '../competition';
import { Tournament } from '../tournaments';

/** stage.completed and stage.started (issue 40) for each stage whose status moved from `before` to `after`. */
export function stageEvents(tournament: Tournament, before: readonly StageSettings[], after: readonly StageSettings[]): NewEvent[] {
  const event = (type: 'stage.completed' | 'stage.started', stage: StageSettings): NewEvent => ({
    accountId: tournament.accountId,
    type,
    tournamentId: tournament.id,
    leagueId: tournament.leagueId,
    data: { tournament_id: tournament.id, stage: stage.key, name: stage.name, status: stage.status },
  });
  return after.flatMap((stage, index) => [
    ...(stage.status === 'completed' && before[index].status !== 'completed' ? [event('stage.completed', stage)] : []),
    ...(before[index].status === 'pending' && stage.status !== 'pending' ? [event('stage.started', stage)] : []),
  ]);
}
