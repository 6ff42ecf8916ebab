import { ConflictError, InvalidError, NotFoundError } from '../../kernel/domain-error';

/** A start whose first stage cannot fill its groups (issue 40): who has no group, which group is too small. */
export class GroupsNotFillableError extends ConflictError {
  constructor(problems: { participantId?: string; group?: string; detail: string }[]) {
    super('groups_not_fillable', `The first stage's groups cannot be filled: ${problems.map((problem) => problem.detail).join(' ')}`, {
      participants: problems.flatMap((problem) => (problem.participantId ? [{ id: problem.participantId, detail: problem.detail }] : [])),
      groups: problems.flatMap((problem) => (problem.participantId ? [] : [{ group: problem.group, detail: problem.detail }])),
    });
  }
}

export class StageNotFoundError extends NotFoundError {
  constructor() {
    super('The stage');
  }
}

export class StageNotAwaitingDecisionError extends ConflictError {
  constructor(key: string, status: string) {
    super('stage_not_awaiting_decision', `Stage ${key} is ${status}: a decision orders rows tied across a cut, once its last match is in.`);
  }
}

export class DecisionRowsNotTiedError extends InvalidError {
  constructor(pointer: string, detail: string) {
    super([{ pointer, detail }], 'decision_rows_not_tied', 'The decision must order exactly the rows tied across the cut.');
  }
}
