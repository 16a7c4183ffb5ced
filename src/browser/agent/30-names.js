  // Part 30, accessible names: code editors and their names, accname 1.2 as Chrome applies it, item names; apart because naming is its own algorithm.
  // ---------------------------------------------------------------- code editors
  // CodeMirror 5 and Monaco keep the caret in a hidden textarea, CodeMirror 6 in a
  // contenteditable; a person sees and clicks the editor around it.
  /** A code editor: its root, and the input that holds the caret. @typedef {{ kind: string, root: Element, input: Element | null }} Editor */
  /** @param {El} el @returns {Editor | null} */
  function editorOf(el) {
    if (!el || el.nodeType !== 1) return null;
    const cm5 = el.closest('.CodeMirror');
    if (cm5) return { kind: 'codemirror5', root: cm5, input: cm5.querySelector('textarea') };
    const cm6 = el.closest('.cm-editor');
    if (cm6) return { kind: 'codemirror6', root: cm6, input: cm6.querySelector('.cm-content') };
    const mon = el.closest('.monaco-editor');
    // Monaco keeps the caret in a textarea, or (0.52 and later, in Chrome) in a div given an
    // EditContext.
    if (mon) return { kind: 'monaco', root: mon, input: mon.querySelector('textarea') || mon.querySelector('.native-edit-context') };
    return null;
  }
  // The editor's text as it shows it (every rendered line), for clear's verification.
  /** @param {Editor} ed */
  function editorText(ed) {
    const sel = ed.kind === 'codemirror5' ? '.CodeMirror-line' : ed.kind === 'codemirror6' ? '.cm-line' : '.view-line';
    const lines = ed.root.querySelectorAll(sel);
    let t = '';
    for (const l of lines) t += lineText(l).replace(/\u200b/g, '') + '\n';
    return t.replace(/\n+$/, '');
  }
  // A line's text without the widgets an editor draws in it that take no editing (CodeMirror
  // 6's placeholder in an empty editor, a folded range's marker): no part of what it holds.
  /** @param {Node} n @returns {string} */
  function lineText(n) {
    if (n.nodeType === 3) return /** @type {Text} */ (n).data;
    if (n.nodeType !== 1 || /** @type {Element} */ (n).getAttribute('contenteditable') === 'false') return '';
    if (!/** @type {Element} */ (n).querySelector('[contenteditable="false"]')) return n.textContent || '';
    let t = '';
    for (const c of n.childNodes) t += lineText(c);
    return t;
  }
  // A name for an editor: its own label, else what labels the field it replaced.
  /** @param {Editor} ed */
  function editorName(ed) {
    let own = norm(ed.input && (ed.input.getAttribute('aria-label') || idRefs(ed.input, 'aria-labelledby')));
    if (/^editor content/i.test(own)) own = ''; // Monaco's instructions, not a name
    if (own) return own;
    const prev = ed.root.previousElementSibling;
    if (prev && prev.localName === 'textarea') return accName(prev, 'textbox');
    return '';
  }

  // ---------------------------------------------------------------- accessible names
  // accname 1.2 as Chrome applies it: aria-labelledby, aria-label, the host language (label,
  // alt, value, legend, caption, figcaption, title of svg), content for roles named from
  // content, then title and placeholder. Hidden nodes count only inside aria-labelledby
  // targets. Bounded, so a link wrapping a whole card stays cheap.
  /**
   * A name computation's state: what it visited, whether inside aria-labelledby, whether hidden
   * nodes count, the text so far, the nodes read, and tooltips kept aside.
   * @typedef {{ visited: Set<Node>, inLabelledBy: boolean, hidden: boolean, out: string, nodes: number, tips?: string[] }} NameState
   */
  /** @param {Element} c */
  function hiddenForName(c) {
    if (c.getAttribute('aria-hidden') === 'true' || c.hasAttribute('inert')) return true;
    const s = st(c);
    return s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse';
  }
  /** @param {El} c @param {string} role */
  function embeddedValue(c, role) {
    if (role === 'textbox' || role === 'searchbox') return c.localName === 'input' || c.localName === 'textarea' ? c.value : c.textContent;
    if (role === 'combobox' || role === 'listbox') {
      if (c.localName === 'select') return Array.from(c.selectedOptions, (o) => o.text).join(' ');
      if (c.localName === 'input') return c.value;
      const sel = c.querySelector('[role=option][aria-selected=true]');
      return sel ? sel.textContent : '';
    }
    if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'meter') return c.getAttribute('aria-valuetext') || c.getAttribute('aria-valuenow') || c.value || '';
    return null;
  }
  /** @param {Element} root @param {NameState} st8 @param {Element} [skip] */
  function contentText(root, st8, skip) {
    /** @param {El} n */
    const rec = (n) => {
      for (const c of /** @type {Iterable<FlatNode>} */ (kids(n))) {
        if (st8.out.length > 1000 || ++st8.nodes > 2000) return;
        if (c.nodeType === 3) { st8.out += c.data; continue; }
        if (c.nodeType !== 1 || c === skip || SKIP.has(c.localName)) continue;
        if (!st8.hidden && hiddenForName(c)) continue;
        // Chrome spaces out what is not laid out inline (inline-block, inline-flex: a chip's
        // remove button) and an image's alt, as it does blocks.
        const d = st(c).display;
        // An SVG's shapes and texts are laid out apart, each where it is drawn (a diagram's
        // node labels: Node-RED's canvas), but a tspan's words run on in its text.
        const block = BLOCK_TAGS.has(c.localName) || (d !== 'inline' && d !== 'contents') || c.localName === 'img' || (c.namespaceURI === SVG_NS && c.localName !== 'tspan');
        const t = textAlt(c, st8, false);
        st8.out += block ? ' ' + t + ' ' : t;
      }
    };
    const saved = st8.out;
    st8.out = '';
    rec(root);
    const t = st8.out;
    st8.out = saved;
    return t;
  }
  // The text alternative of one node inside a name computation (accname step 2).
  /** @param {El} el @param {NameState} st8 @param {boolean} isRoot @param {Element} [skip] @returns {string} */
  function textAlt(el, st8, isRoot, skip) {
    if (st8.visited.has(el)) return '';
    st8.visited.add(el);
    const tag = el.localName;
    // 2B: aria-labelledby, not followed again inside a labelledby traversal.
    if (!st8.inLabelledBy) {
      const ids = el.getAttribute('aria-labelledby');
      if (ids) {
        const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
        /** @type {string[]} */
        const parts = [];
        for (const id of ids.trim().split(/\s+/).slice(0, 16)) {
          const r = root.getElementById ? root.getElementById(id) : null;
          if (!r) continue;
          /** @type {NameState} */
          const sub = { visited: st8.visited, inLabelledBy: true, hidden: true, out: '', nodes: st8.nodes, tips: [] };
          if (r === el) { st8.visited.delete(el); parts.push(norm(el.getAttribute('aria-label')) || norm(contentText(el, sub))); continue; }
          st8.visited.delete(r);
          parts.push(textAlt(r, sub, true));
          st8.nodes = sub.nodes;
        }
        const s = norm(parts.join(' '));
        if (s) return s;
      }
    }
    const role = roleOf(el);
    // 2C: inside a name from content, an embedded control contributes its value.
    if (!isRoot && role) {
      const v = embeddedValue(el, role);
      if (v != null && !(el.localName === 'input' && el.type === 'password')) return v;
    }
    // 2D: aria-label.
    const al = norm(el.getAttribute('aria-label'));
    if (al) return al;
    // 2E: the host language.
    const nat = nativeName(el, tag, st8, skip);
    if (nat) return nat;
    // 2F: name from content, for roles that allow it and inside any content traversal.
    if (!isRoot || st8.inLabelledBy || NAME_FROM_CONTENT.has(role) || tag === 'label' || tag === 'legend' || tag === 'caption' || tag === 'figcaption') {
      const t = norm(contentText(el, st8, skip));
      if (t) return t;
    }
    // 2I: the tooltip; placeholders name empty fields as a last resort. Inside a name from
    // content, Chrome takes a plain element's tooltip (a tab's close icon, "Close Launcher")
    // as no part of the name: it is kept aside and names the element only when nothing else
    // does (an icon button whose only words are its icon's tooltip).
    const title = norm(el.getAttribute('title'));
    if (title && !isRoot && !role && st8.tips) {
      if (st8.tips.length < 4) st8.tips.push(title);
      return '';
    }
    if (title) return title;
    if (isRoot && (tag === 'input' || tag === 'textarea')) return norm(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'));
    return '';
  }
  /** @param {El} el @param {string} tag @param {NameState} st8 @param {Element} [skip] */
  function nativeName(el, tag, st8, skip) {
    if (tag === 'input' && BUTTON_TYPES.has(el.type)) {
      const v = norm(el.type === 'image' ? el.getAttribute('alt') || el.getAttribute('value') : el.getAttribute('value'));
      if (v) return v;
      if (el.type === 'submit' || el.type === 'image') return 'Submit';
      if (el.type === 'reset') return 'Reset';
    }
    if (el.labels && el.labels.length && tag !== 'label') {
      /** @type {string[]} */
      const parts = [];
      for (const l of el.labels) {
        if (st8.visited.has(l) || (!st8.hidden && (hiddenForName(l) || !l.checkVisibility()))) continue;
        st8.visited.add(l);
        parts.push(contentText(l, st8, el));
      }
      const s = norm(parts.join(' '));
      if (s) return s;
      // Every label hidden from the accessibility tree: one a person sees still names the field
      // (Vuetify hides its floating label with aria-hidden, and its resting one with
      // visibility: hidden once the field holds a value). A label read that held no words but
      // the field's own (a select inside its label) names nothing. A field inside a combobox
      // leaves its labels to that combobox (see `fieldLabelInside`).
      if (!st8.hidden && !parts.length && !(el.parentElement && el.parentElement.closest('[role=combobox]'))) {
        for (const l of el.labels) {
          const t = l.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ? norm(l.textContent) : '';
          if (t) return t;
        }
      }
    }
    if (tag === 'img' || tag === 'area' || (tag === 'input' && el.type === 'image')) return norm(el.getAttribute('alt'));
    if (tag === 'svg') { const t = el.querySelector(':scope > title'); return t ? norm(t.textContent) : ''; }
    if (tag === 'iframe' || tag === 'frame') return norm(el.getAttribute('title'));
    if (tag === 'optgroup') return norm(el.getAttribute('label'));
    if (tag === 'option' && el.hasAttribute('label')) return norm(el.getAttribute('label'));
    const cap = tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : tag === 'figure' ? 'figcaption' : null;
    if (cap) {
      const c = el.querySelector(':scope > ' + cap);
      if (c) return norm(contentText(c, st8, skip));
    }
    return '';
  }
  /** @param {Element} el @param {string} attr */
  function idRefs(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return '';
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    /** @type {string[]} */
    const parts = [];
    for (const id of v.trim().split(/\s+/).slice(0, 16)) {
      const r = root.getElementById ? root.getElementById(id) : null;
      if (r) parts.push(contentText(r, { visited: new Set([el]), inLabelledBy: true, hidden: true, out: '', nodes: 0 }));
    }
    return norm(parts.join(' '));
  }
  // A heading's permalink ("¶", "#") is a link inside it that points back at it: not part
  // of what the heading says.
  /** @param {Element} c @param {Element} heading */
  function permalink(c, heading) {
    if (c.localName !== 'a' || !heading.id) return false;
    const h = c.getAttribute('href');
    return h === '#' + heading.id && norm(c.textContent).length <= 2;
  }
  /** @param {El} el @param {string} role @returns {string} */
  function accName(el, role) {
    /** @type {NameState} */
    const st8 = { visited: new Set(), inLabelledBy: false, hidden: false, out: '', nodes: 0, tips: [] };
    let skip;
    if (role === 'heading') for (const a of el.querySelectorAll('a[href^="#"]')) if (permalink(a, el)) skip = a;
    const name = undouble(stripIcons(norm(textAlt(el, st8, true, skip))).trim());
    return name || norm(st8.tips.join(' ')) || (role === 'combobox' ? fieldLabelInside(el) || hiddenTwinLabel(el) : role === 'textbox' ? replacedFieldLabel(el) || hiddenTwinLabel(el) : role === 'slider' ? valueInputLabel(el)
      // An item checked by the box drawn in it is named by its words (see `boxedItem`).
      : role === 'checkbox' && !el.hasAttribute('role') && boxedItem(el) ? undouble(stripIcons(norm(el.textContent || ''))) : '');
  }
  // What a person reads as the name of an unnamed field a widget put in place of the labelled
  // one: flatpickr's alt input goes right after the original, which it makes a hidden input
  // (no longer labelable, so its label names nothing) and keeps for the form.
  /** @param {El} el @returns {string} */
  function replacedFieldLabel(el) {
    const prev = /** @type {HTMLInputElement | null} */ (el.localName === 'input' ? el.previousElementSibling : null);
    if (!prev || prev.localName !== 'input' || prev.type !== 'hidden' || !prev.id) return '';
    const root = /** @type {Document | ShadowRoot} */ (prev.getRootNode());
    const l = root.querySelector ? root.querySelector('label[for="' + CSS.escape(prev.id) + '"]') : null;
    return l && !hiddenForName(l) ? norm(l.textContent) : '';
  }
  // What a person reads as an unnamed field's name when a label names a field kept out of sight
  // beside it (`display: none` or a hidden input) that holds its value for the form: pgAdmin's
  // selects (react-select) keep the labelled input so next to the box a person uses. Only a
  // twin beside el or a box around el within three levels that holds no other field.
  /** @param {El} el @returns {string} */
  function hiddenTwinLabel(el) {
    for (let n = /** @type {El | null} */ (el), k = 0; n && k < 4; n = /** @type {El | null} */ (n.parentElement), k++) {
      if (k > 0 && [...n.querySelectorAll(FIELD_SELECTOR)].some((f) => f !== el && !twinKept(/** @type {El} */ (f)))) return '';
      for (const sib of [n.nextElementSibling, n.previousElementSibling]) {
        if (!sib || !twinKept(/** @type {El} */ (sib)) || !sib.id) continue;
        const root = /** @type {Document | ShadowRoot} */ (sib.getRootNode());
        const l = root.querySelector ? root.querySelector('label[for="' + CSS.escape(sib.id) + '"]') : null;
        if (l && !hiddenForName(l)) return norm(l.textContent);
      }
    }
    return '';
  }
  // A field kept for the form only: a hidden input, or one not displayed.
  /** @param {El} f */
  const twinKept = (f) => f.localName === 'input' && (/** @type {HTMLInputElement} */ (f).type === 'hidden' || st(f).display === 'none');
  // What a person reads as an unnamed slider's name: the label of the input it keeps its
  // value in (ion.rangeSlider's, see `ionInput`).
  /** @param {El} el @returns {string} */
  function valueInputLabel(el) {
    const input = ionInput(el);
    if (!input || !input.labels) return '';
    for (const l of input.labels) if (!hiddenForName(l)) return norm(l.textContent);
    return '';
  }
  // What a person reads as an unnamed combobox's name: the labels of the text field inside it
  // (the ARIA 1.1 pattern, a combobox around its textbox), where that field goes by another
  // name (Vuetify's select labels its input "Open"), so that no element carries the label.
  /** @param {El} el @returns {string} */
  function fieldLabelInside(el) {
    const f = /** @type {HTMLInputElement | null} */ (el.querySelector('input:not([type=hidden]), textarea'));
    if (!f || !f.labels) return '';
    const said = norm([...f.labels].filter((l) => l.getAttribute('aria-hidden') !== 'true').map((l) => l.textContent || '').join(' '));
    return said && said !== accName(/** @type {El} */ (/** @type {unknown} */ (f)), roleOf(/** @type {El} */ (/** @type {unknown} */ (f))) || 'textbox') ? said : '';
  }

  // What an item is called: its accessible name; a heuristic clickable (no role) by its text
  // or tooltip; a label standing in for a hidden control by the control's name or its own.
  /** @param {El} el @param {string} role @param {boolean} clickable */
  function itemName(el, role, clickable) {
    const n = accName(el, role);
    if (n || !clickable) return n;
    return undouble(stripIcons(norm(contentText(el, { visited: new Set(), inLabelledBy: false, hidden: false, out: '', nodes: 0 }))).trim()) || norm(el.getAttribute('title'));
  }

