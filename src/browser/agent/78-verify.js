  // Part 78, verifying: typed predicates over the page, no JavaScript from the caller; apart because each answers with evidence, not just a yes or no.
  // ---------------------------------------------------------------- verify
  /**
   * A check as Rust sends it (`kind` says which fields it uses).
   * @typedef {{ kind: string, locator?: Locator, state?: string, region?: string, text?: string, equals?: number,
   *   atLeast?: number, atMost?: number }} Check
   */
  // The element a state predicate is about: exactly one match, else why not.
  /** @param {Locator} locator @returns {{ why?: string, el?: El, count?: number, hits?: El[], all?: El[] }} */
  function oneMatch(locator) {
    resetCaches();
    const m = matchLocator(locator, walkOpts());
    if (m.status) return { why: m.status };
    const all = (m.hits || []).concat(m.hidden || []);
    if (!all.length) return { why: 'absent', hits: m.hits || [], all };
    const el = (m.hits || []).length ? m.hits[0] : all[0];
    if ((m.hits || []).length > 1) return { why: 'ambiguous', count: m.hits.length, hits: m.hits, all };
    return { el, hits: m.hits || [], all };
  }
  /** @param {Check} c */
  function stateCheck(c) {
    const m = oneMatch(c.locator);
    const st = c.state;
    if (st === 'present') return { holds: m.all ? m.all.length > 0 : false, observed: { matches: m.all ? m.all.length : 0 } };
    if (st === 'absent') return { holds: !m.all || m.all.length === 0, observed: { matches: m.all ? m.all.length : 0 } };
    if (st === 'visible') return { holds: !!(m.hits && m.hits.length), observed: { visible: m.hits ? m.hits.length : 0 } };
    if (st === 'hidden') return { holds: !(m.hits && m.hits.length), observed: { visible: m.hits ? m.hits.length : 0 } };
    if (!m.el) return { holds: false, observed: { element: m.why, count: m.count } };
    const e = m.el;
    /** @type {El} */
    const ctl = e.localName === 'label' && e.control ? e.control : e;
    /**
     * @type {{ role: string | null, name: string, checked?: boolean | 'mixed', disabled?: boolean, expanded?: boolean | null,
     *   valueLength?: number | null, focused?: boolean }}
     */
    const observed = { role: roleOf(ctl) || null, name: cut(accName(ctl, roleOf(ctl)), 80) };
    let holds = false;
    switch (st) {
      case 'checked': case 'unchecked': {
        const v = checkedOf(ctl);
        observed.checked = v;
        holds = st === 'checked' ? v === true : v === false;
        break;
      }
      case 'enabled': case 'disabled': {
        const d = isDisabled(ctl);
        observed.disabled = d;
        holds = st === 'disabled' ? d : !d;
        break;
      }
      case 'expanded': case 'collapsed': {
        const a = ctl.getAttribute('aria-expanded');
        const x = a === 'true' ? true : a === 'false' ? false : ctl.localName === 'details' ? ctl.open : null;
        observed.expanded = x;
        holds = st === 'expanded' ? x === true : x === false;
        break;
      }
      case 'empty': case 'filled': {
        const v = fieldValue(ctl);
        const n = v ? v.value.length : null;
        observed.valueLength = n;
        holds = n !== null && (st === 'empty' ? n === 0 : n > 0);
        break;
      }
      case 'focused': {
        const a = deepActive();
        holds = a === ctl || a === e;
        observed.focused = holds;
        break;
      }
      default: return { holds: false, observed: { unsupported: st } };
    }
    return { holds, observed };
  }
  /** @param {Check} c */
  function textCheck(c) {
    /** @type {Document | El} */
    let scope = document;
    if (c.region != null) {
      const e = lookup(c.region);
      if (e === UNKNOWN || !e || !e.isConnected) return { holds: false, observed: { region: e === UNKNOWN ? 'unknown' : 'gone' } };
      scope = e;
    }
    const text = scope === document ? pageText(document) : (/** @type {El} */ (scope).innerText || '') + shadowText(/** @type {El} */ (scope)) + fieldsText(/** @type {El} */ (scope));
    const has = lc(text).includes(lc(c.text));
    return { holds: c.kind === 'textPresent' ? has : !has, observed: { found: has } };
  }
  /** @param {Check} c */
  function countCheck(c) {
    resetCaches();
    const m = matchLocator(c.locator, walkOpts());
    const n = m.status ? 0 : (m.hits || []).length;
    const holds = (c.equals == null || n === c.equals) && (c.atLeast == null || n >= c.atLeast) && (c.atMost == null || n <= c.atMost);
    return { holds, observed: { count: n } };
  }
  // No invalid field a person can see and no error message shown, in the form (or the page):
  // fields marked aria-invalid, fields the browser flags after the user touched them
  // (:user-invalid), and visible alerts with text.
  /** @param {Check} c */
  function validationCheck(c) {
    /** @type {Document | El} */
    let scope = document;
    if (c.locator) {
      const m = oneMatch(c.locator);
      if (!m.el) return { holds: false, observed: { form: m.why } };
      scope = m.el;
    }
    const invalid = [];
    for (const f of scope.querySelectorAll('input,select,textarea,[aria-invalid="true"]')) {
      let bad = f.getAttribute('aria-invalid') === 'true';
      try { bad = bad || f.matches(':user-invalid'); } catch (_) { /* an older engine */ }
      if (bad && seen(f)) invalid.push({ role: roleOf(f) || null, name: cut(accName(f, roleOf(f)), 80) });
    }
    const messages = [];
    for (const a of /** @type {NodeListOf<El>} */ (scope.querySelectorAll('[role="alert"],[aria-live="assertive"]'))) {
      const t = norm(a.innerText);
      if (t && seen(a)) messages.push(cut(t, 120));
    }
    return { holds: !invalid.length && !messages.length, observed: { invalid: invalid.slice(0, 8), invalidCount: invalid.length, messages: messages.slice(0, 4) } };
  }
  /** @param {...Check} checks */
  function verifyChecks(...checks) {
    return checks.slice(0, 8).map((c) => {
      switch (c && c.kind) {
        case 'textPresent': case 'textAbsent': return textCheck(c);
        case 'elementState': return stateCheck(c);
        case 'count': return countCheck(c);
        case 'validationClear': return validationCheck(c);
        default: return { holds: false, observed: { unsupported: true } };
      }
    });
  }
