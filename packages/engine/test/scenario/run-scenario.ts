/**
 * Runs one scenario: load and validate the file, build the starting state, apply the steps (checking
 * each outcome), then check the final expectations. Returns a structured result; never throws for a
 * failing scenario (a malformed file is reported as a failure that names the file and field).
 */
import { readFileSync } from 'node:fs';
import { createGame, projectEvents, step, validateRoster, type CardDef, type Viewer, type GameEvent, type GameState, type ManagerId } from '../../src/index.js';
import { buildPosition } from './build-position.js';
import { checkExpect } from './check-expect.js';
import { invariantProblems } from './invariants.js';
import { scenarioLookup } from './load-defs.js';
import { Aliases, RefError, resolveRef, ScenarioError } from './refs.js';
import { Scenario, type ActionStep, type PassStep } from './scenario-schema.js';

export interface ScenarioResult {
  file: string;
  name: string;
  rules: string[];
  passed: boolean;
  failures: string[];
}

/** Validates a parsed JSON value against the format. Throws ScenarioError naming the field. */
export function parseScenario(file: string, json: unknown): Scenario {
  const r = Scenario.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ScenarioError(file, issue.path.map(String).join('.') || '(root)', issue.message);
  }
  return r.data;
}

/** The fields of an action that hold card ids (or manager ids, for targets) and so accept refs. */
const ONE = ['card'] as const;
const MANY = ['targets', 'costCards'] as const;

function resolveAction(s: GameState, aliases: Aliases, st: ActionStep): Record<string, unknown> {
  const a: Record<string, unknown> = { ...st.action };
  if (a.manager !== undefined && a.manager !== st.manager)
    throw new RefError(`action.manager '${String(a.manager)}' disagrees with the step's manager '${st.manager}'`);
  a.manager = st.manager;
  for (const k of ONE) if (typeof a[k] === 'string') a[k] = resolveRef(s, aliases, a[k] as string);
  for (const k of MANY) if (Array.isArray(a[k])) a[k] = (a[k] as unknown[]).map((x) => (typeof x === 'string' ? resolveRef(s, aliases, x) : x));
  if (Array.isArray(a.attackers)) a.attackers = (a.attackers as unknown[]).map((x) => (typeof x === 'string' ? resolveRef(s, aliases, x) : x));
  if (Array.isArray(a.blocks))
    a.blocks = (a.blocks as unknown[]).map((b) => {
      if (!b || typeof b !== 'object') return b;
      const pair = { ...(b as Record<string, unknown>) };
      for (const k of ['blocker', 'attacker'] as const) if (typeof pair[k] === 'string') pair[k] = resolveRef(s, aliases, pair[k] as string);
      return pair;
    });
  return a;
}

function describeStep(st: ActionStep | PassStep, i: number): string {
  if ('passUntil' in st) return `step ${i + 1} (passUntil ${JSON.stringify(st.passUntil)})`;
  const { type, ...rest } = st.action;
  const args = Object.entries(rest)
    .filter(([k]) => k !== 'manager')
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
  return `step ${i + 1} (${st.manager} ${type}${args ? ' ' + args : ''})`;
}

function matchesEvent(e: GameEvent, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(([f, v]) => JSON.stringify((e as Record<string, unknown>)[f]) === JSON.stringify(v));
}

/** Expected events appear in order, each a partial match of one event of the step. */
function missingEvents(events: readonly GameEvent[], wants: readonly Record<string, unknown>[]): string[] {
  let k = 0;
  const out: string[] = [];
  for (const w of wants) {
    const hit = events.findIndex((e, j) => j >= k && matchesEvent(e, w));
    if (hit < 0) out.push(`expected event ${JSON.stringify(w)} (in order); events were ${JSON.stringify(events.filter((e) => e.t !== 'move'))}`);
    else k = hit + 1;
  }
  return out;
}

interface Run {
  s: GameState;
  aliases: Aliases;
  failures: string[];
}

/** Applies one engine action; returns false when the scenario cannot go on. */
function apply(run: Run, action: Record<string, unknown>, label: string): { ok: true; events: GameEvent[] } | { ok: false; code: string; message: string } {
  const r = step(run.s, action);
  if (!r.ok) return r;
  run.aliases.follow(r.events);
  run.s = r.state;
  for (const p of invariantProblems(r.state)) run.failures.push(`${label}: ${p}`);
  return { ok: true, events: r.events };
}

