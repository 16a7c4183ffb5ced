  // Part 99, the exported API: the never-throw guard, Glass extras (rect, fileInput), the frozen __glassAgent object and the wrapper's close; apart as the public surface.
  // ---------------------------------------------------------------- exports
  // Never throw to Rust. Functions that take nextRef also report it on failure, so refs
  // minted before the error are never handed out again.
  /** @param {(...args: any[]) => any} fn @param {(args: any[]) => number} [nextRefOf] @returns {(...args: any[]) => any} */
  function guard(fn, nextRefOf) {
    /** @param {any} e @param {any[]} args */
    const fail = (e, args) => {
      /** @type {{ status: string, failure: string, detail: string, nextRef?: number }} */
      const r = { status: 'error', failure: 'internal', detail: cut(String((e && e.message) || e), 200) };
      if (nextRefOf) r.nextRef = newCtx(nextRefOf(args)).next;
      return r;
    };
    return function (...args) {
      resetCaches();
      try {
        const r = fn(...args);
        return r && typeof r.then === 'function' ? r.catch((/** @type {unknown} */ e) => fail(e, args)) : r;
      } catch (e) {
        return fail(e, args);
      }
    };
  }
  // ---------------------------------------------------------------- glass extras
  // The element's box in document coordinates (for element screenshots), scrolled into view.
  /** @param {unknown} ref */
  function rect(ref) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return { status: 'stale' };
    resetCaches();
    if (!wholeOnScreen(screenBox(el))) {
      bringIntoView(el, 'center', 'center');
    }
    const r = screenBox(el).rect;
    return { x: round2(r.x + scrollX), y: round2(r.y + scrollY), w: round2(r.w), h: round2(r.h) };
  }
  function readyState() {
    return document.readyState;
  }
  // The element itself (evaluated without returnByValue), when it is a usable file input.
  /** @param {unknown} ref */
  function fileInput(ref) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return null;
    return el.localName === 'input' && el.type === 'file' && !el.disabled ? el : null;
  }
  // Whether pressing el may open a file input's chooser: it labels one, or the nearest box
  // around it that holds one (within four levels) holds no other control (a drop zone: its
  // hidden input and its Upload button). What opens is then Chrome's word, not this guess: the
  // guess keeps an upload from pressing what opens nothing (an order's button beside an
  // uploader).
  /** @param {unknown} ref */
  function opensChooser(ref) {
    const el = lookup(ref);
    if (el === UNKNOWN || !el || !el.isConnected) return false;
    /** @param {Element | null} i */
    const usable = (i) => !!i && i.localName === 'input' && /** @type {HTMLInputElement} */ (i).type === 'file' && !/** @type {HTMLInputElement} */ (i).disabled;
    if (el.localName === 'label' && usable(/** @type {HTMLLabelElement} */ (el).control)) return true;
    let n = flatParent(el);
    for (let k = 0; n && n.nodeType === 1 && k < 4; n = flatParent(n), k++) {
      const box = /** @type {El} */ (n);
      const files = [...box.querySelectorAll('input[type=file]')];
      if (!files.length) continue;
      if (!files.some(usable)) return false;
      if ([...box.querySelectorAll(CONTROL_SELECTOR)].every((c) => files.includes(c) || el.contains(c) || c.contains(el))) return true;
      break;
    }
    // A control that says it chooses files, on a page that keeps a file input anywhere (Label
    // Studio's "Upload file" clicks the input it hides at the top of its dialog): its press is
    // how a person chooses them. Whether a chooser then opened is what tells.
    const role = roleOf(el);
    if ((role !== 'button' && role !== 'link') || !UPLOAD_WORDS.test(itemName(el, role, false))) return false;
    return [...document.querySelectorAll('input[type=file]')].some(usable);
  }
  // What a control that opens a file chooser says: "Upload file", "Browse files", "Choose
  // images", "Attach", "Add files".
  const UPLOAD_WORDS = /^(upload|browse|attach|import)\b|\b(upload|browse|choose|select|attach|add|import)\b.{0,20}\b(files?|images?|photos?|documents?|attachments?|csv|json)\b/i;
  const api = {
    version: 2,
    observe: guard(observe, (a) => a[0] && a[0].nextRef),
    resolve: guard(resolve, (a) => a[1]),
    intentCandidates: guard(intentCandidates, (a) => a[1]),
    inspectPage: guard(inspectPage, (a) => a[0]),
    actionable: guard(actionable),
    preflight: guard(preflight),
    waitFor: guard(waitFor),
    pageChanged: guard(pageChanged),
    rest: guard(rest),
    restStill: guard(restStill),
    verifyChecks: guard(verifyChecks),
    extractRaw: guard(extractRaw, (a) => a[1]),
    taskScope: guard(taskScope, (a) => a[1]),
    text: guard(text),
    dom: guard(dom),
    select: guard(select),
    listOptions: guard(listOptions, (a) => a[2]),
    chosenShows: guard(chosenShows),
    letGo: guard(letGo),
    stillOpen: guard(stillOpen),
    listPoint: guard(listPoint),
    dayCell: guard(dayCell, (a) => a[4]),
    timeParts: guard(timeParts, (a) => a[4]),
    cellShift: guard(cellShift),
    openerOf: guard(openerOf),
    cssPaths: guard(cssPaths),
    state: guard(state),
    focus: guard(focus),
    // Where the input watched since the last `focus` or pointer action went, when not to its target.
    inputMissed: guard(() => ({ missed: inputMissed() })),
    // Whether the drag under way began an HTML5 drag in this document: else no interception
    // of it is to be waited for.
    dragStarted: guard(() => ({ started: inputWatches.some((w) => !!w.dragStarted) })),
    // Whether the page took the drag's drop, once it has settled (see part 72).
    dropMissed: guard((quiet, keep) => ({ missed: dropMissed(!!quiet, !!keep) })),
    selectAll: guard(selectAll),
    valueOf: guard(valueOf),
    typedHeld: guard(typedHeld),
    setNativeTime: guard(setNativeTime),
    forceEmpty: guard(forceEmpty),
    similar: guard(similar, (a) => a[3]),
    scroll: guard(scroll),
    rect: guard(rect),
    readyState: guard(readyState),
    // What a click at viewport point (x, y) of this document lands on.
    hitAt: guard((x, y) => ({ hit: summarize(deepHit(document, x, y)) })),
    parsed: guard(parsed),
    vitals: guard(vitals, (a) => a[0]),
    fileInput: guard(fileInput),
    opensChooser: guard(opensChooser),
    // The element of a ref (for Chrome's own view of it), or null.
    element: guard((ref) => { const e = lookup(ref); return e && e !== UNKNOWN ? e : null; }),
    consent: guard(consent, (a) => a[1]),
    // Count the page's mutations from here (the watches are the turn's: see `turn`).
    arm: guard(countMutations),
    turn: guard(turn),
    settle: guard(settle),
    hasContent: guard(() => ({ content: hasContent() })),
    keyGuardArm: guard(keyGuardArm),
    keyGuardRelease: guard(keyGuardRelease),
    focusedElement: guard(focusedElement),
    secretFacts: guard(secretFacts),
    secretTarget: guard(secretTarget),
  };
  Object.defineProperty(globalThis, '__glassAgent', { value: Object.freeze(api), enumerable: false, configurable: false, writable: false });
})();
