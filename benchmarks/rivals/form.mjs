#!/usr/bin/env node
// The 10-field form task, Glass (default flags) side by side with @playwright/mcp, in one run:
// open a sign-up form, fill its ten fields (seven text fields, a textarea counted among them, a
// select, two checkboxes), submit it and make sure it was saved; written as a model would drive
// each server with its own tools. Prints tool calls, bytes of tool results a model reads (the
// text content items) and wall time; every run is checked on the server side's own record of
// the POST it received, so a flow that reports success without saving fails.
// Usage: node form.mjs --glass ../../target/release/glass [--runs 5] [--flows a,b] [-v]
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './mcpclient.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FLOWS = ['glass-batch', 'glass-fillform', 'glass-direct', 'playwright-fillform', 'playwright-fields'];
const o = { runs: 5, flows: FLOWS, glass: null, verbose: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], v = () => process.argv[++i];
  if (a === '--glass') o.glass = path.resolve(v());
  else if (a === '--runs') o.runs = Number(v());
  else if (a === '--flows') o.flows = v().split(',');
  else if (a === '-v' || a === '--verbose') o.verbose = true;
  else { console.error(`unknown argument ${a}`); process.exit(2); }
}
if (!o.glass && o.flows.some((f) => f.startsWith('glass'))) { console.error('--glass is required'); process.exit(2); }
const log = (...a) => console.error(...a);

// ---------------------------------------------------------------- the app
const WANT = {
  name: 'Ada Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', company: 'Analytical Engines',
  city: 'London', postcode: 'W1 1AA', about: 'Notes on the engine', country: 'de', news: 'on', terms: 'on',
};
const FORM = `<!doctype html><title>New account</title><main><h1>New account</h1>
<form method="post" action="/save">
<p><label>Full name <input name="name" required></label></p>
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>Phone <input name="phone" type="tel"></label></p>
<p><label>Company <input name="company"></label></p>
<p><label>City <input name="city"></label></p>
<p><label>Postcode <input name="postcode"></label></p>
<p><label>About you <textarea name="about"></textarea></label></p>
<p><label>Country <select name="country"><option value="">Choose...</option><option value="fr">France</option><option value="de">Germany</option><option value="it">Italy</option></select></label></p>
<p><label><input type="checkbox" name="news"> Send me the newsletter</label></p>
<p><label><input type="checkbox" name="terms" required> I accept the terms</label></p>
<p><button>Create account</button> <button type="reset">Reset</button></p>
</form>
<footer><a href="/help">Help</a> <a href="/privacy">Privacy</a></footer></main>`;

function startApp() {
  const saved = [];
  const srv = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/save') {
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => {
        const rec = Object.fromEntries(new URLSearchParams(body));
        saved.push(rec);
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>Saved</title><main><h1>Account created</h1><p role="status">Saved ${String(rec.name || '').replace(/[<&]/g, '')}</p></main>`);
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(FORM);
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({
    base: `http://127.0.0.1:${srv.address().port}`, saved, stop: () => srv.close(),
  })));
}

// ---------------------------------------------------------------- servers
class Fail extends Error {}
async function start(server) {
  const c = await startServer(server, o.glass, 'form');
  c.calls = 0; c.readBytes = 0;
  c.tool = async (name, args) => {
    const r = await c.callTool(name, args, 60000);
    c.calls += 1;
    c.readBytes += Buffer.byteLength(r.text, 'utf8');
    if (o.verbose) log(`  [${server}] ${name} -> ${Buffer.byteLength(r.text)} B${r.isError ? ' ERROR ' + r.text.slice(0, 300) : ''}`);
    if (r.isError) throw new Fail(`${name}: ${r.text.slice(0, 300)}`);
    return r;
  };
  return c;
}

// Glass's JSON (after its untrusted-content line).
const gj = (r) => JSON.parse((r.result.content || []).filter((x) => x.type === 'text').map((x) => x.text).find((t) => !t.startsWith('Glass: ')));
function flat(items, out = []) { for (const i of items || []) { out.push(i); flat(i.children, out); } return out; }
function gref(els, role, name) {
  const f = els.filter((e) => e.role === role && e.name === name);
  if (f.length !== 1) throw new Fail(`glass: ${role} "${name}": ${f.length} matches`);
  return f[0].ref;
}
// Playwright's snapshot lines: `- role "name" [ref=e12]`.
function pwref(text, role, name) {
  const line = text.split('\n').find((l) => l.includes(`${role} "${name}`) && /\[ref=/.test(l));
  if (!line) throw new Fail(`playwright: ${role} "${name}" not in snapshot`);
  return line.match(/\[ref=([^\]\s]+)\]/)[1];
}

