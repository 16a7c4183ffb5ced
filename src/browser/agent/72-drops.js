  // Part 72, drops: whether the page took a drag's drop, told once the page has settled; apart because a drop is judged by what the page did with the dragged element, not by where the button came up.
  // A sortable list (SortableJS, dragula) moves the dragged element itself while it hovers and
  // decides the drop then: what lies under the release says nothing about where it went. And a
  // library that ignored the pointer at the destination (SortableJS looks once per pointer
  // position, and not at an item still sliding) puts everything back as it was: a drop that
  // changed nothing on the page was not taken, whatever lay under the release.
  /** What the page changes during a drag, each change as first seen (what it replaced). */
  const DROP_CHANGES = { ...PAGE_CHANGES, attributeOldValue: true, characterDataOldValue: true };
  /** How many changes a drag's record keeps before it takes the page as changed. */
  const MAX_DROP_CHANGES = 20000;
  /**
   * A drag's record: the dragged item (the source of the press watched before it, or the
   * ancestor of it that is one of several in its parent: a card whose title was pressed) and its
   * place then, whether the page moved it, the changes the page made (nodes added, nodes taken
   * from their place, attributes and texts as they were), and the destination's value (a text
   * field takes dropped text without a change to the DOM).
   * @typedef {{ dest: Element, source: Element | null, parent: Node | null, prev: Element | null, next: Element | null, moved: boolean, value: string | null,
   *   added: Set<Node>, removedFrom: Map<Node, [Node, Node | null]>, attrs: Map<Element, Map<string, string | null>>, texts: Map<Node, string | null>,
   *   count: number, overflow: boolean }} DropRecord
   */
  /** The drag watch `inputMissed` left for `dropMissed`. @type {InputWatch | null} */
  let heldDrop = null;
  /** @param {El} dest @returns {DropRecord} */
  function dropRecord(dest) {
    const press = inputWatches.find((w) => w.input === 'press');
    const source = press && press.el.ownerDocument === dest.ownerDocument ? itemOf(press.el) : null;
    return {
      dest, source, parent: source && source.parentNode, prev: source && source.previousElementSibling, next: source && source.nextElementSibling,
      moved: false, value: valueIn(dest), added: new Set(), removedFrom: new Map(), attrs: new Map(), texts: new Map(), count: 0, overflow: false,
    };
  }
  // The item a press on el drags: el, or its nearest ancestor (four levels up at most) that
  // is one of several elements in its parent.
  /** @param {Element} el */
  function itemOf(el) {
    let n = el;
    for (let k = 0; k < 4; k++) {
      const p = n.parentElement;
      if (!p || p === el.ownerDocument.body || p.childElementCount > 1) return n;
      n = p;
    }
    return el;
  }
  /** @param {El} el */
  const valueIn = (el) => ('value' in el && typeof el.value === 'string' ? el.value : null);
  // Whether the page, taking n from its place, takes the dragged item along: n is the item or
  // holds it, a few levels up (a card the library moves whole), and is no board holding the
  // destination too.
  /** @param {Node} n @param {Element} item @param {Element} dest */
  function carries(n, item, dest) {
    if (n === item) return true;
    if (n.nodeType !== 1 || !n.contains(item) || n.contains(dest)) return false;
    let k = 0;
    for (let p = item.parentNode; p && p !== n; p = p.parentNode) if (++k > 3) return false;
    return true;
  }
  // The page moved the dragged item (or the element carrying it, which becomes the item): its
  // place is where the first move took it from.
  /** @param {DropRecord} d @param {Node} n @param {MutationRecord} m @param {Node | null} after */
  function moves(d, n, m, after) {
    d.moved = true;
    if (n === d.source) return;
    /** @param {Node | null} x @param {'nextSibling' | 'previousSibling'} way @returns {Element | null} */
    const solid = (x, way) => { while (x && x.nodeType !== 1) x = x[way]; return /** @type {Element | null} */ (x); };
    d.source = /** @type {Element} */ (n);
    d.parent = m.target;
    d.next = solid(after, 'nextSibling');
    d.prev = solid(m.previousSibling, 'previousSibling');
  }
  /** @param {DropRecord} d @param {MutationRecord[]} list */
  function noteChanges(d, list) {
    for (const m of list) {
      if (d.overflow) return;
      if (++d.count > MAX_DROP_CHANGES) { d.overflow = true; return; }
      if (m.type === 'childList') {
        const gone = [...m.removedNodes];
        gone.forEach((n, i) => {
          if (!d.moved && d.source && carries(n, d.source, d.dest)) moves(d, n, m, gone[i + 1] || m.nextSibling);
          if (!d.added.has(n) && !d.removedFrom.has(n)) d.removedFrom.set(n, [m.target, gone[i + 1] || m.nextSibling]);
        });
        for (const n of m.addedNodes) if (!d.removedFrom.has(n)) d.added.add(n);
      } else if (m.type === 'attributes' && m.attributeName) {
        const t = /** @type {Element} */ (m.target);
        let was = d.attrs.get(t);
        if (!was) { was = new Map(); d.attrs.set(t, was); }
        if (!was.has(m.attributeName)) was.set(m.attributeName, m.oldValue);
      } else if (m.type === 'characterData' && !d.texts.has(m.target)) {
        d.texts.set(m.target, m.oldValue);
      }
    }
  }
  /** @param {Node} n */
  const meaningful = (n) => n.nodeType === 1 || (n.nodeType === 3 && (n.nodeValue || '').trim() !== '');
  /** The first sibling from n on that is not blank text. @param {Node | null} n */
  function solidFrom(n) {
    while (n && !meaningful(n)) n = n.nextSibling;
    return n;
  }
  // An attribute's value as it reads: the order of classes and the spelling of a style do not
  // change what a person sees, nor does a drag library's `draggable` mark.
  /** @param {Document} doc @param {string} name @param {string | null} v */
  function attrAsRead(doc, name, v) {
    if (name === 'class') return (v || '').split(/\s+/).filter(Boolean).sort().join(' ');
    if (name === 'style') { const s = doc.createElement('i').style; s.cssText = v || ''; return s.cssText; }
    return v;
  }
  // Whether the page is other than it was before the drag: a node it added and kept, a node
  // gone or in another place, an attribute or a text it left changed.
  /** @param {DropRecord} d @param {Document} doc */
  function changedForGood(d, doc) {
    if (d.overflow) return true;
    for (const n of d.added) if (n.isConnected && meaningful(n)) return true;
    for (const [n, [parent, next]] of d.removedFrom) {
      if (!meaningful(n)) continue;
      if (!n.isConnected || n.parentNode !== parent || solidFrom(n.nextSibling) !== solidFrom(next)) return true;
    }
    for (const [el, was] of d.attrs) {
      if (!el.isConnected) continue;
      for (const [name, old] of was) {
        if (name === 'draggable') continue;
        if (attrAsRead(doc, name, el.getAttribute(name)) !== attrAsRead(doc, name, old)) return true;
      }
    }
    for (const [t, old] of d.texts) if (t.isConnected && t.nodeValue !== old) return true;
    return false;
  }
  // Whether the destination is the dragged element's own place (itself, inside it, what holds
  // it, or its neighbour in its list): there a drop that changes nothing may be what was asked.
  /** @param {DropRecord} d @param {El} dest */
  function ownPlace(d, dest) {
    const s = d.source;
    if (!s || !d.parent) return true;
    if (composedContains(s, dest) || composedContains(dest, s) || composedContains(dest, d.parent)) return true;
    let item = /** @type {Node | null} */ (dest);
    while (item && item.parentNode !== d.parent) item = item.parentNode;
    return !!item && (item === d.prev || item === d.next);
  }
  // Where a dragged element the page moved ends, when that is not at the destination: the
  // element holding it (another list, a Trash column), or its own place again ('back').
  /** @param {DropRecord} d @param {El} dest @returns {Element | 'back' | null} */
  function placedAway(d, dest) {
    const s = d.source;
    if (!s || !s.isConnected || !d.moved) return null;
    if (s.parentNode === d.parent && s.nextElementSibling === d.next && s.previousElementSibling === d.prev) return 'back';
    const held = s.parentNode && s.parentNode.nodeType === 11 ? /** @type {ShadowRoot} */ (s.parentNode).host : /** @type {Element | null} */ (s.parentNode);
    if (!held) return null;
    const up = dest.parentNode, upper = up && up.parentNode;
    if (held === dest || held === up || held === upper || composedContains(dest, held)) return null;
    return held;
  }
  // The drop's judgment, once the page has settled after the release. `quiet`: the drag caused
  // nothing outside the DOM (no request, navigation, dialog, popup or download), so a page
  // left as it was means the drop was not taken. The answer: where the dragged element went
  // instead of the destination (`placed`, like `inputMissed`'s), or the dragged element's
  // summary (`notDropped`), or null.
  // `keep`: a first look, after which a `notDropped` watch goes on (a page may answer a drop
  // after an animation of its own; see `drop_taken`); any other answer is the last.
  /** @param {boolean} quiet @param {boolean} [keep] */
  function dropMissed(quiet, keep = false) {
    const w = heldDrop;
    if (!w || !w.drop) return null;
    if (w.mo && w.onRecords) w.onRecords(w.mo.takeRecords());
    const m = judgeDrop(w, quiet);
    if (!keep || !m || m.input !== 'notDropped') { w.stop(); heldDrop = null; }
    return m;
  }
  /** @param {InputWatch} w @param {boolean} quiet */
  function judgeDrop(w, quiet) {
    const d = /** @type {DropRecord} */ (w.drop), dest = w.el;
    if (!dest.isConnected || !d.source) return null;
    // What a canvas draws, or a frame's own document, is no change to this document's DOM.
    const opaque = ['canvas', 'iframe', 'frame', 'embed', 'object'].includes(dest.localName);
    const away = placedAway(d, dest);
    if (away && away !== 'back' && !lands(dest, w.via, away)) return { ...summarize(/** @type {El} */ (away)), input: 'placed' };
    const back = away === 'back' || (quiet && !opaque && valueIn(dest) === d.value && !changedForGood(d, dest.ownerDocument));
    if (back && !ownPlace(d, dest)) return { ...summarize(/** @type {El} */ (d.source)), input: 'notDropped' };
    return null;
  }
