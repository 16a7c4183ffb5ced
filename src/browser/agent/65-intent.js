  // Part 65, intents: candidates for a stated intent (an action, words, a scope, constraints), scored with their evidence and what was excluded; apart because it never acts and answers with reasons, not one element.
  // ---------------------------------------------------------------- intents
  // Roles each action can act on.
  /** @type {Record<string, string[]>} */
  const ACTION_ROLES = {
    click: ['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'treeitem', 'checkbox', 'radio', 'switch', 'gridcell'],
    submit: ['button'],
    open: ['link', 'button', 'menuitem', 'tab', 'treeitem'],
    type: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
    clear: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
    check: ['checkbox', 'radio', 'switch', 'menuitemcheckbox'],
    uncheck: ['checkbox', 'switch', 'menuitemcheckbox'],
    toggle: ['checkbox', 'switch', 'button', 'menuitemcheckbox'],
    select: ['combobox', 'listbox'],
    expand: ['button', 'combobox', 'treeitem', 'link'],
    collapse: ['button', 'combobox', 'treeitem', 'link'],
  };
  // Words that say how, not what: they never identify an element.
  const FILLER = new Set(['the', 'a', 'an', 'to', 'of', 'in', 'on', 'for', 'and', 'or', 'with', 'into', 'from', 'at', 'by', 'my', 'this', 'that', 'please',
    'button', 'link', 'field', 'box', 'checkbox', 'tab', 'menu', 'item', 'option', 'row', 'click', 'press', 'tap', 'hit', 'open', 'type', 'enter', 'fill',
    'select', 'choose', 'pick', 'check', 'uncheck', 'tick', 'untick', 'toggle', 'submit', 'clear', 'expand', 'collapse', 'go']);
  /** @param {string} s */
  const words = (s) => lc(s).split(/[^\p{L}\p{N}]+/u).filter((t) => t && !FILLER.has(t));
  // The scopes around el, innermost first, each with the text that names it: a row or list
  // item by its own text (the other cells: "Invoice 2"), a region, form or dialog by its
  // accessible name only (its whole text would name every row inside it).
  /** @param {El} el */
  function scopesOf(el) {
    const out = [];
    for (let n = flatParent(el), k = 0; n && k < 16; n = flatParent(n), k++) {
      const r = roleOf(n);
      const row = r === 'row' || n.localName === 'tr' || r === 'listitem' || n.localName === 'li' || r === 'article';
      if (!row && !REGION.has(r) && n.localName !== 'form') continue;
      const named = norm(accName(n, r));
      const text = row ? named || cut(norm(n.innerText || ''), 300) : named;
      if (text) out.push({ role: r || n.localName, name: named, text });
    }
    return out;
  }
  // What a control's form is about: its name, else its fields' names ("_filter_column").
  /** @param {El} el */
  function formWords(el) {
    const form = el.form || el.closest('form');
    if (!form) return '';
    const named = norm(accName(form, 'form'));
    if (named) return named;
    const fields = Array.from(form.elements).slice(0, 32).map((f) => f.getAttribute('name') || '');
    return cut(fields.join(' ').replace(/[_\-.[\]]+/g, ' '), 200);
  }
  // What a link's address says it does (`?_sort=title`, `/invoices/2/delete`): its path and
  // query words, without the origin.
  /** @param {Element} el */
  function linkWords(el) {
    const a = el.closest('a[href]');
    if (!a) return '';
    let u;
    try { u = new URL(a.getAttribute('href'), a.baseURI); } catch (_) { return ''; }
    if (!/^https?:$/.test(u.protocol)) return '';
    let t = u.pathname + ' ' + u.search;
    try { t = decodeURIComponent(t); } catch (_) { /* keep it encoded */ }
    return cut(t.replace(/[^\p{L}\p{N}]+/gu, ' '), 200);
  }
  /** @param {El} el */
  function hintsOf(el) {
    const out = [];
    if (el.localName === 'select' && el.options.length) {
      const first = el.options[0];
      if (!first.value || /^[\s\-–—.]*$/.test(first.value) || first.value === first.text) out.push(first.text);
    }
    const ph = el.getAttribute('placeholder');
    if (ph) out.push(ph);
    const field = el.getAttribute('name') || el.id || '';
    if (field) out.push(field.replace(/[_\-.[\]]+/g, ' '));
    return out.map((t) => cut(norm(t), 60));
  }
  /**
   * An intent as Rust sends it: the action, its words, constraints on the target and its scope.
   * @typedef {{ action?: string, intent?: string, constraints?: { name?: string, role?: string },
   *   scope?: { regionName?: string, regionRole?: string } }} IntentSpec
   */
  /** @param {IntentSpec} spec @param {number} nextRef */
  function intentCandidates(spec, nextRef) {
    const ctx = newCtx(nextRef);
    spec = spec || {};
    const roles = ACTION_ROLES[spec.action] || ACTION_ROLES.click;
    const want = spec.constraints && spec.constraints.name ? lc(spec.constraints.name) : null;
    const wantRole = spec.constraints && spec.constraints.role ? lc(spec.constraints.role) : null;
    const scopeName = spec.scope && spec.scope.regionName ? lc(spec.scope.regionName) : null;
    const scopeRole = spec.scope && spec.scope.regionRole ? lc(spec.scope.regionRole) : null;
    const intent = words(spec.intent || '');
    const excluded = { wrongRole: 0, outOfScope: 0, nameMismatch: 0, disabled: 0, hidden: 0 };
    const seenEls = new Set();
    const found = [];
    for (const role of roles) {
      resetCaches();
      const m = findByRole(role, null, walkOpts());
      excluded.hidden += (m.hidden || []).length;
      for (const el of m.hits || []) {
        if (seenEls.has(el)) continue;
        seenEls.add(el);
        found.push({ el, role });
      }
    }
    const out = [];
    for (const { el, role } of found) {
      if (wantRole && role !== wantRole) { excluded.wrongRole += 1; continue; }
      const name = norm(accName(el, role));
      const n = lc(name);
      const evidence = [];
      let nameScore = 0;
      if (want) {
        if (n === want) { nameScore = 1; evidence.push('name equals the constraint'); }
        else if (n.includes(want)) { nameScore = 0.7; evidence.push('name contains the constraint'); }
        else { excluded.nameMismatch += 1; continue; }
      }
      const scopes = scopesOf(el);
      let scopeText = '';
      if (scopeName || scopeRole) {
        const s = scopes.find((x) => (!scopeRole || lc(x.role) === scopeRole) && (!scopeName || lc(x.text).includes(scopeName)));
        if (!s) { excluded.outOfScope += 1; continue; }
        scopeText = s.text;
        evidence.push('inside ' + (s.role || 'region') + ' "' + cut(s.name || s.text, 60) + '"');
      }
      if (isDisabled(el)) { excluded.disabled += 1; continue; }
      const context = contextOf(el, name) || '';
      // An unnamed control is known by what stands in for a name: a select's placeholder
      // option ("- column -"), a placeholder, its form field name ("_filter_value").
      const nameWords = words(name || hintsOf(el).join(' '));
      // Words a person reads around it (its row, the words before it, the scope) count as
      // much as its name; its form's field names, half as much.
      const aroundWords = words(context + ' ' + scopeText);
      const formHints = words(formWords(el) + ' ' + linkWords(el));
      let intentScore;
      let covered = !intent.length;
      if (!intent.length) intentScore = want ? 1 : 0;
      else {
        const inName = intent.filter((t) => nameWords.includes(t)).length;
        const around = intent.filter((t) => !nameWords.includes(t) && aroundWords.includes(t)).length;
        const inForm = intent.filter((t) => !nameWords.includes(t) && !aroundWords.includes(t) && formHints.includes(t)).length;
        intentScore = (inName + around + 0.5 * inForm) / intent.length;
        covered = inName > 0 && inName + around + inForm === intent.length;
        if (inName === 0 && !want) intentScore *= 0.5;
        if (inName) evidence.push('name has ' + inName + ' of ' + intent.length + ' intent words');
        if (around) evidence.push('its context has ' + around + ' of them');
        if (inForm) evidence.push('its form or address has ' + inForm + ' of them');
      }
      const phrase = intent.join(' ');
      const exact = (want !== null && n === want) || (!want && phrase !== '' && words(name).join(' ') === phrase);
      const score = want ? 0.6 * nameScore + 0.4 * (intent.length ? intentScore : 1) : intentScore;
      if (score <= 0) continue;
      const d = describe(el, ctx, true);
      out.push({ ref: d.ref, role: d.role, name: d.name, context: d.context, confidence: Math.round(score * 100) / 100, exact, covered, evidence });
    }
    out.sort((a, b) => (+b.exact - +a.exact) || (b.confidence - a.confidence));
    const lang = cut(norm(document.documentElement.getAttribute('lang') || ''), 35);
    return { candidates: out.slice(0, 8), total: out.length, excluded, lang, nextRef: ctx.next };
  }
  // ---------------------------------------------------------------- inspectPage
  // A task-oriented projection of the page: what kind of page it is and why, its regions,
  // forms with their fields, open dialogs and the actions that look primary. Bounded; refs
  // only for what can be acted on.
  const FIELD_ROLES = ['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'spinbutton', 'slider'];
  /** @param {number} nextRef */
  function inspectPage(nextRef) {
    const ctx = newCtx(nextRef);
    resetCaches();
    const o = walkOpts();
    const evidence = [];
    const regions = [];
    for (const role of ['banner', 'navigation', 'main', 'search', 'complementary', 'contentinfo', 'region']) {
      for (const el of findByRole(role, null, o, 16).hits || []) {
        if (regions.length >= 16) break;
        const controls = el.querySelectorAll(CONTROL_SELECTOR).length;
        regions.push({ role, name: cut(norm(accName(el, role)), 80), controls });
      }
    }
    const forms = [];
    let password = false, fieldsTotal = 0;
    const formEls = Array.from(document.forms).filter((f) => shown(f));
    for (const f of formEls.slice(0, 8)) {
      const fields = [];
      let submit = null;
      for (const el of /** @type {Iterable<El>} */ (f.elements)) {
        if (!shown(el)) continue;
        const role = roleOf(el);
        if (el.localName === 'input' && el.type === 'password') password = true;
        if (role && FIELD_ROLES.includes(role)) {
          fieldsTotal += 1;
          if (fields.length >= 16) continue;
          const d = describe(el, ctx);
          const v = fieldValue(el);
          /** @type {Described & { required?: boolean, filled?: boolean, checked?: boolean | 'mixed', invalid?: boolean }} */
          const field = { ref: d.ref, role: d.role, name: d.name };
          if (el.required || el.getAttribute('aria-required') === 'true') field.required = true;
          if (v) field.filled = v.value.length > 0;
          const c = checkedOf(el);
          if (c !== null) field.checked = c;
          if (el.getAttribute('aria-invalid') === 'true') field.invalid = true;
          fields.push(field);
        } else if (!submit && ((el.localName === 'button' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit') || (el.localName === 'input' && (el.type === 'submit' || el.type === 'image')))) {
          const d = describe(el, ctx);
          submit = { ref: d.ref, name: d.name };
        }
      }
      forms.push({ name: cut(norm(accName(f, 'form')), 80), fields, submit });
    }
    const dialogs = [];
    for (const role of ['dialog', 'alertdialog']) {
      for (const el of findByRole(role, null, o, 4).hits || []) {
        const buttons = [];
        for (const b of findByRole('button', null, o, 200).hits || []) {
          if (composedContains(el, b) && buttons.length < 6) { const d = describe(b, ctx); buttons.push({ ref: d.ref, name: d.name }); }
        }
        dialogs.push({ role, name: cut(norm(accName(el, role)), 80), modal: el.getAttribute('aria-modal') === 'true' || (el.localName === 'dialog' && el.matches(':modal')), buttons });
      }
    }
    const actions = [];
    const main = (findByRole('main', null, o, 1).hits || [])[0] || document.body;
    for (const b of findByRole('button', null, o, 200).hits || []) {
      if (actions.length >= 8) break;
      if (!composedContains(main, b) || isDisabled(b)) continue;
      const d = describe(b, ctx, true);
      actions.push({ ref: d.ref, role: d.role, name: d.name, context: d.context });
    }
    const tables = (findByRole('table', null, o, 8).hits || []).concat(findByRole('grid', null, o, 8).hits || []);
    const rows = tables.reduce((n, t) => n + t.querySelectorAll('tr,[role=row]').length, 0);
    const articles = (findByRole('article', null, o, 50).hits || []).length;
    const listItems = (findByRole('listitem', null, o, 200).hits || []).length;
    let kind = 'content';
    if (dialogs.some((d) => d.modal)) { kind = 'dialog'; evidence.push('a modal dialog is open'); }
    else if (password) { kind = 'login'; evidence.push('a password field'); }
    else if (rows >= 5) { kind = 'table'; evidence.push(tables.length + ' table(s), ' + rows + ' rows'); }
    else if (fieldsTotal >= 3) { kind = 'form'; evidence.push(fieldsTotal + ' form fields'); }
    else if (findByRole('searchbox', null, o, 1).hits.length || regions.some((r) => r.role === 'search')) { kind = 'search'; evidence.push('a search box'); }
    else if (articles >= 3 || listItems >= 10) { kind = 'list'; evidence.push(articles ? articles + ' articles' : listItems + ' list items'); }
    else { evidence.push('no form, table, list or dialog dominates'); }
    return { kind, evidence, regions, forms, dialogs, primaryActions: actions, counts: { forms: formEls.length, fields: fieldsTotal, tableRows: rows, articles, listItems }, nextRef: ctx.next };
  }
