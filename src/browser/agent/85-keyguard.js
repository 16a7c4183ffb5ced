  // Part 85, the password key guard: capture listeners that cancel keys reaching a password field; apart because it installs global listeners and guards security.
  // ---------------------------------------------------------------- password guard
  // Keys meant for one field must not reach a password field the page moves focus to while
  // they are sent. While armed, focus entering a password field trips the guard, and from then
  // on every key and text input is cancelled before it can change anything; Glass reads the
  // guard after sending and reports the refusal instead of success.
  /** @returns {{ el: Element | null, opaque: boolean, sealed?: boolean }} */
  function focusedDeep() {
    let el = document.activeElement;
    for (let hops = 0; el && hops < 32; hops++) {
      if (el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; continue; }
      if (el.localName === 'iframe' || el.localName === 'frame') {
        let inner = null;
        try { inner = /** @type {HTMLIFrameElement} */ (el).contentDocument; } catch (_) { inner = null; }
        // Focus inside a frame this document cannot see into.
        if (!inner) return { el: null, opaque: true };
        if (!inner.activeElement || inner.activeElement === inner.body) return { el: inner.body, opaque: false };
        el = inner.activeElement;
        continue;
      }
      break;
    }
    return { el, opaque: false, sealed: sealedHost(el) };
  }
  // A field that holds a secret: a password field, or one that is a password in all but its
  // type (it asks the browser for a password or a one-time code, masks what it shows, or is
  // named a password). Every password rule of Glass asks this one predicate.
  const SECRET_AUTOCOMPLETE = /(^|\s)(current-password|new-password|one-time-code)(\s|$)/i;
  const SECRET_NAME = /pass(word|code|phrase)|passwort|mot de passe|contrase(n|ñ)a|\bpin\b/i;
  /** @param {El} el */
  function secretField(el) {
    if (!el || el.nodeType !== 1) return false;
    const tag = el.localName;
    if (tag === 'input' && el.type === 'password') return true;
    const typable = (tag === 'input' && TEXT_TYPES.has(el.type)) || tag === 'textarea' || (el.isContentEditable && tag !== 'input');
    if (!typable) return false;
    const known = secretMemo.get(el);
    if (known !== undefined) return known;
    // A combobox's text field says new-password only to keep the browser's autofill away
    // (selectize.js): it holds no password.
    let secret = roleOf(el) !== 'combobox' && SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') || '');
    if (!secret) {
      const masked = /** @type {CSSStyleDeclaration & { webkitTextSecurity?: string }} */ (st(el)).webkitTextSecurity || '';
      secret = !!masked && masked !== 'none';
    }
    if (!secret) {
      let name = '';
      try { name = accName(el, roleOf(el)); } catch (_) { name = ''; }
      secret = SECRET_NAME.test(name) || SECRET_NAME.test(el.getAttribute('placeholder') || '');
    }
    secretMemo.set(el, secret);
    return secret;
  }
  // An element that holds focus only because focus is inside a shadow root the page closed to
  // scripts (Glass's world included): it cannot take focus itself and shows no open root. What
  // is focused in there is asked of Chrome, which sees closed roots.
  /** @param {El} el */
  function sealedHost(el) {
    if (!el || el.nodeType !== 1 || el.shadowRoot || el === document.body || el === document.documentElement) return false;
    if (nativeInteractive(el) || focusable(el) || el.hasAttribute('tabindex') || el.isContentEditable) return false;
    return !/^(iframe|frame|summary|audio|video|details)$/.test(el.localName);
  }
  const isPassword = secretField;
  const keyGuard = { armed: false, tripped: false };
  // Focus moving into a secret field, or into a closed shadow root (where a secret field may
  // hide), while keys are sent trips the guard.
  addEventListener('focusin', (e) => {
    const t = /** @type {El} */ (e.composedPath()[0]);
    if (keyGuard.armed && (isPassword(t) || sealedHost(t))) keyGuard.tripped = true;
  }, true);
  /** @param {Event} e */
  const stopKey = (e) => {
    if (!keyGuard.armed) return;
    if (!keyGuard.tripped && !isPassword(focusedDeep().el)) return;
    keyGuard.tripped = true;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  for (const t of ['keydown', 'keypress', 'beforeinput', 'textInput', 'input', 'keyup']) addEventListener(t, stopKey, true);
  // Arm before sending keys; says whether focus already is (or may be) in a password field.
  function keyGuardArm() {
    const f = focusedDeep();
    keyGuard.armed = true;
    keyGuard.tripped = false;
    return { password: isPassword(f.el), opaque: f.opaque, sealed: !!f.sealed };
  }
  // Disarm after the keys; says whether focus moved into a password field meanwhile.
  // The element focus is on as this world sees it (a closed root's host), for Chrome to look
  // inside; and what Glass must know of an element Chrome found in there.
  const focusedElement = () => focusedDeep().el || null;
  /** @param {El} el */
  const secretFacts = (el) => ({ secret: secretField(el), sealed: sealedHost(el) });
  // Whether element `ref` may take a stored secret: it is a secret field by the one rule, and
  // the host of the document it is in (a frame's own), which the secret must be bound to.
  /** @param {unknown} ref */
  function secretTarget(ref) {
    const el = target(ref);
    if (!el) return { status: 'stale' };
    const loc = el.ownerDocument.location;
    return { secret: secretField(el), host: loc ? loc.hostname : '' };
  }
  function keyGuardRelease() {
    const f = focusedDeep();
    const r = { tripped: keyGuard.tripped, password: isPassword(f.el), opaque: f.opaque, sealed: !!f.sealed };
    keyGuard.armed = false;
    keyGuard.tripped = false;
    return r;
  }

