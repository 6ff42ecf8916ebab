import { Injectable } from '@nestjs/common';
import { newId } from '../kernel/ids';
import { Tournament } from '../tournaments';
import { StageSettings } from '../competition';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { EventLog } from '../events';
import { FieldEntry } from '../participants';
import { Match, StagePlay } from '../competition';
import { MatchRepository, recordsOf } from './domain/match.repository';
import { stageEvents } from './stage-events';
import { TournamentPlay } from '../competition';
import { formatOf } from '../competition';
import { groupField, groupsIn, groupTable } from '../competition';
import { qualify, RankedRow, TieAtCut } from '../competition';
import { DecisionRowsNotTiedError, StageNotAwaitingDecisionError, StageNotFoundError } from '../competition';
import { stageStatuses } from '../competition';
import { FieldOfPlay, TournamentsInPlay } from './play-ports';
import { seeded, settingsOf } from './play-settings';
import { withdrawalTermsOf } from './withdrawal-terms';
import { StandingsRefreshes } from './domain/standings-refreshes';

/** A stage as GET …/stages shows it: its groups with their tables, and once known its qualifiers or the tie it waits on. */
export interface StageView {
  stage: StageSettings;
  groups: { label: string; participants: FieldEntry[]; table: RankedRow[] }[];
  /** The k-th placed rows across groups, where `advance.best` is set and the stage's play is over. */
  best: RankedRow[] | null;
  qualifiers: { participantId: string; source: Record<string, string | number> }[] | null;
  tie: TieAtCut | null;
}

export interface StageDecisionRequest {
  group: string | null;
  order: string[];
  reason: string;
}

/** Stages of a multi_stage tournament (issue 40): what each holds, its tables, and organisers' decisions on ties. */
@Injectable()
export class StagesService {
  constructor(
    private readonly tournaments: TournamentsInPlay,
    private readonly participants: FieldOfPlay,
    private readonly matches: MatchRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventLog,
    private readonly refreshes: StandingsRefreshes,
  ) {}

  async list(accountId: string, tournamentId: string): Promise<{ tournament: Tournament; views: StageView[] }> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    return { tournament, views: await this.viewsOf(tournament) };
  }

  async one(accountId: string, tournamentId: string, key: string): Promise<{ tournament: Tournament; view: StageView }> {
    const tournament = await this.tournaments.get(accountId, tournamentId);
    if (!tournament.stages?.some((stage) => stage.key === key)) throw new StageNotFoundError();
    const view = (await this.viewsOf(tournament)).find((one) => one.stage.key === key)!;
    return { tournament, view };
  }

  /** The field as entries by id, and every stage's view, from the stored matches. */
  private async viewsOf(tournament: Tournament): Promise<StageView[]> {
    if (!tournament.stages) return [];
    const [field, matches] = await Promise.all([this.participants.inSeedingOrder(tournament.accountId, tournament.id), this.matches.allOf(tournament.accountId, tournament.id)]);
    return stageViews(tournament, field, matches);
  }

  /**
   * An organiser orders rows tied across a cut: kept with the stage, applied at once (the next stage fills in the
   * same transaction), and shown in the standings as `organiser_decision`.
   */
  async decide(accountId: string, tournamentId: string, key: string, request: StageDecisionRequest): Promise<{ tournament: Tournament; view: StageView }> {
    await this.unitOfWork.run(async () => {
      const tournament = await this.tournaments.lockForPlay(accountId, tournamentId);
      const index = tournament.stages?.findIndex((stage) => stage.key === key) ?? -1;
      if (index < 0) throw new StageNotFoundError();
      const stage = tournament.stages![index];
      if (stage.status !== 'awaiting_decision') throw new StageNotAwaitingDecisionError(key, stage.status);
      const [field, all] = await Promise.all([this.participants.inSeedingOrder(accountId, tournamentId), this.matches.allOf(accountId, tournamentId)]);
      const view = stageViews(tournament, field, all)[index];
      const tie = view.tie!;
      if (request.group !== tie.group) throw new DecisionRowsNotTiedError('/group', `the tie waiting for a decision is in ${tie.group === null ? 'the table of the best of the rest (send group null)' : `group ${tie.group}`}.`);
      const tied = new Set(tie.participantIds);
      if (request.order.length !== tied.size || new Set(request.order).size !== tied.size || request.order.some((id) => !tied.has(id))) {
        throw new DecisionRowsNotTiedError('/order', `must name each of the tied rows once: ${tie.participantIds.join(', ')}.`);
      }
      const decided = { group: request.group, order: request.order, reason: request.reason, decidedAt: new Date().toISOString() };
      tournament.stages = tournament.stages!.map((one) => (one.key === key ? { ...one, decisions: [...one.decisions.filter((kept) => kept.group !== decided.group), decided] } : one));
      // The decision moves play on: the next stage fills as if the last report had just come in.
      const now = new Date();
      const settings = settingsOf(tournament);
      const withdrawals = withdrawalTermsOf(await this.participants.withdrawnIn(accountId, tournamentId));
      const play = new TournamentPlay(settings, seeded(field), all, () => newId(now.getTime()), withdrawals);
      const changes = play.settle(now);
      const byId = new Map(all.map((match) => [match.id, match]));
      await this.matches.write(recordsOf(accountId, tournamentId, byId, changes, now));
      const statuses = stageStatuses(tournament.stages, play.all(), changes.complete);
      const before = tournament.stages;
      const next = before.map((one, at) => ({ ...one, status: statuses[at] }));
      await this.tournaments.recordStagesByPlay(tournament, next);
      await this.events.append(...stageEvents(tournament, before, next));
      await this.refreshes.request(accountId, tournamentId);
    });
    return this.one(accountId, tournamentId, key);
  }
}

