  // Part 88, tasks: the live scope a Task Protocol task names (a region, form or dialog by its
  // name, or by the legend, heading or one submit button that titles a form) and what can be
  // done in it, for
  // executeTask to match its inputs against. Bounded lists; refs minted for each entry.
  // ---------------------------------------------------------------- task scope
  // What titles a form, each a name a task may give it: its legend, a heading inside it, the
  // heading just before it (a titled card), and what its one submit button says (Datasette's
  // filter form sits under a "20 rows" heading and goes by its Apply button).
  /** @param {HTMLFormElement} f */
  function formTitles(f) {
    const out = [];
    const legend = f.querySelector('legend');
    if (legend && shown(legend)) out.push(lc(legend.innerText));
    const inner = f.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
    if (inner && shown(inner)) out.push(lc(accName(inner, 'heading')));
    for (let /** @type {El} */ n = f.previousElementSibling, k = 0; n && k < 3; n = n.previousElementSibling, k++) {
      if (roleOf(n) === 'heading') { out.push(lc(accName(n, 'heading'))); break; }
      if (norm(n.innerText)) break;
    }
    const submits = Array.from(f.querySelectorAll('button,input[type=submit],input[type=image]'))
      .filter((b) => shown(b) && (b.localName !== 'button' || (b.getAttribute('type') || 'submit').toLowerCase() === 'submit'));
    if (submits.length === 1) out.push(lc(accName(submits[0], 'button')));
    return out.filter((t) => t);
  }
  /** @param {{ regionName?: string }} spec @param {number} nextRef */
  function taskScope(spec, nextRef) {
    const ctx = newCtx(nextRef);
    spec = spec || {};
    resetCaches();
    /** @type {El} */
    let root = document.documentElement;
    if (spec.regionName) {
      const want = lc(spec.regionName);
      const exact = /** @type {El[]} */ ([]), partial = /** @type {El[]} */ ([]);
      findItems((i, hidden) => {
        if (hidden || !REGION.has(i.role)) return false;
        const n = nameOfInfo(i, false);
        if (n === want) exact.push(i.el);
        else if (want && n.includes(want)) partial.push(i.el);
        return false;
      }, walkOpts());
      for (const f of document.forms) {
        if (!shown(f) || exact.includes(f)) continue;
        const titles = formTitles(f);
        if (titles.includes(want)) exact.push(f);
        else if (want && titles.some((t) => t.includes(want)) && !partial.includes(f)) partial.push(f);
      }
      let pool = exact.length ? exact : partial;
      // A region and the form inside it that share the name are one scope: the inner one.
      pool = pool.filter((el) => !pool.some((o) => o !== el && composedContains(el, o)));
      if (pool.length !== 1) return { status: pool.length ? 'ambiguous' : 'notFound', count: pool.length, nextRef: ctx.next };
      root = pool[0];
    }
    /** @param {El} el */
    const within = (el) => root === document.documentElement || composedContains(root, el);
    /**
     * An entry of a task's scope: a field, button, link, tab or dialog (with its buttons).
     * @typedef {Described & { field?: string, password?: boolean, required?: boolean, submit?: boolean, menu?: boolean,
     *   href?: string, buttons?: TaskEntry[] }} TaskEntry
     */
    /** @param {El} el @param {string} role @returns {TaskEntry} */
    const entry = (el, role) => ({ ref: refFor(el, ctx), role, name: cut(norm(accName(el, role)), 120) });
    /**
     * @type {{ status: string, fields: TaskEntry[], submits: TaskEntry[], buttons: TaskEntry[], links: TaskEntry[], tabs: TaskEntry[],
     *   dialogs: TaskEntry[], scope?: TaskEntry, form?: TaskEntry, nextRef?: number }}
     */
    const out = { status: 'ok', fields: [], submits: [], buttons: [], links: [], tabs: [], dialogs: [] };
    if (root !== document.documentElement) out.scope = entry(root, roleOf(root) || 'form');
    // The form: the scope itself, the one form inside it, or the form around it.
    let form = root.localName === 'form' ? root : null;
    if (!form) {
      const inside = Array.from(root.querySelectorAll('form')).filter((f) => shown(f));
      if (inside.length === 1) form = inside[0];
      else if (!inside.length && root.closest) form = root.closest('form');
    }
    const m = findItems((i, hidden) => !hidden && !!i.role && within(i.el), walkOpts());
    for (const el of m.hits) {
      const role = roleOf(el);
      if (!role) continue;
      if (form && composedContains(form, el) && SCOPE_ROLES.field.includes(role) && out.fields.length < 64) {
        const f = entry(el, role);
        const attr = el.getAttribute('name') || el.id || '';
        if (attr) f.field = cut(attr, 120);
        if (secretField(el)) f.password = true;
        if (el.required || el.getAttribute('aria-required') === 'true') f.required = true;
        out.fields.push(f);
      } else if (role === 'button' && out.buttons.length < 64) {
        const b = entry(el, role);
        const submits = form && composedContains(form, el) && ((el.localName === 'button' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit') || (el.localName === 'input' && (el.type === 'submit' || el.type === 'image')));
        if (submits) { b.submit = true; out.submits.push(b); }
        if (el.getAttribute('aria-haspopup') && el.getAttribute('aria-haspopup') !== 'false') b.menu = true;
        out.buttons.push(b);
      } else if (role === 'link' && out.links.length < 128) {
        const l = entry(el, role);
        const h = linkOf(el);
        if (h) l.href = h;
        out.links.push(l);
      } else if ((role === 'tab' || role === 'menuitem') && out.tabs.length < 32) {
        out.tabs.push(entry(el, role));
      } else if ((role === 'dialog' || role === 'alertdialog') && out.dialogs.length < 4) {
        const d = entry(el, role);
        d.buttons = [];
        for (const b of el.querySelectorAll('button,[role=button],input[type=submit],input[type=button]')) {
          if (shown(b) && d.buttons.length < 8) d.buttons.push(entry(b, 'button'));
        }
        out.dialogs.push(d);
      }
    }
    if (form && form !== root) out.form = entry(form, 'form');
    else if (form) out.form = out.scope;
    out.nextRef = ctx.next;
    return out;
  }
