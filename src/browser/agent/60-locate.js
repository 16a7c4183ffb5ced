  // Part 60, locating: every locator kind resolved against the model (text, role, name, css, ref), resolve and similar; apart because they share one resolution engine.
  // ---------------------------------------------------------------- locators
  // One resolution engine: every locator kind yields candidate elements, and the same rules
  // (`shown`) split them into what a person can act on and what exists but cannot be seen.
  /** @param {El} el */
  function controlOf(el) {
    for (let n = el; n; n = flatParent(n)) {
      const r = roleOf(n);
      if ((r && INTERACTIVE.has(r)) || (n.localName === 'label' && n.control)) return n;
    }
    return null;
  }
  // Heuristic clickables (no role) around an element, innermost first, as the walk sees them.
  /** @param {El} el */
  function clickableOf(el) {
    let found = null;
    for (let n = el, k = 0; n && k < 16; n = flatParent(n), k++) {
      const s = st(n);
      if (n.localName === 'body' || n.localName === 'html') break;
      if (!roleOf(n) && (focusable(n) || n.hasAttribute('onclick'))) { found = n; break; }
      if (!roleOf(n) && s.cursor === 'pointer') {
        const p = flatParent(n);
        if (!p || st(p).cursor !== 'pointer') { found = n; break; }
      }
    }
    return found && !found.querySelector(CONTROL_SELECTOR) ? found : null;
  }
  // The words a text locator matched inside the control it stands for, this turn: a press
  // goes to those words, as a person's does (a clock face turns a press into an hour by its
  // angle, so its centre is no hour at all), not to the control's centre.
  /** @type {Map<Element, El>} */
  const textParts = new Map();
  // The element a text match stands for: the control it is in, else itself.
  /** @param {El} el */
  function promote(el) {
    const c = controlOf(el);
    const to = c ? (c.localName === 'label' && c.control && !absent(c.control) ? c.control : c) : clickableOf(el) || el;
    if (to !== el && composedContains(to, el)) textParts.set(to, el);
    return to;
  }
  /** Text read under one element. @typedef {{ parts: string[], dExact: boolean, dContains: boolean, vis: boolean }} TextFrame */
  /** Elements a locator found: shown (`hits`) and present but not seen (`hidden`). @typedef {{ hits: El[], hidden: El[] }} Found */
  // Elements whose visible text equals the needle, else contains it; innermost only. Text a
  // person cannot see (hidden, clipped away) is no part of its container's text, so a hidden
  // menu item never makes the card around it a match. Returns {hits, hidden}: hidden holds the
  // innermost elements whose text matched but that are not seen.
  /** @param {unknown} value @param {WalkOpts} o @returns {Found | null} */
  function findByText(value, o) {
    const needle = lc(value);
    if (!needle) return null;
    textParts.clear();
    const exact = /** @type {El[]} */ ([]), contains = /** @type {El[]} */ ([]), hiddenExact = /** @type {El[]} */ ([]), hiddenContains = /** @type {El[]} */ ([]), stack = /** @type {TextFrame[]} */ ([]);
    walk(document.documentElement, {
      enter(i) {
        /** @type {TextFrame} */
        const f = { parts: [], dExact: false, dContains: false, vis: i.style.visibility === 'visible' };
        if (f.vis && i.tag === 'input' && BUTTON_TYPES.has(i.el.type)) f.parts.push(i.el.value || '');
        stack.push(f);
      },
      text(node) { const f = stack[stack.length - 1]; if (f.vis) f.parts.push(node.data); },
      leave(i) {
        const f = stack.pop();
        let t = f.parts.join('');
        const n = lc(t);
        const hasEx = !f.dExact && n === needle;
        const hasCo = !f.dContains && n.includes(needle);
        let isExact = false, isContains = false;
        if (hasEx || hasCo) {
          if (seenPresent(i.el)) { if (hasEx) { exact.push(i.el); isExact = true; } if (hasCo) { contains.push(i.el); isContains = true; } } else {
            if (hasEx) hiddenExact.push(i.el);
            if (hasCo) hiddenContains.push(i.el);
            t = ''; // what cannot be seen is nobody's text
          }
        }
        const parent = stack[stack.length - 1];
        if (parent) {
          const d = i.style.display;
          parent.parts.push(d === 'inline' ? t : ' ' + t + ' ');
          parent.dExact = parent.dExact || f.dExact || isExact;
          parent.dContains = parent.dContains || f.dContains || isContains;
        }
      },
    }, o, startInfo(document.documentElement, o));
    // Text drawn in an SVG (a diagram's node labels: Node-RED's flow canvas) is words a person
    // reads too: its text elements, when nothing else matched, are pressed where they show.
    if (!exact.length && !contains.length) {
      for (const t of /** @type {NodeListOf<El>} */ (document.querySelectorAll('svg text'))) {
        const n = lc(t.textContent);
        if (!n.includes(needle) || absent(t)) continue;
        const shown = seenPresent(t);
        (n === needle ? (shown ? exact : hiddenExact) : (shown ? contains : hiddenContains)).push(t);
      }
    }
    const hits = exact.length ? exact : contains;
    const hidden = hiddenExact.length ? hiddenExact : hiddenContains;
    return { hits: Array.from(new Set(hits.map(promote))), hidden: Array.from(new Set(hidden.map(promote))) };
  }
  // The name a locator compares, lower-cased. `hidden`: also count text a person cannot see
  // (to tell "not visible" from "not found").
  /** @param {Info} i @param {boolean} hidden */
  function nameOfInfo(i, hidden) {
    if (i.stands) return lc(accName(i.stands, i.role) || i.el.getAttribute('title'));
    const ed = i.role === 'textbox' ? editorOf(i.el) : null;
    if (ed && ed.input === i.el) return lc(editorName(ed));
    if (hidden) return lc(textAlt(i.el, { visited: new Set(), inLabelledBy: false, hidden: true, out: '', nodes: 0 }, true));
    return lc(itemName(i.el, i.role, i.clickable));
  }
  // Items of the model matching pred(info, hidden): {hits: shown, hidden: present but not
  // seen}.
  /** @param {(i: Info, hidden: boolean) => boolean} pred @param {WalkOpts} o @param {number} [limit] @returns {Found} */
  function findItems(pred, o, limit) {
    const hits = /** @type {El[]} */ ([]), hidden = /** @type {El[]} */ ([]);
    walk(document.documentElement, {
      enter(i) {
        if (!(i.role || i.clickable)) return;
        if ((i.role === 'gridcell' || i.role === 'textbox') && givesWay(i.el, i.role, itemName(i.el, i.role, i.clickable))) return;
        if (i.shown()) {
          if (!pred(i, false)) return;
          hits.push(i.el);
          if (limit && hits.length >= limit) o.stop = true;
        } else if (pred(i, true)) hidden.push(i.el);
      },
    }, o, startInfo(document.documentElement, o));
    return { hits, hidden };
  }
  /** @param {Info} i @param {string} role */
  const roleMatches = (i, role) => i.role === role || (!i.role && i.clickable && (ROLE_IN[i.inRegion] || 'generic') === role);
  // The role observe shows for a role-less clickable (see ROLE_IN).
  /** @param {El} el */
  function clickableRole(el) {
    for (let n = flatParent(el), k = 0; n && k < 32; n = flatParent(n), k++) {
      const r = roleOf(n);
      if (REGION.has(r) || r === 'listbox') return ROLE_IN[r] || 'generic';
    }
    return 'generic';
  }
  /** @param {string} role @param {unknown} name @param {WalkOpts} o @param {number} [limit] */
  function findByRole(role, name, o, limit) {
    const r = lc(role);
    const n = name == null ? null : lc(name);
    const m = findItems((i, hidden) => roleMatches(i, r) && (n === null || nameOfInfo(i, hidden) === n), o, limit);
    return n === null ? m : { hits: innermost(m.hits), hidden: m.hidden };
  }
  // One thing on screen: of elements that hold one another and match the same locator (a
  // calendar's cell and the day button it holds, react-aria's; rc-dock's tab inside a tab of
  // the same name, pgAdmin's), the innermost, which a press on any of them reaches.
  /** @param {El[]} hits */
  const innermost = (hits) => hits.filter((h, _, all) => !all.some((x) => x !== h && composedContains(h, x)));
  /** @param {unknown} value @param {WalkOpts} o @returns {Found | null} */
  function findByName(value, o) {
    const n = lc(value);
    if (!n) return null;
    const m = findItems((i, hidden) => nameOfInfo(i, hidden) === n, o);
    /** @param {El} el */
    const ctl = (el) => { const r = roleOf(el); return (r && INTERACTIVE.has(r)) || !r || el.localName === 'label'; };
    // One thing on screen (see `innermost`): a control inside another of the same name is the
    // one pressed, not a second candidate.
    const c = innermost(m.hits.filter(ctl));
    return { hits: c.length ? c : m.hits, hidden: m.hidden }; // controls win over text-ish items
  }
  /** @param {string} sel @returns {Found | null} */
  function findByCss(sel) {
    let all;
    try { all = Array.from(document.querySelectorAll(sel)); } catch (_) { return null; }
    const hits = /** @type {El[]} */ ([]), hidden = /** @type {El[]} */ ([]);
    textParts.clear();
    /** @type {Set<Element>} */
    const parted = new Set();
    for (const el of all) {
      // Inside a control, the control is what is acted on (a css match on an icon inside a
      // button is the button), pressed at the part matched, as a text locator's words are (a
      // paragraph inside an editor is where the caret goes: Ghost's empty last paragraph).
      const c = controlOf(el);
      const t = c && c !== el && c.localName !== 'label' ? c : el;
      if (t !== el) {
        // Several parts of one control matched: none of them is the one meant.
        if (parted.has(t)) textParts.delete(t); else { parted.add(t); textParts.set(t, el); }
      }
      (shown(t) ? hits : hidden).push(t);
    }
    return { hits: Array.from(new Set(hits)), hidden: Array.from(new Set(hidden)) };
  }
  /**
   * A locator as Rust sends it: `kind` is ref, css, text, role or name.
   * @typedef {{ kind: string, value?: unknown, role?: string, name?: string }} Locator
   */
  /** What a locator matched (see Found), or `status` when it names nothing it can match. @typedef {{ status?: string, hits?: El[], hidden?: El[] }} Matches */
  // Elements matched by a locator, or {status} for a bad or unknown locator.
  /** @param {Locator} loc @param {WalkOpts} o @returns {Matches} */
  function matchLocator(loc, o) {
    if (!loc || typeof loc !== 'object') return { status: 'invalidLocator' };
    const v = loc.value;
    switch (loc.kind) {
      case 'ref': {
        const e = lookup(v);
        if (e === UNKNOWN) return { status: 'unknown' };
        if (!e || !e.isConnected) return { status: 'stale' };
        return shown(e) ? { hits: [e], hidden: [] } : { hits: [], hidden: [e] };
      }
      case 'css': {
        if (typeof v !== 'string' || !v.trim()) return { status: 'invalidLocator' };
        return findByCss(v) || { status: 'invalidLocator' };
      }
      case 'text': return findByText(v, o) || { status: 'invalidLocator' };
      case 'role': {
        const role = loc.role || v;
        if (typeof role !== 'string' || !role.trim()) return { status: 'invalidLocator' };
        return findByRole(role, loc.name, o);
      }
      case 'name': return findByName(v, o) || { status: 'invalidLocator' };
      default: return { status: 'invalidLocator' };
    }
  }
  /** An element as a tool's answer names it. @typedef {{ ref: string, role: string, name: string, context?: string }} Described */
  /** @param {El} el @param {Ctx} ctx @param {boolean} [withContext] */
  function describe(el, ctx, withContext) {
    let role = roleOf(el), named = el;
    if (!role && el.localName === 'label' && el.control) { named = el.control; role = roleOf(named); } // label stands for its control
    const ed = editorOf(el);
    if (ed && ed.input === el) role = 'textbox';
    const name = ed && ed.input === el ? editorName(ed) : itemName(named, role, !role);
    /** @type {Described} */
    const d = { ref: refFor(el, ctx), role: role || clickableRole(el), name: cut(name, 80) };
    if (withContext) { const c = contextOf(el, name); if (c) d.context = cut(c, 60); }
    return d;
  }
  /** @param {Locator} locator @param {number} nextRef */
  function resolve(locator, nextRef) {
    const ctx = newCtx(nextRef);
    const m = matchLocator(locator, walkOpts());
    if (m.status) return Object.assign(m, { nextRef: ctx.next });
    if (m.hits.length === 1) {
      const d = describe(m.hits[0], ctx);
      return { status: 'ok', ref: d.ref, role: d.role, name: d.name, password: passwordTarget(m.hits[0]) || undefined, nextRef: ctx.next };
    }
    if (m.hits.length > 1) {
      // Never pick the first of several: the caller must disambiguate.
      const candidates = m.hits.slice(0, 8).map((e) => describe(e, ctx, true));
      return { status: 'ambiguous', count: m.hits.length, candidates, nextRef: ctx.next };
    }
    // A document still being parsed may not hold the element yet: said, so the caller can
    // wait for the parse to end before calling it missing.
    const loading = document.readyState === 'loading';
    const hidden = m.hidden.length || absentMatches(locator);
    // Behind an open modal dialog, or one the page left alone readable (a popover that hides
    // the rest with aria-hidden): the dialog is what stands in the way.
    const modal = hidden ? modalRoot(document) || readableDialog(document) : null;
    if (hidden) return { status: 'notVisible', count: hidden, loading, behind: modal ? summarize(/** @type {El} */ (modal)) : undefined, nextRef: ctx.next };
    const near = nearMatches(locator).map((e) => describe(e, ctx, true));
    return { status: 'none', loading, candidates: near.length ? near : undefined, nextRef: ctx.next };
  }
  // The shown dialog a page left readable while it hid the rest with aria-hidden (react-aria's
  // popovers, marimo's date picker): what a person closes to reach what it hid.
  /** @param {Document} doc */
  function readableDialog(doc) {
    if (!doc.querySelector('[aria-hidden="true"]')) return null;
    const all = doc.querySelectorAll('dialog[open],[role=dialog],[role=alertdialog]');
    for (let k = all.length - 1; k >= 0; k--) {
      const d = /** @type {El} */ (all[k]);
      if (seen(d)) return d;
    }
    return null;
  }
  // For a role or name locator that matched nothing: the visible items whose name holds the
  // name asked for ("Rename" for a menu item named "Rename F2"), at most five. Only offered,
  // never acted on: a name that is merely contained may be another control ("Delete all").
  /** @param {Locator} loc */
  function nearMatches(loc) {
    if (!loc || (loc.kind !== 'role' && loc.kind !== 'name')) return [];
    const n = lc(loc.kind === 'role' ? loc.name : loc.value);
    if (!n) return [];
    const r = loc.kind === 'role' ? lc(loc.role || loc.value) : null;
    const found = findItems((i, hidden) => !hidden && (r === null || roleMatches(i, r)) && nameOfInfo(i, false).includes(n), walkOpts(), 5);
    return found.hits.slice(0, 5);
  }
  // Resolves once the document is parsed (DOMContentLoaded), or after `ms`: whether it was.
  /** @param {number} ms */
  function parsed(ms) {
    if (document.readyState !== 'loading') return Promise.resolve({ parsed: true });
    return new Promise((done) => {
      const to = setTimeout(() => done({ parsed: false }), Math.min(posInt(ms, 5000), 30000));
      document.addEventListener('DOMContentLoaded', () => { clearTimeout(to); done({ parsed: true }); }, { once: true });
    });
  }
  // Matches inside subtrees the walk skips (display:none, aria-hidden, inert, closed
  // details): they exist, so the answer is "not visible" rather than "not found". Only asked
  // when nothing else matched.
  /** @param {Locator} loc */
  function absentMatches(loc) {
    if (!loc || typeof loc !== 'object') return 0;
    let n = 0;
    if (loc.kind === 'text') {
      const needle = lc(loc.value);
      if (!needle) return 0;
      const tw = document.createTreeWalker(document.body || document.documentElement, 4 /* SHOW_TEXT */);
      for (let t = tw.nextNode(), k = 0; t && k < 50000; t = tw.nextNode(), k++) {
        const p = t.parentElement;
        if (lc(/** @type {Text} */ (t).data).includes(needle) && p && !SKIP.has(p.localName) && (absent(p) || !seenPresent(p))) n += 1;
      }
      return n;
    }
    if (loc.kind !== 'role' && loc.kind !== 'name') return 0;
    const want = loc.kind === 'role' ? lc(loc.role || loc.value) : null;
    const name = loc.kind === 'name' ? lc(loc.value) : loc.name == null ? null : lc(loc.name);
    // In open shadow roots too (marimo draws every control inside a custom element's root).
    let seenCount = 0;
    for (const root of [document, ...openShadowRoots(document)]) {
      for (const el of /** @type {NodeListOf<El>} */ (root.querySelectorAll('*'))) {
        if (++seenCount > 20000) return n;
        const r = roleOf(el);
        if (!r || (want && r !== want)) continue;
        if (name !== null && lc(accName(el, r)) !== name) continue;
        if (absent(el)) n += 1;
      }
    }
    return n;
  }
  /** @param {string} role @param {string} name @param {number} max @param {number} nextRef */
  function similar(role, name, max, nextRef) {
    const ctx = newCtx(nextRef);
    const limit = Math.min(posInt(max, 5), 50);
    if (typeof role !== 'string' || !role) return { candidates: [], nextRef: ctx.next };
    const m = findByRole(role, name, walkOpts(), limit);
    return { candidates: m.hits.map((e) => describe(e, ctx)), nextRef: ctx.next };
  }

