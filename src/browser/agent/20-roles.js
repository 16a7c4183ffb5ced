  // Part 20, roles: ARIA and HTML-AAM role tables and the role of an element; apart because role is the model's vocabulary, read by every later part.
  // ---------------------------------------------------------------- roles
  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'switch', 'combobox', 'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'slider', 'spinbutton', 'treeitem', 'gridcell']);
  // Containers that group what a person acts on: landmarks, forms, dialogs, menus, lists,
  // tables. Observations nest their items under these.
  const LANDMARK = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'form', 'region', 'search']);
  const REGION = new Set([...LANDMARK, 'dialog', 'alertdialog', 'alert', 'menu', 'menubar', 'tablist', 'tree', 'toolbar', 'radiogroup', 'table', 'grid', 'treegrid', 'list', 'group', 'tabpanel', 'article']);
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'heading', 'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'cell', 'gridcell', 'columnheader', 'rowheader', 'checkbox', 'radio', 'switch', 'tooltip', 'row', 'listitem', 'term', 'definition', 'caption']);
  const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'treeitem']);
  const ARIA_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'comment', 'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell', 'group', 'heading', 'img', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'meter', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem']);
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
  const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image']);
  const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
  const BLOCK_TAGS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul']);
  const ACTIONS = new Set(['click', 'hover', 'type', 'check', 'select', 'drag', 'drop']);
  // What takes a value a person gives: a widget around one holds no other.
  const FIELD_SELECTOR = 'input:not([type=hidden]),select,textarea,[contenteditable=""],[contenteditable=true],[role=textbox],[role=combobox],[role=searchbox],[role=slider],[role=spinbutton]';
  // Descendants that make an element's own click heuristics moot: the real control is inside.
  const CONTROL_SELECTOR = 'a[href],button,input:not([type=hidden]),select,textarea,[contenteditable=""],[contenteditable=true],[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option],[role=textbox],[role=combobox],[role=searchbox],[role=slider]';

  /** @param {Element} el */
  const nativeInteractive = (el) => /^(button|input|select|textarea)$/.test(el.localName) || ((el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href'));
  /** @param {Element} el */
  const hasOwnLabel = (el) => !!(norm(el.getAttribute('aria-label')) || el.getAttribute('aria-labelledby') || norm(el.getAttribute('title')));
  /** @param {Element} el */
  const focusable = (el) => { const t = el.getAttribute('tabindex'); return t !== null && t.trim() !== '' && +t >= 0; };

  // The element's role: the first ARIA role token the page gave that we know, else the role
  // HTML gives the element (HTML-AAM, as Chrome maps it). null: no role (generic).
  /** @param {El} el @returns {string | null} */
  function roleOf(el) {
    const attr = el.getAttribute('role');
    if (attr) {
      for (const tok of attr.trim().toLowerCase().split(/\s+/).slice(0, 4)) {
        if (!ARIA_ROLES.has(tok)) continue;
        // ARIA: a focusable element keeps its own role despite role=none/presentation.
        if (tok === 'none' || tok === 'presentation') { if (nativeInteractive(el) || focusable(el)) break; return null; }
        if (tok === 'generic') return null;
        if (tok === 'image') return 'img';
        // A region or form is a landmark only when it has a name.
        if ((tok === 'region' || tok === 'form') && !hasOwnLabel(el)) return null;
        return tok;
      }
    }
    if (!attr) { const drawn = libraryRole(el); if (drawn) return drawn; }
    const implicit = implicitRole(el);
    return implicit === null && !attr ? rovingRole(el) : implicit;
  }
  // Roles a widget library gives no element, known by its classes as code editors are:
  // selectize.js (Shiny's and many admin apps' selects) draws a text field that opens a list
  // of `data-selectable` items, with no ARIA at all. A person sees a combobox and its options.
  /** @param {El} el @returns {string | null} */
  function libraryRole(el) {
    const up = el.parentElement;
    if (!up) return null;
    if (el.localName === 'input' && up.classList.contains('selectize-input')) return 'combobox';
    if (el.classList.contains('selectize-dropdown-content')) return 'listbox';
    if (el.hasAttribute('data-selectable') && el.closest('.selectize-dropdown')) return 'option';
    if (el.localName === 'span' && el.classList.contains('irs') && ionInput(el)) return 'slider';
    return null;
  }
  // What may be a listbox: the role, or a library's list that has none (see `libraryRole`).
  const LISTBOX_SELECTOR = '[role="listbox"],.selectize-dropdown-content';
  // ion.rangeSlider (Shiny's sliders) draws its slider in a span and keeps the value in a
  // read-only text input right after it, out of sight: that input, for the span; else null.
  /** @param {El} el @returns {HTMLInputElement | null} */
  function ionInput(el) {
    const n = el.nextElementSibling;
    return n && n.localName === 'input' && n.classList.contains('irs-hidden-input') ? /** @type {HTMLInputElement} */ (n) : null;
  }
  // Roving tabindex: a widget keeps one item in the tab order (tabindex 0) and the others at
  // -1, and some give only that one item its role (JupyterLab's file listing: `sub` is a
  // button, `notes.py` beside it a bare span). An item at -1 with no role takes the role of
  // its twin, the element of the same tag and first class in the same list that is in the tab
  // order with a role, so every file is the button a person sees.
  const ROVING_LIST = 'ul,ol,[role=list],[role=listbox],[role=grid],[role=treegrid],[role=tree],[role=toolbar],[role=menu],[role=menubar],[role=tablist],[role=radiogroup]';
  /** @param {El} el @returns {string | null} */
  function rovingRole(el) {
    if (el.getAttribute('tabindex') !== '-1' || !el.classList || !el.classList.length) return null;
    const list = el.parentElement && el.parentElement.closest(ROVING_LIST);
    if (!list) return null;
    const key = el.localName + '.' + el.classList[0];
    let known = rovingMemo.get(list);
    if (!known) { known = new Map(); rovingMemo.set(list, known); }
    if (known.has(key)) return known.get(key);
    let role = null;
    const twins = list.querySelectorAll(el.localName + '[tabindex="0"][role]');
    for (let k = 0; k < twins.length && k < 64; k++) {
      const t = twins[k];
      if (t.classList[0] !== el.classList[0]) continue;
      const r = roleOf(t);
      if (r && INTERACTIVE.has(r)) { role = r; break; }
    }
    known.set(key, role);
    return role;
  }
  // The table a canvas says it draws: the table in its fallback content, which Chrome gives
  // screen readers in the canvas's place (glide-data-grid, Streamlit's dataframes, keeps a grid
  // of the cells it draws there). The canvas is that table to a person reading it; null for
  // any other element.
  /** @param {El} el @returns {El | null} */
  function drawnTable(el) {
    if (el.localName !== 'canvas') return null;
    return /** @type {El | null} */ (el.querySelector('table,[role=table],[role=grid],[role=treegrid]'));
  }
  /** @param {El} el @returns {string | null} */
  function implicitRole(el) {
    const tag = el.localName;
    switch (tag) {
      case 'canvas': { const t = drawnTable(el); return t ? roleOf(t) : null; }
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': return 'button';
      case 'summary': return el.parentElement && el.parentElement.localName === 'details' ? 'button' : null;
      case 'input': {
        const t = el.type;
        if (t === 'hidden') return null;
        if (t === 'checkbox' || t === 'radio') return t;
        if (BUTTON_TYPES.has(t) || t === 'file' || t === 'color') return 'button';
        if (t === 'range') return 'slider';
        if (t === 'number') return 'spinbutton';
        // A list that names no datalist suggests nothing (NiceGUI writes one for every input).
        if (el.hasAttribute('list') && /** @type {HTMLInputElement} */ (el).list) return 'combobox';
        return t === 'search' ? 'searchbox' : 'textbox';
      }
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'img': return el.getAttribute('alt') === '' ? null : 'img';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return el.parentElement && el.parentElement.closest('article,aside,nav,section') && !hasOwnLabel(el) ? null : 'complementary';
      case 'search': return 'search';
      // header/footer are page landmarks only when not inside a sectioning element.
      case 'header': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'banner';
      case 'footer': return el.parentElement && el.parentElement.closest('article,aside,main,nav,section') ? null : 'contentinfo';
      case 'form': return 'form'; // named or not: a form is what a person fills in
      case 'section': return hasOwnLabel(el) ? 'region' : null;
      case 'dialog': return 'dialog'; // shown (a closed one is display:none)
      case 'option': return 'option';
      case 'optgroup': return 'group';
      case 'li': return el.parentElement && /^(ul|ol|menu)$/.test(el.parentElement.localName) && roleOf(el.parentElement) === 'list' ? 'listitem' : null;
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': {
        const t = el.closest('table');
        const r = t && roleOf(t);
        return r === 'grid' || r === 'treegrid' ? 'gridcell' : 'cell';
      }
      case 'th': return thRole(el);
      case 'caption': return 'caption';
      case 'p': return 'paragraph';
      case 'article': return 'article';
      case 'fieldset': return 'group';
      case 'details': return 'group';
      case 'figure': return 'figure';
      case 'blockquote': return 'blockquote';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'hr': return 'separator';
      case 'output': return 'status';
      case 'math': return 'math';
      default:
        // Only the editing host is a textbox, not every element inside it.
        if (el.hasAttribute('contenteditable') && el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
        return null;
    }
  }
  /** @param {Element} el */
  function thRole(el) {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    const tr = el.parentElement;
    if (el.closest('thead')) return 'columnheader';
    // A th first in a row of data cells heads that row; otherwise it heads its column.
    if (tr && tr.firstElementChild === el && tr.querySelector(':scope > td')) return 'rowheader';
    return 'columnheader';
  }
  /** @param {Element} el */
  function headingLevel(el) {
    const a = parseInt(el.getAttribute('aria-level'), 10);
    if (a > 0) return a;
    const m = /^h([1-6])$/.exec(el.localName);
    return m ? +m[1] : 2; // ARIA's default level for role=heading
  }

