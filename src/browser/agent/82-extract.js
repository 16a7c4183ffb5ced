  // Part 82, extraction: the raw text extractStructured normalizes, read off the same model as
  // everything else (tables, lists, regions, sections under a heading, form fields by label);
  // never a CSS selector. Bounded by the caller's window (start, max) and per-cell caps.
  // ---------------------------------------------------------------- extraction
  /** @type {Record<string, string[]>} */
  const SCOPE_ROLES = {
    table: ['table', 'grid', 'treegrid'],
    list: ['list', 'listbox', 'feed', 'tree'],
    region: Array.from(REGION),
    field: ['textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'spinbutton', 'slider'],
  };
  const CELL_CHARS = 500;
  // Sort indicators a header shows beside its name (Datasette's ▼) are not part of it.
  const SORT_MARKS = /[▲▼△▽↑↓⇅⬍⬆⬇▴▾]/g;
  const REGION_CHARS = 20000;
  // FNV-1a over strings: a fingerprint of what a continuation pages through.
  /** @param {string[]} parts */
  function fnv(parts) {
    let h = 0x811c9dc5;
    for (const s of parts) {
      for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
      h ^= 0x1f; h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  }
  /** @param {El} el @param {number} n */
  const textOf = (el, n) => cut(norm(stripIcons(el.innerText || '')), n);
  /** @param {El} el */
  function linkOf(el) {
    const a = el.localName === 'a' && el.hasAttribute('href') ? el : el.querySelector && el.querySelector('a[href]');
    if (!a) return undefined;
    try {
      const u = new URL(a.getAttribute('href'), a.baseURI);
      return u.protocol === 'http:' || u.protocol === 'https:' ? cut(u.href, 2000) : undefined;
    } catch (_) { return undefined; }
  }
  /** A cell's text and link. @typedef {{ t: string, h?: string }} Cell */
  /** @param {El} c */
  function cellOut(c) {
    /** @type {Cell} */
    const out = { t: textOf(c, CELL_CHARS) };
    const h = linkOf(c);
    if (h) out.h = h;
    return out;
  }
  /**
   * What to extract, as Rust sends it: a scope kind (table, list, region, field, section) and its
   * name, which one of several, the window of rows or items, a column.
   * @typedef {{ scope?: string, name?: string, index?: number, start?: number, max?: number, column?: string }} ExtractSpec
   */
  // The scope a spec names: the seen elements of its roles whose name equals the spec's name
  // (else contains it), the index-th (1-based) of them when an index is given.
  /** @param {ExtractSpec} spec */
  function scopeCandidates(spec) {
    resetCaches();
    const roles = new Set(SCOPE_ROLES[spec.scope] || []);
    const want = spec.name == null ? null : lc(spec.name);
    const exact = /** @type {El[]} */ ([]), partial = /** @type {El[]} */ ([]);
    const m = findItems((i, hidden) => {
      if (hidden || !roles.has(i.role)) return false;
      if (want === null) return true;
      const n = nameOfInfo(i, false);
      if (n === want) { exact.push(i.el); return true; }
      if (n.includes(want)) { partial.push(i.el); return true; }
      return false;
    }, walkOpts());
    const pool = want === null ? m.hits : exact.length ? exact : partial;
    if (spec.index) return pool.length >= spec.index ? [pool[spec.index - 1]] : [];
    return pool;
  }
  // The section under a heading: the heading's following siblings (and its parent's, when it
  // opens a section of its own) up to the next heading of the same or a higher level.
  /** @param {ExtractSpec} spec */
  function sectionOf(spec) {
    resetCaches();
    const want = lc(spec.name || '');
    const m = findItems((i, hidden) => !hidden && i.role === 'heading' && (nameOfInfo(i, false) === want || (want && nameOfInfo(i, false).includes(want))), walkOpts());
    const exact = m.hits.filter((h) => lc(accName(h, 'heading')) === want);
    const pool = exact.length ? exact : m.hits;
    const hits = spec.index ? (pool.length >= spec.index ? [pool[spec.index - 1]] : []) : pool;
    if (hits.length !== 1) return { hits };
    const h = hits[0];
    const level = headingLevel(h) || 2;
    /** @param {El} el */
    const stops = (el) => {
      if (roleOf(el) === 'heading' && (headingLevel(el) || 2) <= level) return true;
      const inner = el.querySelector && el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
      return !!inner && (headingLevel(inner) || 2) <= level;
    };
    const parts = [];
    let from = h;
    // A heading wrapped alone (a header, an anchor div) reads on from its wrapper.
    while (!from.nextElementSibling && from.parentElement && from.parentElement !== document.body) from = from.parentElement;
    let bytes = 0;
    for (let /** @type {El} */ n = from.nextElementSibling; n && !stops(n); n = n.nextElementSibling) {
      if (absent(n)) continue;
      const t = norm(stripIcons(n.innerText || ''));
      if (t) { parts.push(t); bytes += t.length; }
      if (bytes > REGION_CHARS) break;
    }
    const all = parts.join('\n');
    return { hits, el: h, text: cut(all, REGION_CHARS), truncated: all.length > REGION_CHARS };
  }
  /** @param {El} el */
  function tableRows(el) {
    const t = headedRows(el, 64, (c) => norm(textOf(c, 200).replace(SORT_MARKS, '')));
    /** @type {El[][]} */
    const body = t.body.map((r) => /** @type {El[]} */ (cellsOf(r).slice(0, 64)));
    return { columns: t.columns || [], body, headers: t.header.length };
  }
  /** @param {El} el */
  function listItems(el) {
    const role = roleOf(el);
    const itemRole = role === 'listbox' ? 'option' : role === 'tree' ? 'treeitem' : role === 'feed' ? 'article' : 'listitem';
    /** @type {El[]} */
    const out = [];
    for (const c of el.querySelectorAll('*')) {
      if (roleOf(c) !== itemRole) continue;
      // Items of this list, not of a list nested in one of them.
      let owner = c.parentElement;
      while (owner && !SCOPE_ROLES.list.includes(roleOf(owner))) owner = owner.parentElement;
      if (owner !== el || !shown(c)) continue;
      out.push(c);
    }
    return out;
  }
  // Label and value pairs in a region: a definition list, or rows of a header cell and a value.
  /** @param {El} el */
  function pairsOf(el) {
    /** @type {[string, Cell][]} */
    const out = [];
    for (const dt of el.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (dd && dd.localName === 'dd' && shown(dt)) out.push([textOf(dt, 200), cellOut(dd)]);
    }
    for (const r of el.querySelectorAll('tr')) {
      const cs = Array.from(r.children).filter((c) => c.localName === 'td' || c.localName === 'th');
      if (cs.length === 2 && shown(r)) out.push([textOf(cs[0], 200), cellOut(cs[1])]);
    }
    return out.slice(0, 256);
  }
  /** @param {ExtractSpec} spec @param {Ctx} ctx */
  function extractOne(spec, ctx) {
    if (spec.scope === 'section') {
      const s = sectionOf(spec);
      if (s.hits.length !== 1) return { status: s.hits.length ? 'ambiguous' : 'notFound', count: s.hits.length };
      return { status: 'ok', ref: refFor(s.el, ctx), role: 'heading', name: cut(accName(s.el, 'heading'), 80), text: s.text, truncated: s.truncated };
    }
    const hits = scopeCandidates(spec);
    if (hits.length !== 1) return { status: hits.length ? 'ambiguous' : 'notFound', count: hits.length };
    const el = hits[0];
    const role = roleOf(el);
    /**
     * @type {{ status: string, ref: string, role: string, name: string, columns?: string[], total?: number, undrawn?: number, fingerprint?: string,
     *   column?: string, rows?: Cell[][], items?: Cell[], checked?: boolean, secret?: boolean, text?: string, truncated?: boolean,
     *   pairs?: [string, Cell][] }}
     */
    const out = { status: 'ok', ref: refFor(el, ctx), role, name: cut(accName(el, role), 80) };
    const start = Math.max(0, Math.floor(spec.start || 0));
    const max = Math.max(0, Math.floor(spec.max || 0));
    if (spec.scope === 'table') {
      const t = tableRows(el);
      out.columns = t.columns;
      out.total = t.body.length;
      out.undrawn = rowsUndrawn(el, t.headers, t.body.length);
      out.fingerprint = fnv([t.columns.join('\u0001'), ...t.body.map((cs) => cs.map((c) => c.innerText || '').join('\u0001'))]);
      let col = -1;
      if (spec.column != null) {
        const want = lc(spec.column);
        col = t.columns.findIndex((c) => lc(c) === want);
        if (col < 0) col = t.columns.findIndex((c) => lc(c).includes(want));
        if (col < 0) return { status: 'noColumn', ref: out.ref, columns: t.columns.slice(0, 32).map((c) => cut(c, 60)) };
        out.column = t.columns[col];
      }
      out.rows = t.body.slice(start, start + max).map((cs) => (col >= 0 ? [cs[col] ? cellOut(cs[col]) : { t: '' }] : cs.map(cellOut)));
      return out;
    }
    if (spec.scope === 'list') {
      const items = listItems(el);
      out.total = items.length;
      out.fingerprint = fnv(items.map((c) => c.innerText || ''));
      out.items = items.slice(start, start + max).map(cellOut);
      return out;
    }
    if (spec.scope === 'field') {
      const checked = checkedOf(el);
      if (checked !== null) { out.checked = checked === true; return out; }
      const v = fieldValue(el);
      if (v && v.secret) { out.secret = true; return out; }
      out.text = v ? cut(v.value, REGION_CHARS) : '';
      return out;
    }
    // A region: its text, and the label and value pairs in it.
    const full = norm(stripIcons(el.innerText || ''));
    out.text = cut(full, REGION_CHARS);
    out.truncated = full.length > REGION_CHARS;
    out.pairs = pairsOf(el);
    return out;
  }
  /** @param {ExtractSpec[]} specs @param {number} nextRef */
  function extractRaw(specs, nextRef) {
    const ctx = newCtx(nextRef);
    const results = (specs || []).map((s) => extractOne(s || {}, ctx));
    return { status: 'ok', results, lang: document.documentElement.lang || '', url: location.href, nextRef: ctx.next };
  }
