#!/usr/bin/env node
// Mutation testing of the page agent's JavaScript (src/browser/agent/*.js).
//
// Glass evaluates the concatenation of the parts as one script. This script parses that
// concatenation (acorn, from the ESLint folder scripts/lint-js installs), makes small realistic
// slips one at a time (a comparison flipped, one side of `&&`/`||` dropped, a boolean swapped, a
// negation dropped), and runs the page tests against each mutant. The tests run from one build
// with the `agent-mutants` feature, which lets GLASS_AGENT_JS name the mutated script, so a
// mutant costs a test run, not a build. A mutant is caught when a test fails (or the run passes
// its time limit).
//
//   node scripts/mutate-agent.mjs --list              how many mutants, by part and kind
//   node scripts/mutate-agent.mjs --sample 120        run a seeded sample (--seed, default 1)
//   node scripts/mutate-agent.mjs --sample 120 --tests page_agent,page_model   (default: + verification,
//        extraction, tasks, intents, devtools)
//
// Results are appended to target/agent-mutants/results.jsonl (a run resumes where it stopped;
// --fresh starts over) and summed up at the end, survivors listed with their place and change.
import { createRequire } from 'node:module';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const agentDir = path.join(root, 'src/browser/agent');
const outDir = path.join(root, 'target/agent-mutants');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

// acorn comes with ESLint; scripts/lint-js installs it once under target/js-lint.
const lintDir = path.join(root, 'target/js-lint');
if (!fs.existsSync(path.join(lintDir, 'node_modules'))) {
  execFileSync(path.join(root, 'scripts/lint-js'), { stdio: 'inherit' });
}
const requireFromLint = createRequire(path.join(lintDir, 'package.json'));
const acorn = requireFromLint('acorn');

// ------------------------------------------------------------------ the script and its parts

const parts = fs.readdirSync(agentDir).filter((f) => f.endsWith('.js')).sort();
const texts = parts.map((p) => fs.readFileSync(path.join(agentDir, p), 'utf8'));
const source = texts.join('');
const starts = [];
{
  let at = 0;
  for (const t of texts) { starts.push(at); at += t.length; }
}

/** The part and 1-based line of an offset of the concatenation. */
function place(offset) {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1] <= offset) i += 1;
  const before = source.slice(starts[i], offset);
  return { part: parts[i], line: (before.match(/\n/g) || []).length + 1 };
}

// ------------------------------------------------------------------ mutants

const FLIPPED = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '===': '!==', '!==': '===', '==': '!=', '!=': '==' };

function mutants() {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const found = [];
  const add = (node, kind, start, end, replacement) => {
    found.push({ kind, start, end, replacement, from: source.slice(start, end), ...place(start) });
  };
  const text = (n) => source.slice(n.start, n.end);
  const walk = (node) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'BinaryExpression':
        if (FLIPPED[node.operator]) {
          const at = source.indexOf(node.operator, node.left.end);
          if (at >= 0 && at < node.right.start) {
            add(node, 'flip comparison', at, at + node.operator.length, FLIPPED[node.operator]);
          }
        }
        break;
      case 'LogicalExpression':
        if (node.operator === '&&' || node.operator === '||') {
          add(node, `drop the right of ${node.operator}`, node.start, node.end, `(${text(node.left)})`);
          add(node, `drop the left of ${node.operator}`, node.start, node.end, `(${text(node.right)})`);
        }
        break;
      case 'Literal':
        if (typeof node.value === 'boolean') {
          add(node, 'swap boolean', node.start, node.end, String(!node.value));
        }
        break;
      case 'UnaryExpression':
        if (node.operator === '!' && !(node.argument.type === 'UnaryExpression' && node.argument.operator === '!')) {
          add(node, 'drop negation', node.start, node.end, `(${text(node.argument)})`);
        }
        break;
      default:
        break;
    }
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v.type === 'string') walk(v);
    }
  };
  walk(ast);
  found.sort((a, b) => a.start - b.start || a.kind.localeCompare(b.kind));
  found.forEach((m, i) => { m.id = i; });
  return found;
}

/** A seeded sample of n (mulberry32), in source order. */
function sample(all, n, seed) {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = all.slice();
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, Math.min(n, pool.length)).sort((a, b) => a.id - b.id);
}

// ------------------------------------------------------------------ running the tests

// The page tests, and the tests of the tools whose agent parts they do not reach (verify,
// extraction, tasks, intents, vitals).
// Modules of tests/browser (tests/browser/main.rs), by name; each runs as one nextest filter.
const MODULES = {
  page_agent: 'page::page_agent', page_model: 'page::page_model', verification: 'semantic::verification',
  extraction: 'semantic::extraction', tasks: 'run::tasks', intents: 'semantic::intents',
  devtools: 'devtools::parity', user_visible: 'act::user_visible', hostile_pages: 'page::hostile_pages',
  generated_layouts: 'page::generated_layouts', real_apps: 'real_apps',
};
const tests = option('tests', 'page_agent,page_model,verification,extraction,tasks,intents,devtools')
  .split(',').filter(Boolean);