type Target = { phase: string; turn?: number; active?: ManagerId };

function reached(s: GameState, t: Target): boolean {
  return s.phase === t.phase && (t.turn === undefined || s.turn === t.turn) && (t.active === undefined || s.active === t.active);
}

/**
 * Whether a step's events entered the target phase and the game moved on without stopping there (the End
 * Phase usually passes by with nobody to act; every other phase has a window, RUL-STACK-5). Passing on would
 * overshoot, so that is an error.
 */
function passedThrough(before: GameState, events: readonly GameEvent[], t: Target): boolean {
  let turn = before.turn;
  let active = before.active;
  for (const e of events) {
    if (e.t === 'turn') {
      turn = e.turn;
      active = e.active;
    } else if (e.t === 'phase' && e.phase === t.phase && (t.turn === undefined || turn === t.turn) && (t.active === undefined || active === t.active))
      return true;
  }
  return false;
}

/** Passing, declaring no attackers and no blockers, until the target point. */
function passUntil(run: Run, st: PassStep, label: string): boolean {
  const target: Target = typeof st.passUntil === 'string' ? { phase: st.passUntil } : st.passUntil;
  for (let n = 0; n < 200; n++) {
    const s = run.s;
    if (reached(s, target)) return true;
    if (s.phase === 'game-over') return fail(run, `${label}: the game ended (${s.winner} wins by ${s.endReason}) before reaching the target`);
    if (s.pending) return fail(run, `${label}: stopped at a pending ${s.pending.kind} for ${s.pending.manager} in ${s.phase}, turn ${s.turn}`);
    let action: Record<string, unknown>;
    if (s.priority) action = { type: 'pass', manager: s.priority };
    else if (s.phase === 'combat-attack') action = { type: 'declare-attackers', manager: s.active, attackers: [] };
    else if (s.phase === 'combat-block') action = { type: 'declare-blocks', manager: s.active === 'A' ? 'B' : 'A', blocks: [] };
    else return fail(run, `${label}: nobody can act in ${s.phase}, turn ${s.turn}`);
    const r = apply(run, action, label);
    if (!r.ok)
      return fail(run, `${label}: ${action.manager as ManagerId} ${action.type as string} was rejected in ${s.phase}, turn ${s.turn}: ${r.code}: ${r.message}`);
    if (!reached(run.s, target) && passedThrough(s, r.events, target))
      return fail(
        run,
        `${label}: the game went through ${target.phase} without stopping (nobody acts there) and is now in ${run.s.phase}, turn ${run.s.turn}; target a point where someone acts`,
      );
  }
  return fail(run, `${label}: not reached after 200 passes (now ${run.s.phase}, turn ${run.s.turn})`);
}

function fail(run: Run, msg: string): false {
  run.failures.push(msg);
  return false;
}

function runStep(run: Run, st: ActionStep | PassStep, i: number): boolean {
  const label = describeStep(st, i);
  if ('passUntil' in st) {
    if (!passUntil(run, st, label)) return false;
  } else {
    let action: Record<string, unknown>;
    try {
      action = resolveAction(run.s, run.aliases, st);
    } catch (e) {
      if (e instanceof RefError) return fail(run, `${label}: ${e.message}`);
      throw e;
    }
    const before = run.s;
    const r = apply(run, action, label);
    const want = st.expect;
    if (want === 'ok' && !r.ok)
      return fail(run, `${label}: expected ok, rejected ${r.code}: ${r.message} (phase ${before.phase}, priority ${before.priority})`);
    if (want !== 'ok') {
      if (r.ok) return fail(run, `${label}: expected rejection '${want.reject}', but the engine accepted it`);
      if (r.code !== want.reject) run.failures.push(`${label}: expected rejection '${want.reject}', got '${r.code}': ${r.message}`);
    }
    if (r.ok && st.events) for (const m of missingEvents(r.events, st.events)) run.failures.push(`${label}: ${m}`);
    if (r.ok && st.seenBy)
      for (const [viewer, v] of Object.entries(st.seenBy)) {
        const seen = projectEvents(r.events, viewer as Viewer);
        for (const m of missingEvents(seen, v.includes ?? [])) run.failures.push(`${label}: seen by ${viewer}: ${m}`);
        for (const x of v.excludes ?? []) {
          const hit = seen.find((e) => matchesEvent(e, x));
          if (hit) run.failures.push(`${label}: seen by ${viewer}: must not see ${JSON.stringify(x)}, but saw ${JSON.stringify(hit)}`);
        }
      }
  }
  if (st.expectAfter) run.failures.push(...checkExpect(run.s, run.aliases, st.expectAfter, `${label} expectAfter`));
  return true;
}

