import type { Decider } from '@arena/event-store';

export type { Decider };

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Given/when/then for pure deciders: `given(past events).when(command).then(expected events)`, or
 * `.thenThrows(ErrorClass, message?)` for a refusal. Use `then([])` for "stays quiet".
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: readonly Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState));
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorClass: ErrorClass, message?: string | RegExp) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              if (message !== undefined) expect((thrown as Error).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