for (const t of tests) {
  if (!MODULES[t]) throw new Error(`--tests: no module ${t} (one of ${Object.keys(MODULES).join(', ')})`);
}
const binaries = tests.includes('real_apps') ? ['--test', 'browser', '--test', 'apps'] : ['--test', 'browser'];
const filter = `test(/^(${tests.map((t) => MODULES[t]).join('|')})::/)`;
const testArgs = [...binaries, '-E', filter];
const env = {
  ...process.env,
  GLASS_REAL_APPS: process.env.GLASS_REAL_APPS || path.join(root, 'target/real-apps'),
  CARGO_TERM_COLOR: 'never',
};

/** Runs the page tests with the agent from `file`; true when every test passed. */
function testsPass(file, timeoutMs) {
  const started = Date.now();
  const run = spawnSync('cargo', ['nextest', 'run', '--features', 'agent-mutants', ...testArgs,
    '-j', option('jobs', '2'), '--no-tests', 'fail'], {
    cwd: root, env: { ...env, GLASS_AGENT_JS: file }, encoding: 'utf8', timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024, killSignal: 'SIGKILL',
  });
  const ms = Date.now() - started;
  if (run.error && run.error.code === 'ETIMEDOUT') return { pass: false, how: 'timeout', ms };
  const failed = [...(run.stdout + run.stderr).matchAll(/^\s+FAIL \[[^\]]*\] (?:\([^)]*\) )?(\S+ \S+)/gm)]
    .map((m) => m[1]);
  return { pass: run.status === 0, how: run.status === 0 ? 'passed' : 'failed', failed: failed.slice(0, 3), ms };
}

function summary(results) {
  const byPart = {};
  for (const r of results) {
    const p = (byPart[r.part] ||= { caught: 0, total: 0 });
    p.total += 1;
    if (!r.pass) p.caught += 1;
  }
  const caught = results.filter((r) => !r.pass).length;
  console.log('\npart                 caught / run');
  for (const [p, c] of Object.entries(byPart).sort()) {
    console.log(`${p.padEnd(20)} ${String(c.caught).padStart(6)} / ${c.total}`);
  }
  const share = results.length ? ((100 * caught) / results.length).toFixed(1) : '0';
  console.log(`all                  ${String(caught).padStart(6)} / ${results.length} (${share} %)`);
  const survivors = results.filter((r) => r.pass);
  if (survivors.length) {
    console.log('\nsurvivors:');
    for (const r of survivors) {
      console.log(`  #${r.id} ${r.part}:${r.line} ${r.kind}: ${r.from.replace(/\s+/g, ' ').slice(0, 80)} -> ${r.replacement.replace(/\s+/g, ' ').slice(0, 80)}`);
    }
  }
}

// ------------------------------------------------------------------ main

const all = mutants();
if (flag('list')) {
  const by = {};
  for (const m of all) {
    by[m.part] ||= {};
    by[m.part][m.kind] = (by[m.part][m.kind] || 0) + 1;
  }
  for (const [p, kinds] of Object.entries(by)) console.log(p, JSON.stringify(kinds));
  console.log(`${all.length} mutants in ${parts.length} parts`);
  process.exit(0);
}

const chosen = option('ids')
  ? option('ids').split(',').map((i) => all[Number(i)]).filter(Boolean)
  : sample(all, Number(option('sample', '100')), Number(option('seed', '1')));
fs.mkdirSync(outDir, { recursive: true });
const resultsFile = path.join(outDir, option('results', 'results.jsonl'));
if (flag('fresh')) fs.rmSync(resultsFile, { force: true });
const done = new Map();
if (fs.existsSync(resultsFile)) {
  for (const line of fs.readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line);
    if (r.source === source.length) done.set(r.id, r);
  }
}

console.log(`building the page tests with the agent-mutants feature (${tests.join(', ')})`);
execFileSync('cargo', ['test', '--features', 'agent-mutants', ...binaries, '--no-run'], { cwd: root, env, stdio: 'inherit' });

const file = path.join(outDir, 'agent.js');
// The unmutated agent must pass, and an agent that does nothing must fail: the override works.
fs.writeFileSync(file, source);
const base = testsPass(file, 30 * 60 * 1000);
if (!base.pass) {
  console.error(`the unmutated agent fails the tests (${base.failed.join(', ')}): fix them first`);
  process.exit(1);
}
console.log(`unmutated agent: tests pass in ${(base.ms / 1000).toFixed(0)} s`);
if (!done.size) {
  fs.writeFileSync(file, "'use strict';\n");
  if (testsPass(file, 30 * 60 * 1000).pass) {
    console.error('an empty agent passes the tests: GLASS_AGENT_JS is not read (build without the feature?)');
    process.exit(1);
  }
}
const limit = Math.max(3 * base.ms, 120000);
const results = [...done.values()].filter((r) => chosen.some((m) => m.id === r.id));
for (const m of chosen) {
  if (done.has(m.id)) continue;
  fs.writeFileSync(file, source.slice(0, m.start) + m.replacement + source.slice(m.end));
  const r = { ...m, ...testsPass(file, limit), source: source.length };
  results.push(r);
  fs.appendFileSync(resultsFile, JSON.stringify(r) + '\n');
  console.log(`#${m.id} ${m.part}:${m.line} ${m.kind}: ${r.pass ? 'SURVIVED' : `caught (${r.how}${r.failed && r.failed.length ? ': ' + r.failed[0] : ''})`} ${(r.ms / 1000).toFixed(0)} s`);
}
summary(results);
