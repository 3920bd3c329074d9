/**
 * An XState v5 machine as a Mermaid `stateDiagram-v2` (issue 24), read from
 * the machine's own state nodes, never drawn by hand. Pure: a machine in,
 * text out, the same text for the same definition (states and transitions
 * in the definition's order, which XState keeps).
 *
 * How XState maps to Mermaid:
 * - A compound state is a composite state (`state "label" as id { ... }`)
 *   with `[*] --> child` for its initial child; a parallel state is a
 *   composite whose regions are separated by `--` (a parallel machine's
 *   regions stand side by side: Mermaid has no `--` at the top); a final
 *   state gets `--> [*]` inside its parent; a history state is `H` (`H*`
 *   when deep) with an arrow to its default target.
 * - Every state is declared `state "key" as id`: the box shows the state's
 *   key, the id is its path joined by `_` with anything but letters and
 *   digits replaced by `_` (Mermaid ids take no dots or dashes), made unique
 *   and kept clear of Mermaid's keywords and of the ids it gives `[*]`.
 * - A transition is an arrow labelled `event [guard]`: `after <delay>` for a
 *   delayed transition (`xstate.after.<delay>.<id>`), `done <actor>` /
 *   `error <actor>` for an invoked actor's onDone/onError (Mermaid's labels
 *   take no colon), `always` for an eventless one. Guards by name, static
 *   params in parentheses (`isValid(step=1)`), `and(...)`/`or(...)`/
 *   `not(...)`; an unguarded branch after guarded ones is `[else]`;
 *   `(reenter)` marks a transition that exits and re-enters its target.
 * - A transition without a target (actions only: the state stays) is a
 *   line inside its state's box, as UML writes internal transitions. Mermaid
 *   takes no such lines on a composite, so a composite's (and the machine's
 *   own, handled in every state) go in a box "in every state" inside it (for
 *   a parallel state, a compartment of its own). A state's loops share one
 *   arrow, labels one under the other (Mermaid draws loops over each other).
 * Entry and exit actions are not drawn.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";

/** One transition as the diagram and the tables show it. */
export interface TransitionView {
  readonly source: AnyStateNode;
  /** `kyb.open`, `after successClose`, `done submitKyb`, `always`, ... */
  readonly event: string;
  /** The guard's label, `else` for an unguarded branch after guarded ones, or null. */
  readonly guard: string | null;
  /** Empty: no target, the state stays. */
  readonly targets: readonly AnyStateNode[];
  readonly reenter: boolean;
}

/** Every state node, the root first, then depth first in the definition's order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of childrenOf(node)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states);

/** The state's path from the root, dotted (`ready.paid`); the root is `#<machine id>`. */
export const statePath = (node: AnyStateNode): string => (node.path.length === 0 ? `#${node.id}` : node.path.join("."));

// ---------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------

/**
 * Text Mermaid takes in a label: no `:`, `;` or `#` (they end a label or
 * start a comment), no `%%` (a comment), no line breaks, and never
 * "direction TB|BT|RL|LR", which Mermaid reads anywhere in a line.
 */
