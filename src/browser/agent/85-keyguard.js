  // Part 85, the password key guard: capture listeners that cancel keys reaching a password field; apart because it installs global listeners and guards security.
  // ---------------------------------------------------------------- password guard
  // Keys meant for one field must not reach a password field the page moves focus to while
  // they are sent. While armed, focus entering a password field trips the guard, and from then
  // on every key and text input is cancelled before it can change anything; Glass reads the
  // guard after sending and reports the refusal instead of success.
  function focusedDeep() {
    let el = document.activeElement;
    for (let hops = 0; el && hops < 32; hops++) {
      if (el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; continue; }
      if (el.localName === 'iframe' || el.localName === 'frame') {
        let inner = null;
        try { inner = el.contentDocument; } catch (_) { inner = null; }
        // Focus inside a frame this document cannot see into.
        if (!inner) return { el: null, opaque: true };
        if (!inner.activeElement || inner.activeElement === inner.body) return { el: inner.body, opaque: false };
        el = inner.activeElement;
        continue;
      }
      break;
    }
    return { el, opaque: false };
  }
  const isPassword = (el) => !!el && el.localName === 'input' && el.type === 'password';
  const keyGuard = { armed: false, tripped: false };
  addEventListener('focusin', (e) => {
    if (keyGuard.armed && isPassword(e.composedPath()[0])) keyGuard.tripped = true;
  }, true);
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
    return { password: isPassword(f.el), opaque: f.opaque };
  }
  // Disarm after the keys; says whether focus moved into a password field meanwhile.
  function keyGuardRelease() {
    const f = focusedDeep();
    const r = { tripped: keyGuard.tripped, password: isPassword(f.el), opaque: f.opaque };
    keyGuard.armed = false;
    keyGuard.tripped = false;
    return r;
  }

