/**
 * A status lifecycle from its table of allowed moves: which targets each status may move to.
 * A status with no targets is terminal.
 */
export interface StateMachine<S extends string> {
  allowedTransitions(from: S): readonly S[];
  canTransition(from: S, to: S): boolean;
  isTerminal(status: S): boolean;
}

export function stateMachine<S extends string>(transitions: Record<S, readonly S[]>): StateMachine<S> {
  return {
    allowedTransitions: (from) => transitions[from],
    canTransition: (from, to) => transitions[from].includes(to),
    isTerminal: (status) => transitions[status].length === 0,
  };
}
