  // Part 40, the tree walk: the per-element Info and the depth-first walk over the rendered tree and frames, plus inline text; apart as the one traversal every caller uses.
  // ---------------------------------------------------------------- the walk
  const NO_CHILDREN = 1;
  const MAX_DEPTH = 512;
  /**
   * A walk's options and budget: nodes visited, its cap, whether it stopped, the frames it numbered,
   * and what it calls when a budget is hit.
   * @typedef {{ nodes: number, maxNodes: number, stop: boolean, frames: Map<Document, number> | null, hit: (what: string) => void }} WalkOpts
   */
  // Same-origin frames numbered 1.. in document order (querySelectorAll order, recursively).
  /** @param {WalkOpts} o @param {Document} doc */
  function frameIndex(o, doc) {
    if (doc === document) return 0;
    if (!o.frames) {
      o.frames = new Map();
      /** @param {Document} d */
      const rec = (d) => {
        for (const f of d.querySelectorAll('iframe,frame')) {
          const cd = contentDoc(f);
          if (cd && !o.frames.has(cd)) { o.frames.set(cd, o.frames.size + 1); rec(cd); }
        }
      };
      rec(document);
    }
    let k = o.frames.get(doc);
    if (k === undefined) { k = o.frames.size + 1; o.frames.set(doc, k); } // e.g. inside a shadow root
    return k;
  }
  /** @param {(what: string) => void} [budget] @returns {WalkOpts} */
  function walkOpts(budget) {
    return { nodes: 0, maxNodes: 30000, stop: false, frames: null, hit: budget || (() => {}) };
  }
  /**
   * What an element's Info takes from its parent's: frame number, parent style, whether inside a
   * control, covered (its text already said), the open modal, the enclosing control's name, region.
   * @typedef {{ frame: number, pstyle: CSSStyleDeclaration | null, inControl: boolean, covered: boolean, modal: Element | null,
   *   ctlName?: string, inRegion?: string | null }} Start
   */
  /** @param {El} root @param {WalkOpts} o @returns {Start | null} */
  function startInfo(root, o) {
    if (!root) return null; // a document that has no element yet (just committed)
    const doc = root.ownerDocument;
    let inControl = false;
    for (let n = flatParent(root); n && !inControl; n = flatParent(n)) inControl = INTERACTIVE.has(roleOf(n)) && !(roleOf(n) === 'listbox' && n.tagName !== 'SELECT');
    const p = flatParent(root);
    return { frame: frameIndex(o, doc), pstyle: p ? st(p) : null, inControl, covered: inControl, modal: modalRoot(doc) };
  }
  // What the walk knows about one element. A class (not a closure per element) keeps garbage
  // low; the box is read lazily because getBoundingClientRect dominates the walk's cost and
  // most elements (list items, wrappers) never need it.
  class Info {
    /** @param {El} el @param {string} tag @param {CSSStyleDeclaration} s @param {Start} p @param {number} depth */
    constructor(el, tag, s, p, depth) {
      this.el = el; this.tag = tag; this.style = s; this.p = p; this.depth = depth;
      this.frame = p.frame; this.covered = p.covered; this.inControl = p.inControl; this.inRegion = p.inRegion;
      /** @type {string | null} */ this.role = null; this.interactive = false; this.clickable = false; /** @type {Element | null} */ this.proxy = null; /** @type {El | null} */ this.stands = null;
      /** @type {Document | null | undefined} */ this.frameDoc = undefined; /** @type {string | undefined} */ this.text = undefined; /** @type {Region | null} */ this.region = null;
      /** @type {boolean | undefined} */ this.vis = undefined;
      /** @type {boolean | undefined} */ this.coverKids = undefined; /** @type {string | undefined} */ this.ctlName = undefined;
      /** A table's rows its observation shows (header and first rows). @type {Element[] | undefined} */ this.rowsShown = undefined;
      /** The words of a block around the one control in it ("Item 4" beside "Buy"): that control's context. @type {string | undefined} */ this.words = undefined;
    }
    // The element a person sees for this item: itself, or the label or editor it is
    // operated through.
    shown() {
      if (this.vis === undefined) {
        this.vis = seenPresent(this.el, true);
        if (!this.vis && this.interactive && !this.stands) {
          const px = proxyOf(this.el);
          if (px) { this.proxy = px; this.vis = true; }
        }
      }
      return this.vis;
    }
    rect() { return this.style.display === 'contents' ? null : (this.proxy || this.el).getBoundingClientRect(); }
    // Whether it would count past the budget: visible and with a box (or a stand-in).
    counts() {
      if (this.style.visibility !== 'visible') return false;
      if (this.style.display === 'contents') return true;
      const r = this.el.getBoundingClientRect();
      return (r.width > 0 && r.height > 0) || (this.interactive && !!proxyOf(this.el));
    }
  }

  // Depth-first walk of the rendered (flat) tree from root, in document order, into open
  // shadow roots and same-origin iframes. Absent subtrees are pruned (see `prunes`).
  // cb.enter(info) may return NO_CHILDREN; cb.text(textNode, info) and cb.leave(info) are
  // optional.
  /** @typedef {{ enter?: (i: Info) => number | void, text?: (node: Text, i: Info) => void, leave?: (i: Info) => void }} WalkCallbacks */
  /** @param {El} root @param {WalkCallbacks} cb @param {WalkOpts} o @param {Start} start */
  function walk(root, cb, o, start) {
    /** @param {El} el @param {Start} p @param {number} depth */
    const visit = (el, p, depth) => {
      if (o.stop) return;
      if (++o.nodes > o.maxNodes) { o.stop = true; o.hit('nodes'); return; }
      if (prunes(el)) return;
      // A modal dialog makes the rest of its document inert.
      if (p.modal && !composedContains(el, p.modal) && !composedContains(p.modal, el) && !overModal(el, p.modal)) return;
      const tag = el.localName;
      const s = st(el);
      const i = new Info(el, tag, s, p, depth);
      let role = roleOf(el);
      let interactive = !!role && INTERACTIVE.has(role);
      // A label whose control is absent (a styled toggle over a display:none input) is the
      // thing to click: it stands for the control, with its role and state.
      if (tag === 'label' && el.control && !interactive && !el.control.checkVisibility() && CHECKABLE.has(roleOf(el.control)) && absent(el.control) && ![...el.querySelectorAll(CONTROL_SELECTOR)].some((c) => c !== el.control)) {
        i.stands = el.control;
        role = roleOf(i.stands);
        interactive = true;
      }
      // An item drawn with a box of its own and no input beside its words (Ant Design's
      // checkable tree, MLflow's column chooser: a span classed "...-checkbox" before the
      // title) is a checkbox, in the state that box shows (see `drawnBox`); in a tree that says
      // so, a tree item in that state (see `ROLE_IN`).
      if (!interactive && !role && !p.inControl && p.inRegion !== 'tree' && tag !== 'label' && boxedItem(el)) { role = 'checkbox'; interactive = true; }
      // A code editor's input is a textbox even where the editor does not say so.
      if (!interactive && (tag === 'textarea' || isEditHost(el))) {
        const ed = editorOf(el);
        if (ed && ed.input === el) { role = 'textbox'; interactive = true; }
      }
      i.role = role;
      i.interactive = interactive;
      // Click handlers are invisible to us, so guess: keyboard-focusable elements, or the
      // outermost element with a pointer cursor (cursor is inherited, hence the parent check)
      // that has text, unless it is inside a control or holds one (then that is the control).
      // A list item counts as role-less here (Label Studio's steps are `<li>`s that show the
      // pointing hand, their clicks taken by the app's root): its list role says nothing of it.
      // A table's cell counts so only by its pointing hand, alone in its row (Dash's row-delete
      // cell "×"), its click handler, or its place in the tab order (a calendar's day, Dash's):
      // a grid's cells all take the focus out of that order, and a row whose every cell shows
      // the hand is pressed as a row.
      const cell = role === 'cell' || role === 'gridcell';
      const plain = !role || role === 'listitem' || cell;
      const hand = s.cursor === 'pointer' && (!p.pstyle || p.pstyle.cursor !== 'pointer') && (/\S/.test(el.textContent) || iconButton(el))
        && !(cell && el.parentElement && [...el.parentElement.children].some((c) => c !== el && st(/** @type {El} */ (c)).cursor === 'pointer'));
      if (!interactive && plain && !p.inControl && tag !== 'body' && tag !== 'html' && tag !== 'label') {
        if (hand || (!cell && focusable(el)) || el.hasAttribute('onclick') || (cell && /** @type {HTMLElement} */ (el).tabIndex >= 0 && el.hasAttribute('tabindex'))) {
          i.clickable = !el.querySelector(CONTROL_SELECTOR) && !(el.shadowRoot && el.shadowRoot.querySelector(CONTROL_SELECTOR));
          if (i.clickable && role) i.role = role = null;
        }
      }
      if (tag === 'iframe' || tag === 'frame') i.frameDoc = contentDoc(el);
      // A code editor's lines are its value, not page text.
      if (tag === 'div' && /(^|\s)(CodeMirror|cm-editor|monaco-editor)(\s|$)/.test(el.className)) i.coverKids = true;
      const res = cb.enter ? cb.enter(i) : undefined;
      if (res !== NO_CHILDREN && !o.stop) {
        // A listbox of its own options is a container (its role-less clickables are options),
        // not one control like a <select>.
        const ctl = (interactive && !(role === 'listbox' && tag !== 'select')) || i.clickable;
        if (i.frameDoc) {
          visit(i.frameDoc.documentElement, {
            frame: frameIndex(o, i.frameDoc),
            pstyle: null, inControl: false, covered: false, modal: modalRoot(i.frameDoc),
          }, depth + 1);
        } else if (tag === 'svg') {
          // A drawing's shapes are no items, but HTML it holds in a <foreignObject> is (the
          // nodes of a graph drawn so, Dagster's lineage): walked as the drawing's children.
          const child = { frame: p.frame, pstyle: s, inControl: p.inControl || ctl, modal: p.modal, covered: p.covered || ctl, ctlName: p.ctlName, inRegion: p.inRegion };
          const held = el.querySelectorAll('foreignObject');
          for (let k = 0; k < held.length && k < 500 && !o.stop && depth < MAX_DEPTH; k++) {
            for (let c = held[k].firstElementChild; c && !o.stop; c = c.nextElementSibling) visit(/** @type {El} */ (c), child, depth + 1);
          }
        } else if (s.contentVisibility !== 'hidden') {
          const host = el.shadowRoot || el;
          const slotted = tag === 'slot' && el.assignedNodes ? el.assignedNodes() : null;
          if (depth >= MAX_DEPTH) o.hit('depth');
          else if (host.firstChild || (slotted && slotted.length)) {
            const child = {
              frame: p.frame, pstyle: s, inControl: p.inControl || ctl, modal: p.modal,
              covered: p.covered || ctl || role === 'heading' || (tag === 'label' && !!el.control) || !!i.coverKids,
              ctlName: i.ctlName !== undefined ? i.ctlName : p.ctlName,
              inRegion: REGION.has(role) || role === 'listbox' ? role : p.inRegion,
            };
            const closed = tag === 'details' && !el.open;
            /** @param {Node} c */
            const one = (c) => {
              if (c.nodeType === 1) visit(/** @type {El} */ (c), child, depth + 1);
              else if (c.nodeType === 3 && cb.text && !closed) cb.text(/** @type {Text} */ (c), i);
            };
            if (slotted && slotted.length) { for (let k = 0; k < slotted.length && !o.stop; k++) one(slotted[k]); } else for (let c = host.firstChild; c && !o.stop; c = c.nextSibling) one(c);
          }
        }
      }
      if (cb.leave) cb.leave(i);
    };
    if (root) visit(root, start, 0);
  }

  // A pointer-cursor box of button size showing only an icon (Node-RED's href-less "+" and
  // pencil links beside a select): a control a person sees and presses, words or none.
  const ICON_SELECTOR = 'i,svg,img,[class*="icon"],[class*="fa-"]';
  /** @param {El} el */
  function iconButton(el) {
    if (!el.querySelector(ICON_SELECTOR)) return false;
    const r = el.getBoundingClientRect();
    return r.width >= 8 && r.height >= 8 && r.width <= 64 && r.height <= 64;
  }
  // Text of a block box that is not inside a child block: {all, own, bare, controls}, own being
  // whether any text lies outside controls, headings and control labels (already reported as
  // items), bare that text alone, and controls how many controls sit inline in it.
  /** @param {El} el @param {number} max */
  function inlineText(el, max) {
    let all = '', bare = '', own = false, controls = 0;
    /** @param {El} n @param {boolean} covered */
    const rec = (n, covered) => {
      for (const c of /** @type {Iterable<FlatNode>} */ (kids(n))) {
        if (all.length > max + 40) return;
        if (c.nodeType === 3) {
          // Runs of white space count as one, as they show: a template's indentation between
          // the words (Ghost writes one sentence as 14 text nodes) must not spend the budget.
          const d = c.data.replace(/\s+/g, ' ');
          all += d;
          if (!covered) { bare += d; if (!own && /\S/.test(d)) own = true; }
          continue;
        }
        if (c.nodeType !== 1 || SKIP.has(c.localName) || c.getAttribute('aria-hidden') === 'true') continue;
        const s = st(c);
        // Blocks are their own items; one breaks the line between the words around it.
        if (!s.display.startsWith('inline') || s.visibility !== 'visible') { all += ' '; if (!covered) bare += ' '; continue; }
        if (c.localName === 'img') { all += ' ' + (c.getAttribute('alt') || '') + ' '; continue; }
        if (c.localName === 'br') { all += ' '; if (!covered) bare += ' '; continue; }
        const r = roleOf(c);
        const ctl = !!r && INTERACTIVE.has(r);
        if (ctl && !covered) controls += 1;
        if (c.localName === 'input' || c.localName === 'select' || c.localName === 'textarea') continue;
        // A box laid out inline (inline-block, inline-flex: a button, a badge) is words apart
        // from those beside it, as a person reads it (Node-RED's "Export" beside its toggles).
        const boxed = s.display !== 'inline';
        if (boxed) { all += ' '; if (!covered) bare += ' '; }
        rec(c, covered || ctl || r === 'heading' || (c.localName === 'label' && !!c.control));
        if (boxed) { all += ' '; if (!covered) bare += ' '; }
      }
    };
    rec(el, false);
    return { all: stripIcons(all), own, bare: stripIcons(bare), controls };
  }
  /** @param {Element} el */
  function directText(el) {
    let t = '';
    for (const c of el.childNodes) if (c.nodeType === 3) t += /** @type {Text} */ (c).data;
    return norm(stripIcons(t));
  }