export function labelText(text: string): string {
  return text
    .replace(/[:;#\r\n]+/g, " ")
    .replace(/%%+/g, "%")
    .replace(/(direction)\s+(tb|bt|rl|lr)\b/gi, "$1_$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** A state's label inside `state "..." as id`: no double quotes. */
const stateLabel = (text: string): string => labelText(text).replace(/"/g, "'");

const PRIMITIVE = new Set(["string", "number", "boolean"]);

function paramsLabel(params: unknown): string {
  if (params === undefined || typeof params === "function") return "";
  if (params === null || typeof params !== "object") return `(${String(params)})`;
  const entries = Object.entries(params).map(([key, value]) => `${key}=${value === null || PRIMITIVE.has(typeof value) ? String(value) : "..."}`);
  return entries.length === 0 ? "" : `(${entries.join(", ")})`;
}

/** A guard by name: `isPaid`, `isValid(step=1)`, `and(a, not(b))`, `in(state)`. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") {
    const combined = (guard as { guards?: unknown }).guards;
    if (Array.isArray(combined)) return `${guard.name}(${combined.map(guardLabel).join(", ")})`;
    const stateValue = (guard as { stateValue?: unknown }).stateValue;
    if (stateValue !== undefined) return `in(${typeof stateValue === "string" ? stateValue : JSON.stringify(stateValue)})`;
    return guard.name === "" || guard.name === "guard" ? "inline guard" : guard.name;
  }
  if (guard !== null && typeof guard === "object" && "type" in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return `${guardLabel(type)}${paramsLabel(params)}`;
  }
  return "inline guard";
}

function delayLabel(delay: unknown): string {
  if (typeof delay === "number") return `${delay}ms`;
  if (typeof delay === "string") return delay;
  if (typeof delay === "function" && delay.name !== "") return delay.name;
  return "delay";
}

/** The name an invoked actor goes by: its `src` in `setup({ actors })`, else its id. */
function actorLabel(node: AnyStateNode, index: number): string {
  const invoke = node.invoke[index];
  if (invoke === undefined) return "actor";
  const generated = `${index}.${node.id}`;
  if (typeof invoke.src === "string" && invoke.src !== `xstate.invoke.${generated}`) return invoke.src;
  return invoke.id === generated ? "inline actor" : invoke.id;
}

function eventLabel(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  if (type.startsWith("xstate.after.") && "delay" in transition) return `after ${delayLabel(transition.delay)}`;
  if (type === `xstate.done.state.${node.id}`) return "done";
  for (const [index, invoke] of node.invoke.entries()) {
    if (type === `xstate.done.actor.${invoke.id}`) return `done ${actorLabel(node, index)}`;
    if (type === `xstate.error.actor.${invoke.id}`) return `error ${actorLabel(node, index)}`;
    if (type === `xstate.snapshot.${invoke.id}`) return `snapshot ${actorLabel(node, index)}`;
  }
  if (type === "xstate.route") return "route";
  return type;
}

/** The transitions a state node defines: eventless ones first, then by event in the definition's order. */
export function transitionsOf(node: AnyStateNode): TransitionView[] {
  const groups: Array<{ event: string; transitions: readonly AnyTransitionDefinition[] }> = [];
  if (node.always !== undefined && node.always.length > 0) groups.push({ event: "always", transitions: node.always });
  for (const transitions of node.transitions.values()) {
    const first = transitions[0];
    if (first !== undefined) groups.push({ event: eventLabel(node, first), transitions });
  }
  return groups.flatMap(({ event, transitions }) =>
    transitions.map((transition, index) => ({
      source: node,
      event,
      guard: transition.guard !== undefined ? guardLabel(transition.guard) : index > 0 ? "else" : null,
      targets: transition.target ?? [],
      reenter: transition.reenter,
    })),
  );
}

/** `event [guard] (reenter)`, ready for Mermaid. */
export function transitionLabel(view: TransitionView): string {
  const guard = view.guard === null ? "" : ` [${view.guard}]`;
  return labelText(`${view.event}${guard}${view.reenter ? " (reenter)" : ""}`);
}

// ---------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------

/** Ids Mermaid's state grammars (jison, and the Chevrotain one replacing it) read as keywords, or keep for the top level. */
const RESERVED = /^(default|statediagram|(state|note|class|classdef|style|scale|direction|hide|click|href|root)$)/i;

const idSegment = (key: string): string => key.replace(/[^A-Za-z0-9]/g, "_") || "_";

const isComposite = (node: AnyStateNode): boolean => node.type === "compound" || node.type === "parallel";

/** A composite (or the machine) that handles events without leaving: they go in a box of its own. */
const hasStayingTransitions = (node: AnyStateNode): boolean =>
  (node.parent === undefined || isComposite(node)) && transitionsOf(node).some((view) => view.targets.length === 0);

interface Ids {
  /** Every state node but the root. */
  readonly states: ReadonlyMap<AnyStateNode, string>;
  /** The "in every state" box of a composite or of the machine (the root). */
  readonly boxes: ReadonlyMap<AnyStateNode, string>;
}

function allocateIds(machine: AnyStateMachine): Ids {
  const wanted: Array<{ node: AnyStateNode; box: boolean; base: string }> = [];
  for (const node of stateNodesOf(machine)) {
    const path = node.path.map(idSegment).join("_");
    if (node.parent !== undefined) wanted.push({ node, box: false, base: path });
    if (hasStayingTransitions(node)) wanted.push({ node, box: true, base: path === "" ? "every_state" : `${path}_every_state` });
  }
  const safe = (base: string): string => (RESERVED.test(base) ? `s_${base}` : base);
  // Mermaid names the [*] of a composite `<id>_start` / `<id>_end` (of the top level, `root_...`).
  const marks = (id: string): string[] => [`${id}_start`, `${id}_end`];
  const taken = new Set(marks("root"));
  for (const { node, box, base } of wanted) if (!box && isComposite(node)) for (const mark of marks(safe(base))) taken.add(mark);
  const states = new Map<AnyStateNode, string>();
  const boxes = new Map<AnyStateNode, string>();
  for (const { node, box, base } of wanted) {
    const composite = !box && isComposite(node);
    const free = (id: string): boolean => !taken.has(id) && (!composite || id === safe(base) || marks(id).every((mark) => !taken.has(mark)));
    let id = safe(base);
    for (let n = 2; !free(id); n += 1) id = `${safe(base)}_${n}`;
    taken.add(id);
    if (composite) for (const mark of marks(id)) taken.add(mark);
    (box ? boxes : states).set(node, id);
  }
  return { states, boxes };
}

/** The Mermaid id of every state node but the root. */
export const mermaidIds = (machine: AnyStateMachine): ReadonlyMap<AnyStateNode, string> => allocateIds(machine).states;

/** The Mermaid id of the "in every state" box of each composite (and of the machine, the root) that has one. */
export const everyStateBoxIds = (machine: AnyStateMachine): ReadonlyMap<AnyStateNode, string> => allocateIds(machine).boxes;

/** The label of an "in every state" box. */
export const EVERY_STATE = "in every state";

// ---------------------------------------------------------------------------
// The diagram
// ---------------------------------------------------------------------------

const INDENT = "  ";

/** The default target of a history state, as XState resolves it. */
function historyTarget(node: AnyStateNode): AnyStateNode | undefined {
  const parent = node.parent;
  if (parent === undefined) return undefined;
  const configured: unknown = node.config.target;
  const target = Array.isArray(configured) ? configured[0] : configured;
  if (typeof target === "string") {
    if (target.startsWith("#")) return node.machine.getStateNodeById(target);
    let found: AnyStateNode | undefined = parent;
    for (const key of target.split(".")) found = found?.states[key];
    return found;
  }
  return parent.type === "compound" ? parent.initial.target[0] : undefined;
}

/** The machine as a Mermaid `stateDiagram-v2`, one statement a line, ending in a newline. */
export function toMermaid(machine: AnyStateMachine): string {
  const { states: ids, boxes } = allocateIds(machine);
  const idOf = (node: AnyStateNode): string => {
    const id = ids.get(node);
    if (id === undefined) throw new Error(`${machine.id}: ${node.id} is the machine itself, which the diagram does not draw as a state`);
    return id;
  };
  const lines = ["stateDiagram-v2"];
  // One arrow per transition and target, except loops: a state's loops are one arrow with their labels one under the other (Mermaid draws a state's loops over each other).
  const arrows: Array<{ readonly from: string; readonly to: string; readonly labels: string[] }> = [];
  const arrow = (from: string, to: string, label: string | null): void => {
    const loop = from === to ? arrows.find((other) => other.from === from && other.to === to) : undefined;
    if (loop !== undefined && label !== null) loop.labels.push(label);
    else arrows.push({ from, to, labels: label === null ? [] : [label] });
  };

  /** The lines of the box listing what `node` handles without leaving (a composite's or the machine's). */
  const everyStateBox = (node: AnyStateNode, pad: string): string[] => {
    const id = boxes.get(node);
    if (id === undefined) return [];
    const stays = transitionsOf(node).filter((view) => view.targets.length === 0);
    return [`${pad}state "${EVERY_STATE}" as ${id}`, ...stays.map((view) => `${pad}${id} : ${transitionLabel(view)}`)];
  };

  const declareChildren = (parent: AnyStateNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    const children = childrenOf(parent);
    if (parent.type !== "parallel") {
      const initial = parent.initial.target[0];
      if (initial !== undefined) lines.push(`${pad}[*] --> ${idOf(initial)}`);
    }
    const box = everyStateBox(parent, pad);
    lines.push(...box);
    children.forEach((child, at) => {
      // Mermaid takes `--` only inside a composite: a parallel machine's regions stand side by side.
      if (parent.type === "parallel" && parent.parent !== undefined && (at > 0 || box.length > 0)) lines.push(`${pad}--`);
      declare(child, depth);
    });
    for (const child of children) if (child.type === "final") lines.push(`${pad}${idOf(child)} --> [*]`);
  };

  const declare = (node: AnyStateNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    const id = idOf(node);
    if (node.type === "history") {
      lines.push(`${pad}state "${node.history === "deep" ? "H*" : "H"}" as ${id}`);
      const target = historyTarget(node);
      if (target !== undefined) arrow(id, idOf(target), null);
      return;
    }
    const stays: string[] = [];
    for (const view of transitionsOf(node)) {
      const label = transitionLabel(view);
      for (const target of view.targets) arrow(id, idOf(target), label);
      if (view.targets.length === 0 && !isComposite(node)) stays.push(`${pad}${id} : ${label}`);
    }
    if (isComposite(node)) {
      lines.push(`${pad}state "${stateLabel(node.key)}" as ${id} {`);
      declareChildren(node, depth + 1);
      lines.push(`${pad}}`);
    } else {
      lines.push(`${pad}state "${stateLabel(node.key)}" as ${id}`, ...stays);
    }
  };

  declareChildren(machine.root, 1);
  for (const { from, to, labels } of arrows) lines.push(`${INDENT}${from} --> ${to}${labels.length > 0 ? ` : ${labels.join("<br>")}` : ""}`);
  return `${lines.join("\n")}\n`;
}
