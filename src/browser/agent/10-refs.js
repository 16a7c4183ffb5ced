  // Part 10, refs and per-call state: the ref table, string and byte-budget helpers, the computed-style cache; apart as the leaf layer that everything else reads.
  // ---------------------------------------------------------------- types
  // The types the checker (scripts/lint-js) reads: the agent is JavaScript, annotated in JSDoc.
  /**
   * An element as the agent reads it. Every part meets elements of any kind; the properties of
   * HTML elements, form controls, labels and details below are read after a check of the tag,
   * or where other elements leave them undefined.
   * @typedef {Element & Partial<Pick<HTMLElement, 'innerText' | 'isContentEditable' | 'offsetWidth' | 'offsetHeight' | 'focus'>>
   *   & Partial<Pick<HTMLInputElement, 'type' | 'value' | 'disabled' | 'checked' | 'indeterminate' | 'readOnly' | 'required'
   *     | 'multiple' | 'size' | 'labels' | 'form' | 'validity' | 'willValidate' | 'select' | 'setSelectionRange'>>
   *   & Partial<Pick<HTMLSelectElement, 'options' | 'selectedOptions' | 'selectedIndex'>> & Partial<Pick<HTMLOptionElement, 'selected'>>
   *   & Partial<Pick<HTMLLabelElement, 'control'>> & Partial<Pick<HTMLDetailsElement, 'open'>>
   *   & Partial<Pick<HTMLSlotElement, 'assignedNodes'>>} El
   */
  /** A node of the flat tree, an element or text as its nodeType says. @typedef {El & Text} FlatNode */
  /** What a call mints refs with: the next ref number. @typedef {{ next: number }} Ctx */
  // ---------------------------------------------------------------- refs
  /** @type {WeakMap<Element, string>} */
  const elToRef = new WeakMap();
  /** @type {Map<string, WeakRef<El>>} */
  const refToEl = new Map(); // ref -> WeakRef(element)
  let minted = 0; // highest N minted in this world
  let pruneAt = 50000;
  const UNKNOWN = Symbol('unknown');

  // Rust owns the counter, but we never go below our own high-water mark: if Rust lost a
  // returned nextRef (an error, a dropped answer) a ref string still never names two elements.
  /** @param {number} nextRef @returns {Ctx} */
  function newCtx(nextRef) {
    const n = Number.isFinite(nextRef) && nextRef >= 1 ? Math.floor(nextRef) : 1;
    return { next: Math.max(n, minted + 1) };
  }
  /** @param {Element} el @param {Ctx} ctx */
  const peekRef = (el, ctx) => elToRef.get(el) || 'e' + ctx.next;
  /** @param {El} el @param {Ctx} ctx */
  function refFor(el, ctx) {
    let r = elToRef.get(el);
    if (r) return r;
    r = 'e' + ctx.next;
    minted = ctx.next;
    ctx.next += 1;
    elToRef.set(el, r);
    refToEl.set(r, new WeakRef(el));
    if (refToEl.size > pruneAt) {
      // Drop refs whose element was collected; they then read as "unknown" instead of "stale".
      for (const [k, w] of refToEl) if (!w.deref()) refToEl.delete(k);
      pruneAt = Math.max(50000, refToEl.size * 2);
    }
    return r;
  }
  // UNKNOWN: never minted here; null: minted but collected; else the element (maybe detached).
  /** @param {unknown} ref */
  function lookup(ref) {
    const w = typeof ref === 'string' ? refToEl.get(ref) : undefined;
    return w ? w.deref() || null : UNKNOWN;
  }

  // ---------------------------------------------------------------- small helpers
  /** @param {unknown} s */
  // Characters that take no room (a zero-width space, joiners, a byte-order mark) are no part
  // of the words: Swagger UI breaks its paths with them ("get \u200b/api\u200b/pets").
  const norm = (s) => String(s == null ? '' : s).replace(/[\u200b-\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
  /** @param {unknown} s */
  const lc = (s) => norm(s).toLowerCase();
  /** @param {number} v @param {number} d */
  const posInt = (v, d) => (Number.isFinite(v) && v > 0 ? Math.floor(v) : d);
  /** @param {string} s @param {number} n */
  function cut(s, n) {
    if (s.length <= n) return s;
    let k = Math.max(0, n - 1);
    const c = s.charCodeAt(k - 1);
    if (c >= 0xd800 && c < 0xdc00) k -= 1; // do not split a surrogate pair
    return s.slice(0, k) + '…';
  }
  // Byte budgets are on the UTF-8 JSON that Rust will see, not on UTF-16 code units.
  /** @param {string} s */
  function utf8Len(s) {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c < 0xdc00) { n += 4; i++; } else n += 3;
    }
    return n;
  }
  /** @param {number} v */
  const round2 = (v) => Math.round(v * 100) / 100;
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // Icon fonts put private-use characters in text; they mean nothing to a reader.
  /** @param {string} s */
  const stripIcons = (s) => s.replace(/[\ue000-\uf8ff]/g, '');
  // Whether el draws its text in an icon font: Material's ligatures ("cancel", "edit_calendar")
  // show a picture, not those words.
  /** @param {Element} el */
  const iconFont = (el) => /(^|\s)material-(icons|symbols)/.test(el.getAttribute('class') || '') || /material (icons|symbols)|\bicons\b/i.test(getComputedStyle(el).fontFamily || '');
  // The rendered text a person reads in el: without what the page keeps from being read
  // (aria-hidden: an icon font's ligature, "arrow_upward" beside a column's name) and icons.
  /** @param {Element} el */
  function readText(el) {
    let t = /** @type {HTMLElement} */ (el).innerText || '';
    if (t) for (const h of el.querySelectorAll('[aria-hidden="true"]')) { const x = /** @type {HTMLElement} */ (h).innerText; if (x) t = t.replace(x, ' '); }
    return norm(stripIcons(t));
  }
  // "Python 3 Python 3": an image's alt beside the same caption. Chrome doubles such names;
  // a reader sees it once.
  /** @param {string} s */
  function undouble(s) {
    const n = s.length;
    if (n >= 3 && n % 2 === 1 && s[(n - 1) / 2] === ' ' && s.slice(0, (n - 1) / 2) === s.slice((n + 1) / 2)) return s.slice(0, (n - 1) / 2);
    return s;
  }

  // Per-call caches, reset at every entry point (guard): computed styles are live objects, and
  // the clip contexts below hold for one unchanged layout.
  /** @type {WeakMap<Element, CSSStyleDeclaration>} */
  let styles = new WeakMap();
  /** @type {Map<Element, ClipCtx>} */
  let clipMemo = new Map();
  /** @type {Map<Element, ClipCtx>} */
  let screenMemo = new Map();
  // Per list element: the role its roving-tabindex items take, by tag and first class.
  /** @type {WeakMap<Element, Map<string, string | null>>} */
  let rovingMemo = new WeakMap();
  // Whether a field is secret, per call (and across the key events between two calls).
  /** @type {WeakMap<Element, boolean>} */
  let secretMemo = new WeakMap();
  // Per document: its open modal dialog (see `modalRoot`), asked of every element `absent` reads.
  /** @type {WeakMap<Document, Element | null>} */
  let modalMemo = new WeakMap();
  // Whether a part of the body lies over the open modal (see `overModal`).
  /** @type {WeakMap<Element, boolean>} */
  let overMemo = new WeakMap();
  function resetCaches() { styles = new WeakMap(); clipMemo = new Map(); screenMemo = new Map(); rovingMemo = new WeakMap(); secretMemo = new WeakMap(); modalMemo = new WeakMap(); overMemo = new WeakMap(); }
  const EMPTY_STYLE = { display: '', visibility: 'visible', cursor: 'auto', overflowX: 'visible', overflowY: 'visible', position: 'static', transform: 'none', clip: 'auto', clipPath: 'none', contentVisibility: 'visible' };
  /** @param {Element} el @returns {CSSStyleDeclaration} */
  function st(el) {
    let s = styles.get(el);
    if (!s) {
      const v = el.ownerDocument && el.ownerDocument.defaultView;
      s = v ? v.getComputedStyle(el) : /** @type {CSSStyleDeclaration} */ (EMPTY_STYLE); // a document without a window has no style
      styles.set(el, s);
    }
    return s;
  }