// The fields as the page labels them, with what each gets.
const TEXT = [['Full name', 'name'], ['Email', 'email'], ['Phone', 'phone'], ['Company', 'company'], ['City', 'city'], ['Postcode', 'postcode'], ['About you', 'about']];

// Playwright: press submit; a model reads the answer page in the click's response, or takes a
// snapshot when the response does not show it.
async function submitAndCheck(c, nav) {
  let after = (await c.tool('browser_click', { element: 'Create account button', target: pwref(nav, 'button', 'Create account') })).text;
  if (!after.includes(`Saved ${WANT.name}`)) after = (await c.tool('browser_snapshot', {})).text;
  if (!after.includes(`Saved ${WANT.name}`)) throw new Fail('playwright: the answer page does not show the saved name');
}

const RUN = {
  // navigate (its compact observation gives the refs), then one chained batch: nine fills,
  // the submit, and a check of the page's answer.
  async 'glass-batch'(c, app) {
    const nav = gj(await c.tool('navigate', { url: app.base + '/' }));
    const els = flat(nav.observation.elements);
    const steps = TEXT.map(([label, key]) => ({ action: 'type', target: gref(els, 'textbox', label), text: WANT[key] }));
    steps.push({ action: 'select', target: gref(els, 'combobox', 'Country'), label: 'Germany' });
    steps.push({ action: 'check', target: gref(els, 'checkbox', 'Send me the newsletter') });
    steps.push({ action: 'check', target: gref(els, 'checkbox', 'I accept the terms') });
    steps.push({ action: 'click', target: gref(els, 'button', 'Create account') });
    steps.push({ action: 'verify', predicates: [{ kind: 'textPresent', text: `Saved ${WANT.name}` }] });
    const r = gj(await c.tool('batch', { steps, mode: 'chain', expectedRevision: nav.revision }));
    if (!r.ok) throw new Fail(`glass batch: ${JSON.stringify(r).slice(0, 300)}`);
  },
  // When the task names the fields by their labels, no look first: one batch opens the page,
  // finds each field by role and label (a locator must match exactly one visible element, so a
  // wrong guess stops the batch instead of typing elsewhere), submits and checks.
  async 'glass-direct'(c, app) {
    const by = (role, name) => `role=${role};name=${name}`;
    const steps = [{ action: 'navigate', url: app.base + '/' }];
    for (const [label, key] of TEXT) steps.push({ action: 'type', target: by('textbox', label), text: WANT[key] });
    steps.push({ action: 'select', target: by('combobox', 'Country'), label: 'Germany' });
    steps.push({ action: 'check', target: by('checkbox', 'Send me the newsletter') });
    steps.push({ action: 'check', target: by('checkbox', 'I accept the terms') });
    steps.push({ action: 'click', target: by('button', 'Create account') });
    steps.push({ action: 'verify', predicates: [{ kind: 'textPresent', text: `Saved ${WANT.name}` }] });
    const r = gj(await c.tool('batch', { steps }));
    if (!r.ok) throw new Fail(`glass batch: ${JSON.stringify(r).slice(0, 300)}`);
  },
  // navigate, fillForm with all ten, then the submit found and pressed by intent with its
  // proof in the same call.
  async 'glass-fillform'(c, app) {
    const nav = gj(await c.tool('navigate', { url: app.base + '/' }));
    const els = flat(nav.observation.elements);
    const fields = TEXT.map(([label, key]) => ({ target: gref(els, 'textbox', label), value: WANT[key] }));
    fields.push({ target: gref(els, 'combobox', 'Country'), value: 'Germany' });
    fields.push({ target: gref(els, 'checkbox', 'Send me the newsletter'), value: true });
    fields.push({ target: gref(els, 'checkbox', 'I accept the terms'), value: true });
    const filled = gj(await c.tool('fillForm', { fields }));
    if (!filled.ok) throw new Fail('glass fillForm');
    const found = gj(await c.tool('resolveIntent', { schemaVersion: 1, intent: 'create account', action: 'submit' }));
    if (!found.selection) throw new Fail(`glass resolveIntent: ${found.classification}`);
    const done = gj(await c.tool('actAndVerify', {
      schemaVersion: 1, intent: 'create account', action: 'submit', candidateId: found.selection,
      predicates: [{ kind: 'textPresent', text: `Saved ${WANT.name}` }],
    }));
    if (done.status !== 'executed' || !done.verification.satisfied) throw new Fail('glass actAndVerify');
  },
  // navigate (its snapshot gives the refs), browser_fill_form with all ten, click submit (its
  // snapshot shows the answer page).
  async 'playwright-fillform'(c, app) {
    await c.tool('browser_navigate', { url: app.base + '/' });
    const nav = (await c.tool('browser_snapshot', {})).text;
    const fields = TEXT.map(([label, key]) => ({ name: label, type: 'textbox', target: pwref(nav, 'textbox', label), value: WANT[key] }));
    fields.push({ name: 'Country', type: 'combobox', target: pwref(nav, 'combobox', 'Country'), value: 'Germany' });
    fields.push({ name: 'Send me the newsletter', type: 'checkbox', target: pwref(nav, 'checkbox', 'Send me the newsletter'), value: 'true' });
    fields.push({ name: 'I accept the terms', type: 'checkbox', target: pwref(nav, 'checkbox', 'I accept the terms'), value: 'true' });
    await c.tool('browser_fill_form', { fields });
    await submitAndCheck(c, nav);
  },
  // The same with one tool per field, as a model does that does not reach for fill_form.
  async 'playwright-fields'(c, app) {
    await c.tool('browser_navigate', { url: app.base + '/' });
    const nav = (await c.tool('browser_snapshot', {})).text;
    for (const [label, key] of TEXT) await c.tool('browser_type', { element: label, target: pwref(nav, 'textbox', label), text: WANT[key] });
    await c.tool('browser_select_option', { element: 'Country', target: pwref(nav, 'combobox', 'Country'), values: ['Germany'] });
    await c.tool('browser_click', { element: 'newsletter', target: pwref(nav, 'checkbox', 'Send me the newsletter') });
    await c.tool('browser_click', { element: 'terms', target: pwref(nav, 'checkbox', 'I accept the terms') });
    await submitAndCheck(c, nav);
  },
};

