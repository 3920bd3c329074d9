import type { ActorLogic, AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject, InspectionEvent } from "xstate";
import { TestModel, adjacencyMapToArray, getAdjacencyMap, getStateNodes } from "xstate/graph";
import type { Step, TestPath } from "xstate/graph";

/**
 * The generated-paths walk the machine tests share: xstate/graph finds every
 * reachable snapshot (told apart by `serializeState`, moved by `events`); each
 * one's shortest path, then each edge out of it (that path plus one event),
 * is handed to `replay`, which runs it on a real actor and asserts. `xstate/graph`
 * keeps one snapshot per serialized state, reached first by a shortest path,
 * so a replayed edge starts where the model's did.
 */

export interface GraphWalk<TSnapshot, TEvent> {
  readonly events: (snapshot: TSnapshot) => TEvent[];
  readonly serializeState: (snapshot: TSnapshot) => string;
}

export type Replay<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> = (steps: Step<TSnapshot, TEvent>[], label: string) => Promise<void>;

export async function replayEveryEdge<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  machine: ActorLogic<TSnapshot, TEvent, TInput>,
  input: TInput,
  walk: GraphWalk<TSnapshot, TEvent>,
  replay: Replay<TSnapshot, TEvent>,
): Promise<{ readonly paths: ReadonlyArray<TestPath<TSnapshot, TEvent>>; readonly edges: number }> {
  const paths = new TestModel<TSnapshot, TEvent, TInput>(machine, walk).getShortestPaths({ input, allowDuplicatePaths: true });
  const pathTo = new Map(paths.map((path) => [walk.serializeState(path.state), path]));
  for (const path of paths) await replay(path.steps, path.description);
  let edges = 0;
  for (const { state: from, event, nextState } of adjacencyMapToArray(getAdjacencyMap<TSnapshot, TEvent, TInput>(machine, { input, ...walk }))) {
    const path = pathTo.get(walk.serializeState(from));
    if (path === undefined) throw new Error(`no path to ${walk.serializeState(from)}`);
    await replay([...path.steps, { event, state: nextState }], `${path.description}, then ${event.type}`);
    edges += 1;
  }
  return { paths, edges };
}

/** Every transition the machine defines, eventless (`always`) ones included. */
export const definedTransitions = (machine: AnyStateMachine): AnyTransitionDefinition[] =>
  [machine.root, ...getStateNodes(machine.root)].flatMap((stateNode) => [...stateNode.transitions.values(), ...(stateNode.always ?? [])].flat());

/** An actor's `inspect` that adds every transition it takes to `covered`. */
export const recordTransitions =
  (covered: Set<AnyTransitionDefinition>) =>
  (inspection: InspectionEvent): void => {
    if (inspection.type === "@xstate.microstep") for (const transition of inspection._transitions) covered.add(transition);
  };

/** "source --event-->" for each transition no walk took. */
export const untaken = (machine: AnyStateMachine, covered: ReadonlySet<AnyTransitionDefinition>): string[] =>
  definedTransitions(machine)
    .filter((transition) => !covered.has(transition))
    .map((transition) => `${transition.source.id} --${transition.eventType || "always"}-->`);