/** Every stage's groups, tables, and (once its play is over) qualifiers or the tie it waits on. */
export function stageViews(tournament: Tournament, field: FieldEntry[], matches: readonly Match[]): StageView[] {
  const stages = settingsOf(tournament).stages!;
  const entries = new Map(field.map((entry) => [entry.id, entry]));
  const field_ = seeded(field);
  const seeds = new Map(field.map((entry) => [entry.id, entry.seed]));
  return tournament.stages!.map((stage, index) => {
    const play: StagePlay = stages[index];
    const ofStage = matches.filter((match) => match.stage === stage.key);
    const tables = new Map<string, RankedRow[]>();
    const groups = groupsIn(ofStage).map((label) => {
      const inGroup = ofStage.filter((match) => match.group === label);
      const table = groupTable(play, field_, inGroup, formatOf).map((row) => ({ ...row, seed: seeds.get(row.participantId) ?? null }));
      tables.set(label, table);
      return { label, participants: groupField(field_, inGroup).map((one) => entries.get(one.id)!), table };
    });
    const over = stage.status === 'completed' || stage.status === 'awaiting_decision';
    const result = over && play.advance ? qualify(play, tables) : null;
    if (result && 'sources' in result) {
      for (const group of groups) group.table = result.ranked.get(group.label) ?? group.table;
    }
    return {
      stage,
      groups,
      best: result && 'ranked' in result ? (result.ranked.get('') ?? null) : null,
      qualifiers: result && 'sources' in result ? [...result.sources].filter(([key]) => !key.startsWith('seed:')).map(([key, participantId]) => ({ participantId, source: sourceOf(stage.key, key) })) : null,
      tie: result && 'tie' in result ? result.tie : null,
    };
  });
}

function sourceOf(stage: string, key: string): Record<string, string | number> {
  const best = /^best(\d+):(\d+)$/.exec(key);
  if (best) return { stage, best: Number(best[1]), rank: Number(best[2]) };
  const group = /^([A-Z]+)(\d+)$/.exec(key)!;
  return { stage, group: group[1], place: Number(group[2]) };
}
