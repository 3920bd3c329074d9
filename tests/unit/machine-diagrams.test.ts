import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMachine, fromPromise, not, setup } from "xstate";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { DOCS_DIR, MACHINE_SUFFIX, REPO_ROOT, committedPages, loadMachineDocs, machineDocPages } from "../../scripts/machine-diagrams/docs.ts";
import {
  EVERY_STATE,
  everyStateBoxIds,
  mermaidIds,
  stateNodesOf,
  toMermaid,
  transitionLabel,
  transitionsOf,
} from "../../scripts/machine-diagrams/mermaid.ts";

// docs/machines/ holds one Mermaid diagram per machine, generated from the
// machine (issue 24). They are drawn again here and compared with what is
// committed, so a machine cannot change without its diagram; the generator
// is checked on small machines line by line, and every diagram is checked
// to be Mermaid this generator writes, with every state and transition in it.

const REGENERATE = "run `npm run docs:machines` and commit docs/machines/";

function readCommitted(path: string): string | null {
  try {
    return readFileSync(join(REPO_ROOT, path), "utf8");
  } catch {
    return null;
  }
}

describe("docs/machines", () => {
  it("has a page for every *.machine.ts under machines/", async () => {
    const onDisk = readdirSync(join(REPO_ROOT, "machines"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(MACHINE_SUFFIX));
    expect(onDisk.length).toBeGreaterThanOrEqual(6);
    const pages = await machineDocPages();
    const missing = onDisk.filter((file) => !pages.has(`${DOCS_DIR}/${basename(file, MACHINE_SUFFIX)}.md`));
    expect(missing, "machines the generator did not draw").toEqual([]);
  });

  it("is what the machines draw today", async () => {
    const pages = await machineDocPages();
    const outOfDate = [...pages].flatMap(([path, text]) => {
      const committed = readCommitted(path);
      if (committed === null) return [`${path}: missing`];
      if (committed === text) return [];
      const want = text.split("\n");
      const have = committed.split("\n");
      const at = Array.from({ length: Math.max(want.length, have.length) }, (_, index) => index).find((index) => want[index] !== have[index]) ?? 0;
      return [`${path}: line ${at + 1} should be ${JSON.stringify(want[at] ?? "")}, is ${JSON.stringify(have[at] ?? "")}`];
    });
    expect(outOfDate, `out of date: ${REGENERATE}`).toEqual([]);
    const stale = committedPages().filter((path) => !pages.has(path));
    expect(stale, `pages no machine draws: ${REGENERATE}`).toEqual([]);
  });

  it("draws every state and every transition of every machine, in Mermaid this generator writes", async () => {
    for (const { source, machine } of await loadMachineDocs()) {
      expect(() => checkDiagram(machine), source).not.toThrow();
    }
  });
});

// ---------------------------------------------------------------------------
// What a diagram must be
// ---------------------------------------------------------------------------

const ID = "[A-Za-z0-9_]+";
// No `:` `;` `#` (Mermaid ends a label or starts a comment there), no line break.
const LABEL = "[^:;#\\n]+";
const DECLARATION = new RegExp(`^state "([^"]+)" as (${ID})( \\{)?$`);
const ARROW = new RegExp(`^(\\[\\*\\]|${ID}) --> (\\[\\*\\]|${ID})(?: : (${LABEL}))?$`);
const DESCRIPTION = new RegExp(`^(${ID}) : (${LABEL})$`);

/**
 * Reads the diagram the way the generator writes it (one statement a line)
 * and throws unless it holds: a known statement on every line, balanced
 * composites, every id declared once, no line of text on a composite
 * (Mermaid refuses them), every state node declared with its key, every
 * initial and final state marked, and every transition drawn: an arrow to
 * each target, or a line in its state's box (a composite's and the
 * machine's in their "in every state" box).
 */
function checkDiagram(machine: AnyStateMachine): void {
  const text = toMermaid(machine);
  expect(text.endsWith("\n")).toBe(true);
  const lines = text.trimEnd().split("\n");
  expect(lines[0]).toBe("stateDiagram-v2");
  const statements = lines.slice(1).map((line) => line.trim());
  const declared = new Map<string, string>();
  const composites = new Set<string>();
  const arrows: Array<{ from: string; to: string; labels: string[] }> = [];
  const described: string[] = [];
  let depth = 0;
  for (const statement of statements) {
    const declaration = DECLARATION.exec(statement);
    const arrow = ARROW.exec(statement);
    const description = DESCRIPTION.exec(statement);
    if (declaration !== null) {
      const [, label = "", id = "", opens] = declaration;
      expect(declared.has(id), `${id} declared twice`).toBe(false);
      declared.set(id, label);
      if (opens !== undefined) {
        composites.add(id);
        depth += 1;
      }
    } else if (statement === "}") {
      depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    } else if (statement === "--") {
      expect(depth).toBeGreaterThan(0);
    } else if (arrow !== null) {
      const [, from = "", to = "", labels] = arrow;
      arrows.push({ from, to, labels: labels === undefined ? [] : labels.split("<br>") });
    } else if (description !== null) {
      described.push(statement);
    } else {
      throw new Error(`not a statement this generator writes: ${statement}`);
    }
    expect(statement).not.toMatch(/%%|direction\s+(tb|bt|rl|lr)\b/i);
  }
  expect(depth).toBe(0);
  for (const { from, to } of arrows) for (const id of [from, to]) if (id !== "[*]") expect(declared.has(id), `${id} used, never declared`).toBe(true);
  for (const line of described) {
    const id = line.split(" ")[0] ?? "";
    expect(declared.has(id), `${id} described, never declared`).toBe(true);
    expect(composites.has(id), `a line of text on the composite ${id}`).toBe(false);
  }

  const ids = mermaidIds(machine);
  const boxes = everyStateBoxIds(machine);
  const idOf = (node: AnyStateNode): string => {
    const id = ids.get(node);
    if (id === undefined) throw new Error(`no id for ${node.id}`);
    return id;
  };
  const hasArrow = (from: string, to: string, label: string | null): boolean =>
    arrows.some((arrow) => arrow.from === from && arrow.to === to && (label === null ? arrow.labels.length === 0 : arrow.labels.includes(label)));
  for (const node of stateNodesOf(machine)) {
    const composite = node.type === "compound" || node.type === "parallel" || node.parent === undefined;
    if (node.parent !== undefined) expect(declared.get(idOf(node)), node.id).toBe(node.type === "history" ? (node.history === "deep" ? "H*" : "H") : node.key);
    if (node.type === "compound") {
      const initial = node.initial.target[0];
      if (initial !== undefined) expect(statements, `initial state of ${node.id}`).toContain(`[*] --> ${idOf(initial)}`);
    }
    if (node.type === "final") expect(statements).toContain(`${idOf(node)} --> [*]`);
    for (const view of transitionsOf(node)) {
      const label = transitionLabel(view);
      const where = `${node.id} on ${view.event}`;
      for (const target of view.targets) expect(hasArrow(idOf(node), idOf(target), label), where).toBe(true);
      if (view.targets.length > 0) continue;
      const box = composite ? boxes.get(node) : idOf(node);
      expect(box, where).toBeDefined();
      if (composite) expect(declared.get(box ?? "")).toBe(EVERY_STATE);
      expect(described, where).toContain(`${box} : ${label}`);
    }
  }
}

// ---------------------------------------------------------------------------
// The generator on small machines
// ---------------------------------------------------------------------------

describe("toMermaid", () => {
  it("draws nested states, guards, else branches, delays, an invoked actor and a final state", () => {
    const tiny = setup({
      types: { events: {} as { type: "go" } | { type: "stop" } },
      actors: { load: fromPromise(async () => 1) },
      actions: { complain: () => {} },
      guards: { isReady: () => true },
      delays: { patience: 1_000 },
    }).createMachine({
      id: "tiny",
      initial: "idle",
      states: {
        idle: { on: { go: [{ guard: "isReady", target: "busy" }, { actions: "complain" }] } },
        busy: {
          initial: "loading",
          on: { stop: "idle" },
          states: {
            loading: { invoke: { id: "loader", src: "load", onDone: "loaded", onError: "#tiny.failed" } },
            loaded: { after: { patience: "#tiny.done" } },
          },
        },
        failed: { after: { 500: { target: "idle", reenter: true } } },
        done: { type: "final" },
      },
    });

    expect(toMermaid(tiny).split("\n")).toEqual([
      "stateDiagram-v2",
      "  [*] --> idle",
      '  state "idle" as idle',
      "  idle : go [else]",
      '  state "busy" as busy {',
      "    [*] --> busy_loading",
      '    state "loading" as busy_loading',
      '    state "loaded" as busy_loaded',
      "  }",
      '  state "failed" as failed',
      '  state "done" as done',
      "  done --> [*]",
      "  idle --> busy : go [isReady]",
      "  busy --> idle : stop",
      "  busy_loading --> busy_loaded : done load",
      "  busy_loading --> failed : error load",
      "  busy_loaded --> done : after patience",
      "  failed --> idle : after 500ms (reenter)",
      "",
    ]);
    checkDiagram(tiny);
  });

  it("escapes ids, keeps clear of Mermaid's keywords and [*] ids, merges loops, and draws parallel and history states and what the machine handles in every state", () => {
    const odd = createMachine({
      id: "odd.machine",
      initial: "sign-in",
      on: { ping: { actions: () => {} } },
      states: {
        "sign-in": {
          on: {
            next: { guard: { type: "opensAt", params: { time: "10:30; #1" } }, target: "upload" },
            retry: { target: "sign-in", reenter: true },
            refresh: { target: "sign-in" },
          },
        },
        upload: {
          initial: "start",
          on: { skip: "default", tick: { actions: () => {} } },
          states: {
            start: { on: { pause: "paused" } },
            paused: { on: { resume: "hist" } },
            hist: { type: "history", history: "deep" },
          },
        },
        default: {
          type: "parallel",
          on: { poke: { guard: not("isAway"), actions: () => {} } },
          states: {
            left: { initial: "a", states: { a: {} } },
            right: { initial: "b", states: { b: { type: "final" } } },
          },
        },
      },
    });

    expect(toMermaid(odd).split("\n")).toEqual([
      "stateDiagram-v2",
      "  [*] --> sign_in",
      '  state "in every state" as every_state',
      "  every_state : ping",
      '  state "sign-in" as sign_in',
      '  state "upload" as upload {',
      "    [*] --> upload_start_2",
      '    state "in every state" as upload_every_state',
      "    upload_every_state : tick",
      '    state "start" as upload_start_2',
      '    state "paused" as upload_paused',
      '    state "H*" as upload_hist',
      "  }",
      '  state "default" as s_default {',
      '    state "in every state" as s_default_every_state',
      "    s_default_every_state : poke [not(isAway)]",
      "    --",
      '    state "left" as s_default_left {',
      "      [*] --> s_default_left_a",
      '      state "a" as s_default_left_a',
      "    }",
      "    --",
      '    state "right" as s_default_right {',
      "      [*] --> s_default_right_b",
      '      state "b" as s_default_right_b',
      "      s_default_right_b --> [*]",
      "    }",
      "  }",
      "  sign_in --> upload : next [opensAt(time=10 30 1)]",
      "  sign_in --> sign_in : retry (reenter)<br>refresh",
      "  upload --> s_default : skip",
      "  upload_start_2 --> upload_paused : pause",
      "  upload_paused --> upload_hist : resume",
      "  upload_hist --> upload_start_2",
      "",
    ]);
    checkDiagram(odd);
  });

  it("draws the regions of a parallel machine side by side (Mermaid has no `--` at the top level)", () => {
    const regions = createMachine({
      id: "regions",
      type: "parallel",
      states: {
        sound: { initial: "muted", states: { muted: { on: { unmute: "playing" } }, playing: {} } },
        light: { initial: "off", states: { off: {} } },
      },
    });

    expect(toMermaid(regions)).not.toMatch(/^\s*--$/m);
    checkDiagram(regions);
  });
});
