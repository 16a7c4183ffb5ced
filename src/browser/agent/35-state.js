  // Part 35, element state: disabled, checked, field values, hrefs, select options; apart because observe, locators and reading all report it.
  // ---------------------------------------------------------------- element state
  /** @param {Element} el */
  function isDisabled(el) {
    try { if (el.matches(':disabled')) return true; } catch (_) { /* not an element that can be disabled */ }
    if (el.closest('[aria-disabled="true"]')) return true; // aria-disabled applies to descendants
    return classDisabled(el);
  }
  // A control a page disables by its class alone (Node-RED's tray buttons and Deploy, jQuery
  // UI's ui-state-disabled, Bootstrap's disabled page item), drawn greyed and without the
  // pointing hand: a press on it does nothing, so it is disabled as a person sees it.
  const DISABLED_CLASS = /^(disabled|is-disabled)$|[-_]disabled$/;
  /** @param {El} el */
  function classDisabled(el) {
    if (st(el).cursor === 'pointer') return false;
    let n = /** @type {Element | null} */ (el);
    for (let k = 0; n && k < 3; k++, n = n.parentElement) {
      if ((n.getAttribute('class') || '').split(/\s+/).some((t) => DISABLED_CLASS.test(t))) return true;
    }
    return false;
  }
  const CHECK_ROLES = new Set(['checkbox', 'switch', 'menuitemcheckbox']);
  /** @param {El} el */
  function checkedOf(el) {
    const a = el.getAttribute('aria-checked');
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      // A box no person sees, or one drawn see-through over the box the page draws, whose page
      // says its state (Element Plus's switch keeps its hidden checkbox unchecked and says
      // aria-checked; Label Studio's row boxes keep `checked` false under their drawn tick):
      // what is drawn follows what the page says.
      if ((a === 'true' || a === 'false' || a === 'mixed') && (!seenPresent(el) || seeThrough(el))) return a === 'mixed' ? 'mixed' : a === 'true';
      return el.indeterminate ? 'mixed' : el.checked;
    }
    if (a === 'true' || a === 'mixed' || a === 'false') return a === 'mixed' ? 'mixed' : a === 'true';
    // A checkbox that says its state as a toggle button would (Directus: `role="checkbox"`
    // with `aria-pressed`): what it says is its state.
    const p = el.getAttribute('aria-pressed');
    if ((p === 'true' || p === 'mixed' || p === 'false') && CHECK_ROLES.has(el.getAttribute('role') || '')) return p === 'mixed' ? 'mixed' : p === 'true';
    const box = drawnBox(el);
    if (!box) return null;
    const tokens = (box.getAttribute('class') || '').split(/\s+/);
    return tokens.some((t) => /-indeterminate$/.test(t)) ? 'mixed' : tokens.some((t) => /-checked$/.test(t));
  }
  // The box a page draws for an item's check with no input and no ARIA state (Ant Design's
  // checkable tree, MLflow's column chooser: a span of class "ant-tree-checkbox", with
  // "ant-tree-checkbox-checked" while checked), just before the item or inside it: what it
  // shows is the item's state, and pressing it is how a person checks the item.
  /** @param {El} el @returns {El | null} */
  function drawnBox(el) {
    if (el.localName === 'input' || (el.hasAttribute('role') && !/^(treeitem|option|gridcell|row)$/.test(el.getAttribute('role') || ''))) return null;
    /** @param {Element | null} c */
    const isBox = (c) => !!c && c.localName !== 'input' && (c.getAttribute('class') || '').split(/\s+/).some((t) => /.-checkbox$/.test(t)) && !c.querySelector('input');
    for (let c = el.previousElementSibling, k = 0; c && k < 3; c = c.previousElementSibling, k++) if (isBox(c)) return /** @type {El} */ (c);
    for (const c of el.querySelectorAll(':scope > *, :scope > * > *')) if (isBox(c)) return /** @type {El} */ (c);
    return null;
  }
  // Whether el is an item a person checks by the box drawn in it (see `drawnBox`): a few
  // words of its own, one such box among its first children, and no control inside.
  /** @param {El} el */
  function boxedItem(el) {
    const kids = el.children;
    if (!kids.length || kids.length > 8) return false;
    let boxed = false;
    for (let k = 0; k < kids.length && !boxed; k++) boxed = /-checkbox(\s|$)/.test(kids[k].getAttribute('class') || '');
    if (!boxed || !drawnBox(el) || el.querySelector(CONTROL_SELECTOR)) return false;
    const words = norm(el.textContent || '');
    return words.length > 0 && words.length <= 80;
  }
  // A password field, or a label standing for one: what typing into the element reaches.
  /** @param {El} e */
  function passwordTarget(e) {
    const ctl = e.localName === 'label' && e.control ? e.control : e;
    return secretField(ctl);
  }
  /** @param {El} el */
  const isTextInput = (el) => el.localName === 'input' && TEXT_TYPES.has(el.type);
  // An editing host carries the attribute itself (reading isContentEditable costs a style
  // lookup, so the attribute is checked first).
  /** @param {El} el */
  // An element that takes text as it is typed: contenteditable, or given an EditContext (Monaco
  // 0.52 and later types into a 0 px wide one in Chrome).
  /** @param {Element} el */
  const isEditHost = (el) => ((el.hasAttribute('contenteditable') && !!(/** @type {El} */ (el)).isContentEditable) || hasEditContext(el)) && el.localName !== 'input' && el.localName !== 'textarea';
  /** @param {Element} el */
  const hasEditContext = (el) => !!(/** @type {{ editContext?: unknown }} */ (/** @type {unknown} */ (el))).editContext;
  // {value, secret} for fields; a select reports its selected options' text (what a user sees).
  /** @param {El} el */
  function fieldValue(el) {
    const tag = el.localName;
    if (tag === 'input') {
      if (BUTTON_TYPES.has(el.type) || el.type === 'checkbox' || el.type === 'radio' || el.type === 'hidden') return null;
      return { value: el.value, secret: secretField(el) };
    }
    if (tag === 'textarea') {
      const ed = editorOf(el);
      return { value: ed && ed.input === el ? editorText(ed) : el.value, secret: false };
    }
    if (tag === 'select') return { value: norm(Array.from(el.selectedOptions, (o) => o.text).join(', ')), secret: false };
    if (isEditHost(el) && !(el.parentElement && el.parentElement.isContentEditable)) {
      const ed = editorOf(el);
      return { value: ed && ed.input === el ? editorText(ed) : norm(el.innerText), secret: false };
    }
    return null;
  }
  // Where a control that steps through numbers stands (a slider, a spinbutton that takes no
  // text): {now, min, max, step, text}, each null where the page does not say; undefined for any
  // other element. A range input's own defaults apply (0, 100, steps of 1 from its min). `text`
  // is what it says it stands at (`aria-valuetext`: "M" on a slider of sizes, "30°C"), which is
  // what a person reads where the number is only a position.
  /** @param {El} el */
  function rangeOf(el) {
    const role = roleOf(el);
    if (role !== 'slider' && !(role === 'spinbutton' && !isEditable(el))) return undefined;
    /** @param {string | null} v @param {number | null} d */
    const num = (v, d) => { const x = parseFloat(v || ''); return Number.isFinite(x) ? x : d; };
    const said = el.getAttribute('aria-valuetext');
    const text = said == null || !norm(said) ? null : cut(norm(said), 80);
    if (el instanceof el.ownerDocument.defaultView.HTMLInputElement && el.type === 'range') {
      return { now: num(el.value, null), min: num(el.min, 0), max: num(el.max, 100), step: el.step === 'any' ? null : num(el.step, 1), text };
    }
    const ion = ionInput(el);
    if (ion) {
      // Its input holds "from" (or "from;to" on a range; it redraws on a timer of its own, so
      // the keys' stepping reads it again until it moves); its data attributes give the bounds,
      // else the bounds it prints at its ends.
      /** @param {string} sel */
      const printed = (sel) => { const p = el.querySelector(sel); return p ? (p.textContent || '').replace(/[^\d.-]/g, '') : null; };
      const d = ion.dataset;
      return { now: num(ion.value.split(';')[0], null), min: num(d.min || printed('.irs-min'), null), max: num(d.max || printed('.irs-max'), null), step: num(d.step || null, null), text };
    }
    return { now: num(el.getAttribute('aria-valuenow'), null), min: num(el.getAttribute('aria-valuemin'), null), max: num(el.getAttribute('aria-valuemax'), null), step: null, text };
  }
  // Links: path+query+fragment (plus //host when it leaves the origin; just the fragment for
  // a jump within this page), at most 200 chars; javascript: URLs are dropped.
  /** @param {Element} el */
  function hrefOf(el) {
    const raw = el.getAttribute('href');
    if (raw == null) return undefined;
    let u;
    try { u = new URL(raw, el.baseURI); } catch (_) { return undefined; }
    let s;
    const here = el.ownerDocument.location;
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      if (u.hash && here && u.origin === here.origin && u.pathname === here.pathname && u.search === here.search) s = u.hash;
      else s = (here && u.origin === here.origin ? '' : '//' + u.host) + u.pathname + u.search + u.hash;
    } else if (u.protocol === 'javascript:') return undefined;
    else s = u.protocol + u.pathname;
    return s.slice(0, 200);
  }
  // Options of a native select as a person sees them in its list (bounded).
  /** @param {El} el @param {number} max */
  function selectOptions(el, max) {
    const out = [];
    let n = 0;
    for (const o of el.options) {
      if (o.hidden || st(o).display === 'none') continue;
      n += 1;
      if (out.length < max) out.push(cut(norm(o.label || o.text), 40));
    }
    return { options: out, count: n };
  }

