import { ConflictError, InvalidError } from './domain-error';

/**
 * A status lifecycle from its table of allowed moves: which targets each status may move to.
 * A status with no targets is terminal.
 */
export interface StateMachine<S extends string> {
  allowedTransitions(from: S): readonly S[];
  canTransition(from: S, to: S): boolean;
  isTerminal(status: S): boolean;
  /** The fewest moves from one status to another, as a client would make them (test builders reach a status so). */
  pathBetween(from: S, to: S): S[];
}

export function stateMachine<S extends string>(transitions: Record<S, readonly S[]>): StateMachine<S> {
  return {
    allowedTransitions: (from) => transitions[from],
    canTransition: (from, to) => transitions[from].includes(to),
    isTerminal: (status) => transitions[status].length === 0,
    pathBetween: (from, to) => shortestPath(transitions, from, to),
  };
}

function shortestPath<S extends string>(transitions: Record<S, readonly S[]>, from: S, to: S): S[] {
  const paths = new Map<S, S[]>([[from, []]]);
  for (const [status, path] of paths) {
    if (status === to) return path;
    for (const next of transitions[status]) if (!paths.has(next)) paths.set(next, [...path, next]);
  }
  throw new Error(`No transitions lead from ${from} to ${to}`);
}

/**
 * The status rules every resource with a lifecycle applies: it starts in one of its initial statuses
 * (else 422 on `/status`), and it moves only along its table (else 409 `invalid_state_transition`).
 */
export interface Lifecycle<S extends string> extends StateMachine<S> {
  readonly initialStatuses: readonly S[];
  /** The status a new resource takes: the one asked for, `draft` when none was. */
  checkInitial(status: S | undefined): S;
  /** Throws the resource's transition error when `to` is another status that `from` may not move to. */
  checkMove(from: S, to: S): void;
}

export interface LifecycleRules<S extends string> {
  /** `league`: how the 422 on a new resource's status names it. */
  noun: string;
  transitions: Record<S, readonly S[]>;
  initialStatuses: readonly S[];
  refusal: (from: S, to: S, allowed: readonly S[]) => Error;
}

export function lifecycle<S extends string>(rules: LifecycleRules<S>): Lifecycle<S> {
  const machine = stateMachine(rules.transitions);
  return {
    ...machine,
    initialStatuses: rules.initialStatuses,
    checkInitial(status) {
      const initial = status ?? ('draft' as S);
      if (!rules.initialStatuses.includes(initial)) {
        throw InvalidError.field('/status', `a new ${rules.noun} starts as ${rules.initialStatuses.join(' or ')}.`);
      }
      return initial;
    },
    checkMove(from, to) {
      if (to !== from && !machine.canTransition(from, to)) throw rules.refusal(from, to, machine.allowedTransitions(from));
    },
  };
}

/** 409 `invalid_state_transition`: the status asked for is not one the current status may move to. */
export class InvalidTransitionError<S extends string> extends ConflictError {
  /** `subject`: the resource in its current status, as a sentence starts (`An active league`). */
  constructor(subject: string, from: S, to: S, allowed: readonly S[]) {
    super(
      'invalid_state_transition',
      allowed.length === 0 ? `${subject} cannot change status; it is final.` : `${subject} cannot move to ${to}. Allowed: ${allowed.join(', ')}.`,
      { current_status: from, requested_status: to, allowed_transitions: [...allowed] },
    );
  }
}
