/**
 * What the model walks of the wizards (onboarding-walks.ts,
 * valuation-walks.ts) share: a walk as the page must follow it, and the
 * shortest way through a machine's graph to a state still to be shown.
 */

export interface WalkStep<Event, Expected> {
  readonly event: Event;
  readonly expected: Expected;
}
export interface Walk<Event, Expected> {
  readonly name: string;
  readonly start: Expected;
  readonly steps: readonly WalkStep<Event, Expected>[];
}

export interface Edge<Event, Snapshot> {
  readonly event: Event;
  readonly state: Snapshot;
}
/** Serialized state → serialized event → where it leads. */
export type Adjacency<Event, Snapshot> = ReadonlyMap<string, ReadonlyMap<string, Edge<Event, Snapshot>>>;

/**
 * The shortest run of edges (as [state, event] keys) from `from` to a state
 * `wanted` accepts (breadth first), or null when none is reachable. `from`
 * itself is not a candidate.
 */
export function pathTo<Event, Snapshot>(
  adjacency: Adjacency<Event, Snapshot>,
  serialize: (snapshot: Snapshot) => string,
  from: string,
  wanted: (state: string) => boolean,
): ReadonlyArray<readonly [string, string]> | null {
  const cameFrom = new Map<string, readonly [string, string] | null>([[from, null]]);
  const queue = [from];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    if (state !== from && wanted(state)) {
      const path: Array<readonly [string, string]> = [];
      for (let at = cameFrom.get(state); at != null; at = cameFrom.get(at[0])) path.unshift(at);
      return path;
    }
    for (const [edge, next] of adjacency.get(state) ?? []) {
      const target = serialize(next.state);
      if (!cameFrom.has(target)) {
        cameFrom.set(target, [state, edge]);
        queue.push(target);
      }
    }
  }
  return null;
}
