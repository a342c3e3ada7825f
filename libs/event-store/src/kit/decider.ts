/**
 * A stream's rules as pure functions: `decide` turns a command and the state into events (or throws a
 * refusal), `evolve` folds one event into the state. Time and ids come in with the command.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

/** What a command did: the events it appended (none when its effect had already happened) and the state after. */
export interface Decision<Event, State> {
  events: Event[];
  state: State;
}
