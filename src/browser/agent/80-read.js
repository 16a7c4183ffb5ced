  // Part 80, reading and small actions: text, dom, select, state, focus, selectAll, valueOf, forceEmpty, scroll; apart as the thin per-ref operations.
  // ---------------------------------------------------------------- reading and small actions
  /** @param {string} s @param {number} max */
  function cutText(s, max) {
    const n = posInt(max, 0);
    const total = s.length;
    if (!n || total <= n) return { s, truncated: false, total };
    let k = n;
    const c = s.charCodeAt(k - 1);
    if (c >= 0xd800 && c < 0xdc00) k -= 1;
    return { s: s.slice(0, k), truncated: true, total };
  }
  /** @param {unknown} ref */
  function target(ref) {
    const e = lookup(ref);
    return e && e !== UNKNOWN && e.isConnected ? e : null;
  }
  /** @param {unknown} ref @param {number} maxChars */
  function text(ref, maxChars) {
    let t;
    if (ref == null) t = pageText(document);
    else {
      const el = target(ref);
      if (!el) return { status: 'stale' };
      const v = fieldValue(el);
      t = v && !v.secret && (el.localName === 'input' || el.localName === 'textarea' || el.localName === 'select' || editorOf(el)) ? v.value : (el.innerText || '') + shadowText(el) + fieldsText(el) + drawnText(el);
    }
    const c = cutText(t, maxChars || 20000);
    return { text: c.s, truncated: c.truncated, totalChars: c.total };
  }
  // HTML as the page holds it, less what the policy keeps back: a secret field's value never
  // (the page may mirror what was typed into the attribute), other fields' values only when
  // form values may be read. Fields are judged on the live page, then blanked in a copy.
  /** @param {unknown} ref @param {number} maxChars @param {boolean} formValues */
  function dom(ref, maxChars, formValues) {
    const el = ref == null ? document.documentElement : target(ref);
    if (!el) return { status: 'stale' };
    const FIELDS = 'input,textarea';
    /** @type {El[]} */
    const live = el.matches && el.matches(FIELDS) ? [el] : [];
    live.push(...el.querySelectorAll(FIELDS));
    let html;
    if (!live.length) {
      html = el.outerHTML || '';
    } else {
      const copy = /** @type {Element} */ (el.cloneNode(true));
      const copies = copy.matches && copy.matches(FIELDS) ? [copy] : [];
      copies.push(...copy.querySelectorAll(FIELDS));
      live.forEach((f, i) => {
        const c = copies[i];
        if (!c) return;
        const buttonLike = f.localName === 'input' && (BUTTON_TYPES.has(f.type) || f.type === 'checkbox' || f.type === 'radio');
        if (secretField(f) || (!formValues && !buttonLike)) {
          if (c.hasAttribute('value')) c.setAttribute('value', '');
          if (c.localName === 'textarea') c.textContent = '';
        }
      });
      html = copy.outerHTML || '';
    }
    const c = cutText(html, maxChars || 100000);
    return { html: c.s, truncated: c.truncated, totalChars: c.total };
  }
  /** @param {Element} el @param {string} type */
  const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
  // ---------------------------------------------------------------- choosing an option
  /** How an option is read: its value, and the names a person reads for it. @typedef {{ value: (o: any) => string | null, names: (o: any) => string[] }} OptionReading */
  // The options `spec` names, one rule for every list: its value first (what the page submits),
  // then a name (what the observation shows), exactly, else ignoring case; several are ambiguous.
  /** @template T @param {T[]} options @param {{ value?: unknown, label?: unknown }} spec @param {OptionReading} read @returns {T[]} */
  function optionsNamed(options, spec, read) {
    /** @param {unknown} want */
    const byName = (want) => {
      const w = norm(want);
      const exact = options.filter((o) => read.names(o).includes(w));
      return exact.length ? exact : options.filter((o) => read.names(o).some((n) => lc(n) === lc(w)));
    };
    if (spec.value != null) {
      const v = options.filter((o) => read.value(o) === String(spec.value));
      return v.length ? v.slice(0, 1) : byName(spec.value);
    }
    return spec.label != null ? byName(spec.label) : [];
  }
  // Up to 16 options (or `most`) as a failure lists them (value, label), bounded.
  /** @template T @param {T[]} options @param {OptionReading} read @param {number} [most] */
  const optionEntries = (options, read, most = 16) => options.slice(0, most).map((o) => ({ value: cut(read.value(o) ?? '', 80), label: cut(read.names(o)[0], 80) }));
  /** @param {unknown} ref @param {{ value?: unknown, label?: unknown }} spec */
  function select(ref, spec) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    if (el.localName !== 'select') return { ok: false, failure: 'notSelect' };
    if (isDisabled(el)) return { ok: false, failure: 'disabled' };
    spec = spec || {};
    const opts = Array.from(el.options);
    /** @type {OptionReading} */
    const read = { value: (x) => x.value, names: (x) => [norm(x.label || x.text), norm(x.text)] };
    const hits = optionsNamed(opts, spec, read);
    if (hits.length > 1) return { ok: false, failure: 'ambiguousOption', options: optionEntries(hits, read), optionCount: hits.length };
    const opt = hits[0] || null;
    if (!opt) return { ok: false, failure: 'noSuchOption', options: optionEntries(opts, read), optionCount: opts.length };
    if (opt.disabled) return { ok: false, failure: 'disabled' };
    // Kept out of sight inside a widget the page draws: chosen in that widget, as a person does
    // (a name it has no option for is refused above, the widget untouched).
    if (choosingIn(el) !== el) return { ok: false, failure: 'drawn', label: cut(norm(opt.label || opt.text), 200) };
    arm();
    // A multiple select ends with exactly this option selected, like a single one.
    if (el.multiple) for (const x of opts) x.selected = x === opt;
    else el.selectedIndex = opt.index;
    fire(el, 'input');
    fire(el, 'change');
    return { ok: true, selectedIndex: el.selectedIndex };
  }
  // ---------------------------------------------------------------- lists that are no <select>
  // A list a person picks from that is no <select>: a combobox (a field or a button that opens
  // a listbox: Tom Select, Shoelace's select, React Select) or a listbox. Its options are the
  // page model's (role option, seen by a person) in the list it controls, else the list it is,
  // else the listbox shown nearest to it; the one `spec` names is matched by its value, then by
  // its name, as a <select>'s option is. `kind` null: not such a list.
  /** @param {unknown} ref @param {{ value?: unknown, label?: unknown }} spec @param {number} nextRef */
  function listOptions(ref, spec, nextRef) {
    const ctx = newCtx(nextRef);
    const found = target(ref);
    if (!found) return { status: 'stale', nextRef: ctx.next };
    const el = choosingIn(found);
    resetCaches();
    if (!picksFromList(el)) return { kind: /** @type {string | null} */ (null), nextRef: ctx.next };
    // A field that suggests from a <datalist>: its options are known without opening anything
    // (Chrome draws their popup outside the page), and choosing one types its value.
    const suggests = el instanceof el.ownerDocument.defaultView.HTMLInputElement && el.list ? el.list : null;
    if (suggests) {
      const options = Array.from(/** @type {HTMLDataListElement} */ (suggests).options).filter((o) => !o.disabled).slice(0, 500);
      /** @type {OptionReading} */
      const offered = {
        value: (o) => /** @type {HTMLOptionElement} */ (o).value,
        names: (o) => { const opt = /** @type {HTMLOptionElement} */ (o); return [...new Set([norm(opt.label), norm(opt.value)].filter(Boolean))]; },
      };
      const hits = optionsNamed(options, spec || {}, offered);
      const one = hits.length === 1 ? /** @type {HTMLOptionElement} */ (hits[0]) : null;
      return {
        kind: 'combobox', editable: true, suggests: true, listShown: false,
        match: one ? { ref: refFor(one, ctx), role: 'option', name: cut(offered.names(one)[0], 80), value: one.value } : null,
        ambiguous: hits.length > 1,
        options: optionEntries(hits.length > 1 ? hits : options, offered),
        optionCount: hits.length > 1 ? hits.length : options.length,
        nextRef: ctx.next,
      };
    }
    const role = roleOf(el);
    /** @param {El} o */
    // An item with no role (see `markedItem`) is named by its text, as a person reads it.
    const nameOf = (o) => itemName(o, 'option', markedItem(o));
    /** @type {OptionReading} */
    const read = {
      value: (o) => { const v = o.getAttribute('value') ?? o.getAttribute('data-value'); return v == null ? null : String(v); },
      names: (o) => [nameOf(o)],
    };
    let list = role === 'listbox' ? el : controlledList(el) || shownList(el);
    // A list kept for screen readers (0 px, a few options at a time) beside the one the page
    // draws: the drawn one is what a person picks from (Ant Design's select).
    if (list && role !== 'listbox' && !optionsIn(list).length) list = itemsBeside(list) || list;
    if (list) listsRead.set(el, list);
    const options = list ? optionsIn(list) : [];
    let hits = optionsNamed(options, spec || {}, read);
    // No option has the name, and the field holds it as typed: the one option that offers to
    // create it (MLflow's tag key, 'Add tag "owner"'; "Create owner") is the choice.
    const want = norm(spec && (spec.label ?? spec.value));
    const typedIn = fieldValue(found !== el && isEditable(found) ? found : el);
    const created = !hits.length && !!want && !!typedIn && lc(norm(String(typedIn.value))) === lc(want)
      ? options.filter((o) => createsOption(nameOf(o), want)) : [];
    if (created.length === 1) hits = created;
    const pick = hits.length === 1 ? hits[0] : null;
    // An option the list marks chosen already: in a list that holds several a press would take
    // it back (whether the choice shows is asked before it is left as it is).
    const marked = !!pick && pick.getAttribute('aria-selected') === 'true';
    return {
      kind: role === 'listbox' ? 'listbox' : 'combobox',
      // Typed into where the field is its own, or the textbox inside it.
      editable: role !== 'listbox' && (isEditable(el) || (found !== el && isEditable(found))),
      // The list itself is shown (maybe saying it has nothing for what was typed).
      listShown: !!list && !!sight(list),
      // The combobox says its popup is closed (whatever list shows beside it).
      closed: role !== 'listbox' && el.getAttribute('aria-expanded') === 'false',
      match: pick ? { ref: refFor(pick, ctx), role: 'option', name: cut(created.length === 1 ? want : nameOf(pick), 80), marked: marked || undefined } : null,
      ambiguous: hits.length > 1,
      options: optionEntries(hits.length > 1 ? hits : options, read),
      optionCount: hits.length > 1 ? hits.length : options.length,
      // The last option drawn: with the first ones, what tells a list moved on.
      last: options.length ? cut(nameOf(options[options.length - 1]), 80) : '',
      // Every option drawn (500 at most): a list drawn a window at a time is told whole from
      // the windows its turns showed.
      drawn: optionEntries(options, read, 500),
      nextRef: ctx.next,
    };
  }
  // Whether an option named `name` offers to create `want`: the text quoted in it after a
  // word saying so ('Add tag "owner"', 'Create “owner”'), or that word and the text alone.
  /** @param {string} name @param {string} want */
  function createsOption(name, want) {
    const n = lc(norm(name)), w = lc(want);
    const says = /^\+?\s*(add|create|new|use|insert)\b/.test(n);
    if (!says) return false;
    const quoted = n.match(/["“'«]([^"”'»]*)["”'»]\s*$/);
    if (quoted) return norm(quoted[1]) === w;
    return n.replace(/^\+?\s*(add|create|new|use|insert)\s*:?\s*/, '') === w;
  }
  // Whether el is a list a person picks from (a `<select>` too): a combobox, a listbox, or what
  // opens one. `listOptions` and `fillForm` (through `state`) both ask here.
  /** @param {El} el */
  const picksFromList = (el) => { const r = roleOf(el); return r === 'combobox' || r === 'listbox' || lc(el.getAttribute('aria-haspopup') || '') === 'listbox'; };
  // The list a combobox names as the one it controls or owns (in its own tree: a shadow root's
  // ids are its own).
  /** @param {El} el @returns {El | null} */
  function controlledList(el) {
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    /** @type {El | null} */
    let other = null;
    for (const attr of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean)) {
        const l = /** @type {El | null} */ (root.getElementById ? root.getElementById(id) : null);
        if (!l) continue;
        // A list, or what holds its options, first: Select2 says it controls the text of its
        // choice (inside itself) and owns its list.
        if (roleOf(l) === 'listbox' || l.querySelector('[role="option"]')) return l;
        if (!other && !composedContains(el, l)) other = l;
      }
    }
    return other;
  }
  // The list each combobox's options were last read from (where its option is pressed): what
  // that list marks is no sign of the choice (Choices.js marks the highlighted option selected).
  /** @type {WeakMap<El, El>} */
  const listsRead = new WeakMap();
  // The listbox with options shown nearest to el (a popup the page put at the end of the body;
  // measured from el's bottom, a popup below el comes before a list of what el holds).
  /** @param {El} el @returns {El | null} */
  function shownList(el) {
    /** @type {El[]} */
    const lists = [];
    for (const root of [document, ...openShadowRoots(document)]) {
      for (const l of /** @type {NodeListOf<El>} */ (root.querySelectorAll(LISTBOX_SELECTOR))) {
        if (l !== el && roleOf(l) === 'listbox' && sight(l) && optionsIn(l).length) lists.push(l);
      }
    }
    return nearestBelow(el, lists.map((l) => [l, l])) || (el.getAttribute('aria-expanded') === 'true' ? drawnList(el) : null);
  }
  // The list a combobox that says it is open draws with no listbox role and names nowhere
  // (Element Plus's select-v2: items that say `aria-selected` and nothing else, in a popup at
  // the end of the body; Downshift in Actual Budget: options in a portal that is no listbox):
  // what holds the shown marked item or option nearest to el's bottom, outside el's own
  // widget. null when nothing is shown so.
  /** @param {El} el @returns {El | null} */
  function drawnList(el) {
    const own = widgetAround(el) || el;
    /** @type {[El, El][]} */
    const held = [];
    for (const root of [document, ...openShadowRoots(document)]) {
      /** @type {El[]} */
      const loose = [.../** @type {NodeListOf<El>} */ (root.querySelectorAll('[role=option]'))].filter((o) => !!o.parentElement && !o.parentElement.closest('[role=listbox]') && !!sight(o));
      for (const i of [...shownMarked(root), ...loose]) if (i.parentElement && !composedContains(own, i)) held.push([i, /** @type {El} */ (i.parentElement)]);
    }
    return nearestBelow(el, held);
  }
  // Of `found` (each an element measured, and what it stands for), what stands for the one
  // nearest to el's bottom left corner: the measure every "list shown near a combobox" rule uses.
  /** @param {El} el @param {[El, El][]} found @returns {El | null} */
  function nearestBelow(el, found) {
    const at = el.getBoundingClientRect();
    /** @type {El | null} */
    let best = null, far = Infinity;
    for (const [m, v] of found) {
      const r = m.getBoundingClientRect();
      const d = Math.hypot(r.left - at.left, r.top - at.bottom);
      if (d < far) { far = d; best = v; }
    }
    return best;
  }
  // The options a person sees in `list`, in the flat tree (slotted options included), at most 500.
  /** @param {El} list @returns {El[]} */
  function optionsIn(list) {
    /** @type {El[]} */
    const out = [];
    /** @type {Node[]} */
    const todo = [...kids(list)].reverse();
    for (let k = 0; todo.length && k < 5000 && out.length < 500; k++) {
      const n = /** @type {El} */ (todo.pop());
      if (n.nodeType !== 1) continue;
      if (roleOf(n) === 'option' || markedItem(n)) { if (sight(n)) out.push(n); continue; }
      for (const c of [...kids(n)].reverse()) todo.push(c);
    }
    return out;
  }
  // What a person presses to open the list of a see-through combobox (Ant Design's select
  // draws its choice over its input, which only a person's press on that drawing reaches): the
  // widget it is drawn in, with a ref minted from `nextRef`; else null (the combobox itself).
  /** @param {unknown} ref @param {number} nextRef */
  function openerOf(ref, nextRef) {
    const ctx = newCtx(nextRef);
    const found = target(ref);
    const el = found && choosingIn(found);
    const w = el && seeThrough(el) ? widgetAround(el) : null;
    return { match: w ? { ref: refFor(w, ctx) } : null, nextRef: ctx.next };
  }
  // Where a person turns the wheel to see more of the list element `ref` opens (the one its
  // options were last read from): the centre of its part on screen, and that part's height.
  // null when none of it is on screen.
  /** @param {unknown} ref */
  function listPoint(ref) {
    const found = target(ref);
    const el = found && choosingIn(found);
    const list = el && listsRead.get(el);
    if (!list || !list.isConnected) return null;
    resetCaches();
    // Over what scrolls its options (the list may be a wrapper of no size of its own).
    const first = optionsIn(list)[0];
    let over = list;
    /** @param {El} box */
    const scrolls = (box) => box.scrollHeight > box.clientHeight + 1 && st(box).overflowY !== 'visible';
    for (let n = first && flatParent(first); n && n !== list && composedContains(list, n); n = flatParent(n)) {
      const box = /** @type {El} */ (n);
      if (scrolls(box)) { over = box; break; }
    }
    const s = sight(over) || sight(list);
    if (!s || !s.vis) return null;
    // Where the scroller stands: a list that draws more rows than it shows (Vuetify's draws 45)
    // can scroll on for turns that draw nothing new before its end.
    const top = scrolls(over) ? over.scrollTop : null;
    return { x: s.vis.x + s.vis.w / 2, y: s.vis.y + s.vis.h / 2, h: s.vis.h, top };
  }
  // An item the page marks chosen or not (`aria-selected`) without giving it a role: an option
  // of a list drawn beside the one kept for screen readers.
  /** @param {El} n */
  const markedItem = (n) => !n.hasAttribute('role') && n.hasAttribute('aria-selected') && !roleOf(n);
  // The drawn list beside `list` (within its parent or grandparent): what holds the marked
  // items a person sees there. null when there is none.
  /** @param {El} list @returns {El | null} */
  function itemsBeside(list) {
    for (let n = list.parentElement, k = 0; n && k < 2 && n !== document.body; n = n.parentElement, k++) {
      if (shownMarked(n).length) return /** @type {El} */ (n);
    }
    return null;
  }
  // The marked items (see `markedItem`) a person sees in `root`.
  /** @param {ParentNode} root @returns {El[]} */
  const shownMarked = (root) => [.../** @type {NodeListOf<El>} */ (root.querySelectorAll('[aria-selected]:not([role])'))].filter((i) => markedItem(i) && sight(i));
  // Whether the list el opens now shows `name` as chosen, after its option was pressed: for a
  // listbox, that option marked selected; for a combobox, an element beside it in its widget
  // that reads exactly the name (Tom Select's item, React Select's single value; not el itself,
  // nor a list still open there), else its own value: once the list closed, when the name is
  // what was typed into it (a list that ignored the press still holds the typed text, open).
  /** @param {unknown} ref @param {string} name @param {string | null} typed */
  function chosenShows(ref, name, typed) {
    const found = target(ref);
    if (!found) return { status: 'stale' };
    const el = choosingIn(found);
    resetCaches();
    const want = lc(norm(name));
    if (!want) return { shows: false };
    const list = roleOf(el) === 'listbox' ? el : controlledList(el);
    if (roleOf(el) === 'listbox') return { shows: !!list && optionsIn(list).some((o) => o.getAttribute('aria-selected') === 'true' && lc(itemName(o, 'option', false)) === want) };
    const open = !!list && !!sight(list) && el.getAttribute('aria-expanded') !== 'false';
    const pressedIn = listsRead.get(el);
    // A combobox that takes no text (a button) shows its choice as its own text; one whose
    // list holds several, as one of the names it lists with commas (Material UI's "Green, Blue").
    const several = [list, pressedIn].some((l) => !!l && l.getAttribute('aria-multiselectable') === 'true');
    const own = lc(norm(el.innerText || ''));
    // The field text is typed into: the combobox itself, or the textbox inside it (its value is
    // what was typed until the list closes, never a sign of the choice before).
    /** @param {El} f */
    const textField = (f) => isTextInput(f) || f.localName === 'textarea';
    const field = textField(el) ? el : found !== el && textField(found) ? found : null;
    if (!field && !(list && composedContains(el, list)) && (own === want || (several && own.split(/\s*,\s*/).includes(want)))) return { shows: true };
    // Shown (innerText reads a hidden element's whole text), and no option unless marked
    // selected: what the list offers is no sign of what was chosen, what it marks chosen is;
    // nothing in the list the option was pressed in is.
    /** @param {El} n */
    const reads = (n) => n !== el && n !== field && n.getClientRects().length > 0 && (roleOf(n) !== 'option' || n.getAttribute('aria-selected') === 'true')
      && !(list && composedContains(list, n)) && !(pressedIn && composedContains(pressedIn, n))
      && (n.localName === 'input' ? lc(norm(n.value)) : lc(norm(textBesideButtons(n)))) === want;
    /** @param {El} n */
    const anyReads = (n) => {
      const tw = n.ownerDocument.createTreeWalker(n, 1 /* SHOW_ELEMENT */);
      for (let d = /** @type {El | null} */ (tw.nextNode()), c = 0; d && c < 300; d = /** @type {El | null} */ (tw.nextNode()), c++) {
        if (reads(d)) return true;
      }
      return false;
    };
    for (let n = /** @type {El | null} */ (el), k = 0; n && k < 3; n = flatParent(n), k++) {
      if (n === document.body || (list && open && composedContains(n, list))) break;
      if (anyReads(n)) return { shows: true };
    }
    // Or anywhere in the widget it is drawn in (Ant Design's tags sit beside its input's box).
    const w = widgetAround(el);
    if (w && !(list && open && composedContains(w, list)) && anyReads(w)) return { shows: true };
    if (field && isTextInput(field) && lc(norm(/** @type {HTMLInputElement} */ (field).value)) === want) return { shows: typed == null || !open };
    return { shows: false };
  }
  // What el reads without the buttons in it (a chosen item's "Remove item" button, or link:
  // selectize's ×).
  /** @param {El} el */
  function textBesideButtons(el) {
    let t = el.innerText || '';
    for (const b of el.querySelectorAll('button, [role="button"], a[href]')) {
      const bt = /** @type {HTMLElement} */ (b).innerText || '';
      if (bt) t = t.replace(bt, ' ');
    }
    return t;
  }
  // Let go of a list that was opened and not chosen in: the focus leaves it, as when a person
  // clicks elsewhere, so its popup closes instead of covering what comes next.
  /** @param {unknown} ref */
  function letGo(ref) {
    const found = target(ref);
    const el = found && choosingIn(found);
    const a = deepActive();
    if (el && a && (a === el || composedContains(el, a)) && a instanceof a.ownerDocument.defaultView.HTMLElement) a.blur();
    return { ok: true };
  }
  // Whether the list a choice was just made in is still open over the page (a multiple
  // select's menu stays open for more), and whether the focus is in it or its combobox, where
  // a person's Escape closes it: `{open, keysThere}`.
  /** @param {unknown} ref */
  function stillOpen(ref) {
    const found = target(ref);
    const el = found && choosingIn(found);
    if (!el || roleOf(el) === 'listbox') return { open: false, keysThere: false, inDialog: false };
    resetCaches();
    const list = listsRead.get(el) || controlledList(el);
    const open = !!list && list.isConnected && !!sight(list) && el.getAttribute('aria-expanded') !== 'false';
    const a = deepActive();
    // In a dialog, an Escape the list does not take closes the dialog (Chakra's, in Airflow).
    let inDialog = false;
    for (let n = flatParent(el); n && !inDialog; n = flatParent(n)) inDialog = n.localName === 'dialog' || roleOf(n) === 'dialog' || roleOf(n) === 'alertdialog';
    return { open, keysThere: open && !!a && (a === el || composedContains(el, a) || composedContains(/** @type {El} */ (list), a)), inDialog };
  }
  // A CSS selector that names exactly this element in its document (for the direct CLI, whose
  // refs die with its one-command session): an id unique in the document, else tag and
  // :nth-of-type steps from the nearest such id or the root. Null inside a shadow root or
  // past 512 characters.
  /** @param {unknown} ref */
  function cssPath(ref) {
    const el = target(ref);
    return el && el.getRootNode() === document ? pathIn(el, document) : null;
  }
  /** @param {Element} el @param {Document | ShadowRoot} root */
  function pathIn(el, root) {
    const steps = [];
    for (let e = /** @type {Element | null} */ (el); e; e = e.parentElement) {
      if (e.id && root.querySelectorAll('#' + CSS.escape(e.id)).length === 1) {
        steps.unshift('#' + CSS.escape(e.id));
        break;
      }
      const parent = e.parentElement;
      const same = parent ? Array.from(parent.children).filter((c) => c.localName === /** @type {Element} */ (e).localName) : [e];
      steps.unshift(CSS.escape(e.localName) + (same.length > 1 ? ':nth-of-type(' + (same.indexOf(e) + 1) + ')' : ''));
    }
    const selector = steps.join(' > ');
    return selector.length <= 512 && root.querySelector(selector) === el ? selector : null;
  }
  // Where each element whose state was read stood (its root, its path there, its role and
  // name), by ref: a page may draw a control anew as it takes a press (TiddlyWiki's settings,
  // a React key that changes), and the one standing there now, of the same role and name (or
  // a name holding the other's), is the control whose state counts, for every action that
  // reads the state after.
  /** @type {Map<string, { root: Document | ShadowRoot, path: string, role: string, name: string }>} */
  const placesRead = new Map();
  /** @param {string} ref @param {El} e */
  function rememberPlace(ref, e) {
    const root = /** @type {Document | ShadowRoot} */ (e.getRootNode());
    const path = pathIn(e, root);
    placesRead.delete(ref);
    if (!path) return;
    const role = roleOf(e) || '';
    placesRead.set(ref, { root, path, role, name: accName(e, role) });
    if (placesRead.size > 200) placesRead.delete(/** @type {string} */ (placesRead.keys().next().value));
  }
  /** The element standing where the detached element of `ref` stood, drawn anew. @param {unknown} ref */
  function standIn(ref) {
    const p = typeof ref === 'string' ? placesRead.get(ref) : undefined;
    if (!p || !p.root.isConnected) return null;
    const now = /** @type {El | null} */ (p.root.querySelector(p.path));
    if (!now || (roleOf(now) || '') !== p.role) return null;
    // The same name, or one that holds the other: a toggle that says what it does next
    // ("Pin run" drawn anew as "Unpin run", MLflow's; "Follow", "Unfollow").
    const was = lc(p.name), is = lc(accName(now, p.role));
    return is === was || (!!was && !!is && (is.includes(was) || was.includes(is))) ? now : null;
  }
  /** @param {...unknown} refs */
  function cssPaths(...refs) {
    return refs.slice(0, 64).map(cssPath);
  }
  /**
   * @param {unknown} ref
   * @returns {{ status?: string, connected: boolean, checked?: boolean | 'mixed' | null, valueLength?: number | null, focused?: boolean,
   *   role?: string | null, name?: string, password?: boolean, editor?: string, picksFromList?: boolean,
   *   range?: { now: number | null, min: number | null, max: number | null, step: number | null, text: string | null }, readOnly?: boolean, wentChecked?: boolean | string | null }}
   */
  function state(ref) {
    const found = lookup(ref);
    if (found === UNKNOWN) return { status: 'unknown', connected: false };
    const e = found && found.isConnected ? found : standIn(ref);
    // Gone from the document: the state it went in (its attributes stay on it).
    if (!e) {
      let wentChecked = null;
      try { wentChecked = found ? checkedOf(found) : null; } catch (_) { wentChecked = null; }
      return { connected: false, checked: null, valueLength: null, focused: false, role: null, name: '', wentChecked };
    }
    if (e === found) rememberPlace(/** @type {string} */ (ref), e);
    const role = roleOf(e);
    const ctl = e.localName === 'label' && e.control ? e.control : e; // a label stands for its control
    const v = fieldValue(ctl);
    const root = /** @type {Document | ShadowRoot} */ (e.getRootNode());
    const ed = editorOf(ctl);
    return {
      connected: true,
      checked: checkedOf(ctl),
      valueLength: v ? v.value.length : null,
      focused: root.activeElement === e,
      role: role || (ctl !== e ? roleOf(ctl) : null),
      name: cut(accName(ctl !== e && !role ? ctl : e, role), 80),
      password: passwordTarget(e),
      editor: ed && ed.input === ctl ? ed.kind : undefined,
      picksFromList: picksFromList(choosingIn(ctl)) || undefined,
      range: rangeOf(ctl),
      // Read-only by the native attribute, which a page may lift once the field has the focus.
      readOnly: ((ctl.localName === 'input' || ctl.localName === 'textarea') && /** @type {HTMLInputElement} */ (ctl).readOnly) || undefined,
    };
  }
  /** @param {El} el */
  function caretToEnd(el) {
    if (el.localName === 'input' || el.localName === 'textarea') {
      const n = el.value.length;
      try { el.setSelectionRange(n, n); } catch (_) { /* email/number inputs have no selection API */ }
    } else if (el.isContentEditable) {
      const sel = el.ownerDocument.getSelection();
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
      sel.removeAllRanges();
      sel.addRange(range);
    }
  }
  // Focus el as a click or Tab would, moving no box with overflow:hidden around it (no person
  // scrolls those; see `keepingHidden`): every focus for keys comes here. Whether el had it.
  /** @param {El} el */
  function focusKeepingHidden(el) {
    if (/** @type {Document | ShadowRoot} */ (el.getRootNode()).activeElement === el) return true;
    keepingHidden(el, () => el.focus({ preventScroll: false }));
    // A widget whose role sits on a wrapper that takes no focus (Quasar's slider: its track
    // takes the keys) is focused where a press on it puts the focus: its first focusable part.
    const now = deepActive();
    if (now !== el && !(now && composedContains(el, now))) {
      const part = Array.from(el.querySelectorAll('[tabindex]')).find((p) => focusable(p) && seen(/** @type {El} */ (p)));
      if (part) keepingHidden(el, () => /** @type {HTMLElement} */ (part).focus({ preventScroll: false }));
    }
    return false;
  }
  // Focus for typing. An element that already has focus keeps its caret and selection, so
  // typing inserts at the caret and replaces a selection, as a person's keys would; one
  // focused now gets the caret at the end of its text (a code editor keeps its own).
  /** @param {unknown} ref */
  function focus(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    const before = deepActive();
    const already = focusKeepingHidden(el);
    const ed = editorOf(el);
    if (!already && !(ed && ed.input === el) && (isTextInput(el) || el.localName === 'textarea' || el.isContentEditable)) caretToEnd(el);
    const elsewhere = readyForKeys(el, ed);
    // Not handed on: the focus never left where it was (el takes none).
    return { ok: true, focused: root.activeElement === el, already, elsewhere, stayed: (!!elsewhere && deepActive() === before) || undefined };
  }
  // After el was focused for keys: arm settling, watch where the keys go (`watchInput`), and
  // say where the focus is when the page handed it on to another element as el took it (a
  // header search box that opens the real one), so that no key is sent: null when the focus is
  // el's (inside it, on its editor, or on an element holding it, an editing host).
  /** @param {El} el @param {ReturnType<typeof editorOf>} ed */
  function readyForKeys(el, ed) {
    arm();
    const via = ed && ed.input === el ? ed.root : el;
    watchInput(el, via, 'keys');
    keysField = fieldBeforeKeys(el, ed && ed.input === el ? ed : null);
    /** @type {Element | null} */
    let active = el.ownerDocument.activeElement;
    for (let k = 0; active && active.shadowRoot && active.shadowRoot.activeElement && k < 32; k++) active = active.shadowRoot.activeElement;
    return active && !lands(el, via, active) && !composedContains(active, el) ? summarize(/** @type {El} */ (active)) : null;
  }
  // The field the keys were last readied for, what it held then around its caret (a password
  // field: only how many characters would stay), and whether an editor showed all its lines:
  // what typing leaves there is judged against it (`typedHeld`). Dropped with each turn.
  /** @typedef {{ el: El, ed: Editor | null, head: string, tail: string, kept: number, secret: boolean, whole: boolean }} KeysField */
  /** @type {KeysField | null} */
  let keysField = null;
  /** @param {El} el @param {Editor | null} ed @returns {KeysField | null} */
  function fieldBeforeKeys(el, ed) {
    const v = fieldValue(el);
    if (!v) return null;
    let s = v.value.length, e = s;
    if (!ed && (el.localName === 'input' || el.localName === 'textarea')) {
      try {
        const f = /** @type {HTMLInputElement} */ (el);
        if (f.selectionStart != null && f.selectionEnd != null) { s = f.selectionStart; e = f.selectionEnd; }
      } catch (_) { /* email and number inputs have no selection API: the caret is taken at the end */ }
    }
    const secret = v.secret;
    return { el, ed, head: secret ? '' : v.value.slice(0, s), tail: secret ? '' : v.value.slice(e), kept: v.value.length - (e - s), secret, whole: editorWhole(ed) };
  }
  // Whether a code editor shows every line of its text (it draws only those in view): only then
  // is its text before and after the keys comparable.
  /** @param {Editor | null} ed */
  function editorWhole(ed) {
    if (!ed) return true;
    const sc = ed.root.querySelector('.CodeMirror-scroll, .cm-scroller');
    if (sc) return sc.scrollHeight <= sc.clientHeight + 2;
    const lines = ed.root.querySelector('.lines-content');
    const view = ed.root.querySelector('.monaco-scrollable-element');
    return !!lines && !!view && /** @type {HTMLElement} */ (lines).offsetHeight <= /** @type {HTMLElement} */ (view).clientHeight + 2;
  }
  // What the field readied for keys held before them and holds now, for Glass to judge whether
  // it holds the text typed (`judged: false` when that cannot be told: the focus went on to
  // another element, as one-character code boxes hand it on; the field is gone; an editor
  // scrolled or too long to compare; a text over 20,000 characters). A password field's text
  // never leaves the page: only lengths do.
  function typedHeld() {
    const f = keysField;
    keysField = null;
    // A terminal's key catcher (xterm.js) hands every key on and keeps none.
    if (!f || !f.el.isConnected || f.el.classList.contains('xterm-helper-textarea')) return { judged: false };
    const now = deepActive();
    const via = f.ed ? f.ed.root : f.el;
    if (!now || !(now === f.el || composedContains(via, now))) return { judged: false };
    const v = fieldValue(f.el);
    if (!v || v.value.length > 20000 || f.head.length + f.tail.length > 20000) return { judged: false };
    if (f.ed && !(f.whole && editorWhole(f.ed))) return { judged: false };
    const tag = f.el.localName;
    const kind = f.ed ? 'editor' : tag === 'input' ? 'input' : tag === 'textarea' ? 'textarea' : 'rich';
    return {
      judged: true,
      kind,
      inputType: tag === 'input' ? /** @type {HTMLInputElement} */ (f.el).type : undefined,
      secret: f.secret || undefined,
      head: f.head,
      tail: f.tail,
      kept: f.kept,
      now: f.secret ? '' : v.value,
      nowLength: v.value.length,
      mutations: armed ? armed.mutations : 0,
      calendar: (tag === 'input' && opensCalendar(f.el)) || undefined,
    };
  }
  // A text field a calendar pops up for: it or the box around it (within three levels, holding
  // no more than a range's two fields) says it opens a dialog or a grid. Such a picker may take
  // typed text only as a person leaves the field by key (Dash's date pickers: on Tab or Enter,
  // not as the focus goes elsewhere).
  /** @param {Element} el */
  function opensCalendar(el) {
    let n = /** @type {Element | null} */ (el);
    for (let k = 0; n && n.nodeType === 1 && k < 4; k++, n = /** @type {Element | null} */ (flatParent(n))) {
      if (k > 0 && n.querySelectorAll('input').length > 2) return false;
      const popup = n.getAttribute('aria-haspopup');
      if (popup === 'dialog' || popup === 'grid') return true;
    }
    return false;
  }
  // Select the whole content of a field or editor (the keys then replace or delete it). An
  // empty one is left as it is (`empty`): no key need follow, and a Backspace there deletes what
  // the page keeps beside it (a Tom Select's chosen item, a tag input's last tag).
  /** @param {unknown} ref */
  function selectAll(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    const now = fieldValue(el);
    if (now && now.value === '') return { ok: true, empty: true };
    focusKeepingHidden(el);
    const ed = editorOf(el);
    if (ed && ed.input === el) return { ok: true, editor: ed.kind, elsewhere: readyForKeys(el, ed) }; // the editor's own Ctrl+A
    if (el.localName === 'input' || el.localName === 'textarea') {
      try { el.select(); } catch (_) { /* no selection API */ }
    } else if (el.isContentEditable) {
      const doc = el.ownerDocument;
      const r = doc.createRange();
      r.selectNodeContents(el);
      const s = doc.getSelection();
      s.removeAllRanges();
      s.addRange(r);
    }
    return { ok: true, elsewhere: readyForKeys(el, ed) };
  }
  // The value as the field or editor holds it, for verification (never a password's).
  /** @param {unknown} ref @returns {{ status?: string, value?: string | null, length?: number }} */
  function valueOf(ref) {
    const el = target(ref);
    if (!el) return { status: 'stale' };
    const v = fieldValue(el);
    if (!v) return { value: null };
    return v.secret ? { length: v.value.length } : { value: v.value.slice(0, 100000), length: v.value.length };
  }
  // Last resort of clear: empty a plain field through the value setter and the events a
  // framework listens to.
  /** @param {unknown} ref */
  function forceEmpty(ref) {
    const el = target(ref);
    if (!el) return { ok: false, failure: 'stale' };
    if (isTextInput(el) || el.localName === 'textarea') {
      if (el.value === '') return { ok: true };
      el.value = '';
      fire(el, 'input');
      fire(el, 'change');
      return { ok: true };
    }
    if (isEditHost(el) && !editorOf(el)) {
      el.textContent = '';
      fire(el, 'input');
      return { ok: true };
    }
    return { ok: false, failure: 'notEditable' };
  }


