  // Part 26, the open modal: the dialog that makes the rest of its document out of reach (shown modal, aria-modal, or a layer over the whole window), and the layers a page puts over it; apart because every tool asks it through `absent`, and it is its own rule.
  // Whether el lies in a layer the page put over the open modal `m`: a part of the body after
  // the modal's own (a portal, as Blueprint, Material UI and Radix draw a menu or list a
  // control inside the dialog opens) that a press at its middle reaches. A person sees and
  // uses that popup; the rest outside the modal stays out of reach.
  /** @param {Element} el @param {Element} m */
  function overModal(el, m) {
    const doc = el.ownerDocument, body = doc.body;
    if (!body) return false;
    /** @param {Element} n */
    const layerOf = (n) => { let x = /** @type {Element | null} */ (n); while (x && x.parentElement !== body) x = x.parentElement; return x; };
    const layer = layerOf(el), own = layerOf(m);
    if (!layer || !own || layer === own || !(own.compareDocumentPosition(layer) & Node.DOCUMENT_POSITION_FOLLOWING)) return false;
    let over = overMemo.get(layer);
    if (over === undefined) {
      over = false;
      if (!prunes(/** @type {El} */ (layer))) {
        // Its first box that shows (a portal's wrapper may have none of its own).
        const shown = [layer, ...layer.querySelectorAll('*')].slice(0, 50).find((x) => { const r = x.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
        if (shown) {
          const r = shown.getBoundingClientRect();
          const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          over = !!hit && composedContains(layer, hit);
        }
      }
      overMemo.set(layer, over);
    }
    return over;
  }
  // The open modal dialog: everything outside it is inert (a <dialog> shown with
  // showModal()), hidden from assistive technology (a shown dialog with aria-modal=true, as
  // Chrome treats it), or behind a dialog that covers the whole window.
  /** @param {Document} doc @returns {Element | null} */
  function modalRoot(doc) {
    let m = modalMemo.get(doc);
    if (m === undefined) { m = findModal(doc); modalMemo.set(doc, m); }
    return m;
  }
  /** @param {Document} doc */
  function findModal(doc) {
    // In the document and every open shadow root in it (Panel draws its modal inside one).
    const roots = [doc, ...openShadowRoots(doc)];
    /** @param {string} sel @returns {Element[]} */
    const every = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)]);
    try {
      const all = every('dialog[open]');
      for (let k = all.length - 1; k >= 0; k--) if (all[k].matches(':modal')) return all[k];
    } catch (_) { /* :modal unsupported */ }
    const aria = every('[aria-modal=true]');
    for (let k = aria.length - 1; k >= 0; k--) {
      const d = aria[k];
      const r = roleOf(d);
      if ((r === 'dialog' || r === 'alertdialog') && d.checkVisibility() && st(d).visibility === 'visible') {
        /** @type {Element | null} */
        let hider = null;
        let inert = false;
        for (let n = flatParent(d); n && !inert; n = flatParent(n)) {
          if (!hider && n.getAttribute('aria-hidden') === 'true') hider = n;
          inert = n.hasAttribute('inert');
        }
        if (inert) continue;
        if (!hider) return d;
        // One the page hid with the rest of it (pgAdmin renders its confirmations inside the
        // root it then marks aria-hidden: that root holds the page's own controls too) is the
        // modal still when the focus is in it. A dialog beneath another one has lost the focus
        // to that one; one hidden on its own as it closes hides nothing else.
        const active = deepActive();
        const withPage = [...hider.querySelectorAll(CONTROL_SELECTOR)].slice(0, 200).some((c) => !composedContains(d, c));
        if (withPage && active && composedContains(d, active)) return d;
      }
    }
    // A dialog laid over the whole window (fixed, as wide and as high as it, taking the
    // pointer) is modal whether or not it says so: a person reaches nothing behind it (Ant
    // Design's modal wrap, MLflow's "Create Experiment").
    const w = doc.defaultView;
    /** @type {ArrayLike<Element>} */
    const dialogs = w ? every('[role=dialog],[role=alertdialog]') : [];
    for (let k = dialogs.length - 1; k >= 0; k--) {
      const d = dialogs[k], s = st(d);
      if (s.position !== 'fixed' || s.pointerEvents === 'none' || s.visibility !== 'visible' || !d.checkVisibility()) continue;
      const r = d.getBoundingClientRect();
      if (w && r.left <= 1 && r.top <= 1 && r.right >= w.innerWidth - 1 && r.bottom >= w.innerHeight - 1) return d;
    }
    // So is such a layer with no role at all (Label Studio's confirmations: a fixed div over the
    // whole window that takes every press), among the page's top layers (the body's children
    // and theirs, where pages put what they lay over everything), when it dims the page behind
    // it (a see-through layer that only catches a press outside a menu is the menu's, and goes
    // with it), it is what the window's middle shows, and it holds a control.
    const body = doc.body;
    if (!w || !body) return null;
    /** @type {Element[]} */
    const layers = [];
    for (const a of body.children) { layers.push(a); for (const b of a.children) layers.push(b); }
    for (let k = layers.length - 1; k >= 0 && k >= layers.length - 400; k--) {
      const d = layers[k], s = st(/** @type {El} */ (d));
      if (s.position !== 'fixed' || s.pointerEvents === 'none' || s.visibility !== 'visible' || !d.checkVisibility()) continue;
      const r = d.getBoundingClientRect();
      if (!(r.left <= 1 && r.top <= 1 && r.right >= w.innerWidth - 1 && r.bottom >= w.innerHeight - 1)) continue;
      if (!dims(/** @type {El} */ (d), s)) continue;
      const mid = deepHit(doc, w.innerWidth / 2, w.innerHeight / 2);
      if (mid && composedContains(d, mid) && d.querySelector(CONTROL_SELECTOR)) return d;
    }
    return null;
  }

  // Whether a layer over the whole window dims what is behind it: a background of its own, or
  // of a backdrop among its first children, that is not see-through, and the layer shown.
  /** @param {El} d @param {CSSStyleDeclaration} s */
  function dims(d, s) {
    if (Number(s.opacity) === 0) return false;
    /** @param {CSSStyleDeclaration} x */
    const painted = (x) => {
      const m = /rgba?\(([^)]*)\)/.exec(x.backgroundColor);
      const alpha = m ? m[1].split(/[\s,/]+/).filter(Boolean)[3] : undefined;
      return (!!m && (alpha === undefined || Number(alpha) > 0)) || (x.backdropFilter !== '' && x.backdropFilter !== 'none');
    };
    if (painted(s)) return true;
    const r = d.getBoundingClientRect();
    return [...d.children].slice(0, 3).some((c) => {
      const cs = st(/** @type {El} */ (c)), b = c.getBoundingClientRect();
      return (cs.position === 'fixed' || cs.position === 'absolute') && b.width >= r.width - 2 && b.height >= r.height - 2 && Number(cs.opacity) > 0 && painted(cs);
    });
  }