async function start(file: string, sc: Scenario): Promise<Run | ScenarioResult> {
  const { lookup, inline } = await scenarioLookup(file, sc.cards, sc.useCardSet);
  const result = (failures: string[]): ScenarioResult => ({ file, name: sc.name, rules: sc.rules, passed: failures.length === 0, failures });
  if (sc.roster) {
    // RUL-DECK-*: the problems' rule ids, compared as sets.
    const got = [...new Set(validateRoster(sc.roster, lookup).map((p) => p.rule))].sort();
    const want = [...new Set(sc.expectProblems)].sort();
    const msgs = validateRoster(sc.roster, lookup).map((p) => `${p.rule}: ${p.message}`);
    return result(
      JSON.stringify(got) === JSON.stringify(want)
        ? []
        : [`expectProblems: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)} (${msgs.join('; ') || 'no problems'})`],
    );
  }
  if (sc.setup) {
    const pool: Record<string, CardDef> = {};
    for (const id of [...sc.setup.rosters.A.cards, ...sc.setup.rosters.B.cards, ...inline.map((d) => d.id)]) {
      const d = lookup(id);
      if (d) pool[id] = d;
    }
    for (const d of inline) pool[d.id] = d; // tokens the rosters commission
    const r = createGame({ seed: sc.setup.seed, pool, rosters: sc.setup.rosters, unchecked: sc.setup.unchecked });
    if (!r.ok) throw new ScenarioError(file, 'setup', `createGame rejected the setup: ${r.message}`);
    const aliases = new Aliases();
    return { s: r.state, aliases, failures: invariantProblems(r.state).map((p) => `setup: ${p}`) };
  }
  const { state, aliases } = buildPosition(file, sc.position!, lookup, inline);
  return { s: state, aliases, failures: invariantProblems(state).map((p) => `position: ${p}`) };
}

/** Runs a scenario given as a JSON value. `file` is used in messages only. */
export async function runScenario(file: string, json: unknown): Promise<ScenarioResult> {
  let sc: Scenario;
  try {
    sc = parseScenario(file, json);
  } catch (e) {
    return errorResult(file, json, e);
  }
  try {
    const run = await start(file, sc);
    if (!('s' in run)) return run;
    let going = true;
    for (const [i, st] of sc.actions.entries()) {
      going = runStep(run, st, i);
      if (!going) {
        run.failures.push(`(stopped after step ${i + 1}; ${sc.actions.length - i - 1} later steps and the final expect were not run)`);
        break;
      }
    }
    if (going && sc.expect) run.failures.push(...checkExpect(run.s, run.aliases, sc.expect, 'expect'));
    return { file, name: sc.name, rules: sc.rules, passed: run.failures.length === 0, failures: run.failures };
  } catch (e) {
    return errorResult(file, json, e);
  }
}

function errorResult(file: string, json: unknown, e: unknown): ScenarioResult {
  if (!(e instanceof ScenarioError)) throw e;
  const name = typeof (json as { name?: unknown })?.name === 'string' ? (json as { name: string }).name : file;
  return { file, name, rules: [], passed: false, failures: [`scenario error: ${e.message}`] };
}

/** Reads and runs a scenario file. */
export async function runScenarioFile(file: string): Promise<ScenarioResult> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { file, name: file, rules: [], passed: false, failures: [`scenario error: ${file}: cannot read JSON: ${(e as Error).message}`] };
  }
  return runScenario(file, json);
}
