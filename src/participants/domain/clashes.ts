import { FieldProblem } from '../../kernel/domain-error';
import { Participant } from './participant';
import { ExternalIdTakenError, ParticipantNameTakenError, SeedTakenError } from './participant-errors';

export type ClashError = ParticipantNameTakenError | SeedTakenError | ExternalIdTakenError;

export function isClash(error: unknown): error is ClashError {
  return error instanceof ParticipantNameTakenError || error instanceof SeedTakenError || error instanceof ExternalIdTakenError;
}

/**
 * The store refused new participants for a clash with registered ones and said only which rule: the same error,
 * now pointing at every new item's clashing field (`pointerOf(2)` + `/name`), so a client can fix its batch.
 */
export function locateClashes(error: ClashError, registered: Pick<Participant, 'name' | 'nameKey' | 'seed' | 'externalId'>[], incoming: Participant[], pointerOf: (index: number) => string): ClashError {
  const names = new Map(registered.map((participant) => [participant.nameKey, participant.name]));
  const seeds = new Set(registered.map((participant) => participant.seed).filter((seed) => seed !== null));
  const externalIds = new Set(registered.map((participant) => participant.externalId).filter((id) => id !== null));
  const clashes: FieldProblem[] = [];
  incoming.forEach((participant, index) => {
    const taken = names.get(participant.nameKey);
    if (taken !== undefined) clashes.push({ pointer: `${pointerOf(index)}/name`, detail: `"${taken}" is already registered (names are compared ignoring case, look-alike and invisible characters).` });
    if (participant.seed !== null && seeds.has(participant.seed)) clashes.push({ pointer: `${pointerOf(index)}/seed`, detail: `seed ${participant.seed} is already taken.` });
    if (participant.externalId !== null && externalIds.has(participant.externalId)) {
      clashes.push({ pointer: `${pointerOf(index)}/external_id`, detail: 'this external_id is already registered.' });
    }
  });
  if (clashes.length === 0) return error; // registered ones changed since: the plain error is all there is to say
  const ErrorKind = error.constructor as new (clashes: FieldProblem[]) => ClashError;
  return new ErrorKind(clashes);
}