// ---------------------------------------------------------------- run
const results = [];
for (const flow of o.flows) {
  const server = flow.split('-')[0];
  for (let run = 1; run <= o.runs; run++) {
    const app = await startApp();
    let c = null;
    const row = { flow, run, ok: false };
    try {
      c = await start(server);
      const t0 = performance.now();
      await RUN[flow](c, app);
      row.ms = Math.round(performance.now() - t0);
      // The server's own record: exactly one POST, with every field as asked.
      if (app.saved.length !== 1) throw new Fail(`${app.saved.length} submissions`);
      const got = app.saved[0];
      for (const [k, v] of Object.entries(WANT)) if (got[k] !== v) throw new Fail(`field ${k} saved as ${JSON.stringify(got[k])}`);
      row.ok = true;
    } catch (e) {
      row.error = String(e.message || e).slice(0, 300);
    }
    if (c) { row.calls = c.calls; row.bytes = c.readBytes; await c.close(); }
    app.stop();
    results.push(row);
    log(`${flow} run ${run}: ${row.ok ? 'ok' : 'FAILED ' + row.error} calls=${row.calls} bytes=${row.bytes} ms=${row.ms ?? '-'}`);
  }
}
const med = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('| flow | passed | calls | bytes read | wall ms (median) |');
console.log('| --- | --- | --- | --- | --- |');
for (const flow of o.flows) {
  const rs = results.filter((r) => r.flow === flow);
  const okRs = rs.filter((r) => r.ok);
  const m = (f) => (okRs.length ? med(okRs.map(f)) : '-');
  console.log(`| ${flow} | ${okRs.length}/${rs.length} | ${m((r) => r.calls)} | ${m((r) => r.bytes)} | ${m((r) => r.ms)} |`);
}
fs.writeFileSync(path.join(HERE, 'form-results.json'), JSON.stringify(results, null, 1));
