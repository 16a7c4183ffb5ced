  // Part 50, observation: tables, the levels' projections of the walk, items, contexts of repeated controls and observe(); apart as the largest consumer of the model.
  // ---------------------------------------------------------------- tables
  // Header cells and the first rows of a table, each cell's text bounded: what a person reads
  // off it, bounded by construction however long the table is.
  // A table's own rows (not those of a table nested in it), a row's cells, and whether a row
  // is all header cells: shared by observation and extraction.
  /** @param {El} el @returns {Element[]} */
  function rowsOf(el) {
    const drawn = drawnTable(el);
    if (drawn) return rowsOf(drawn);
    /** @type {Element[]} */
    const rows = [];
    if (el.localName === 'table') {
      for (const r of /** @type {HTMLTableElement} */ (el).rows) if (r.closest('table') === el) rows.push(r);
    } else {
      // Its own rows: the nearest table around each is el, a layout table inside it
      // (`<table role="none">` holding Gradio's header row) being none.
      /** @param {Element} r */
      const owner = (r) => {
        for (let n = r.parentElement; n; n = n.parentElement) if (/^(table|grid|treegrid)$/.test(roleOf(/** @type {El} */ (n)) || '')) return n;
        return null;
      };
      for (const r of el.querySelectorAll('[role=row]')) if (owner(r) === el) rows.push(r);
    }
    return inGridOrder(rows);
  }
  // The other parts of a row drawn in several containers, by its first part: AG Grid draws a
  // row once per pinned part (the selection and name columns apart from the rest), each part
  // carrying the row's `aria-rowindex`. Set by `rowsOf`, which every reader of a table's rows
  // calls before it reads their cells.
  /** @type {WeakMap<Element, Element[]>} */
  const rowParts = new WeakMap();
  // A table's rows in the order it says they stand, when every row says where
  // (`aria-rowindex`: AG Grid moves rows on a sort without moving their nodes), the parts of
  // one row taken as one; else the document's order. A header row and a body row are never
  // parts of one row, whatever index they say (Shiny's grid gives its header and its first row
  // both 1): the header comes first.
  /** @param {Element[]} rows */
  function inGridOrder(rows) {
    /** @param {Element} r */
    const at = (r) => Number(r.getAttribute('aria-rowindex'));
    if (rows.length < 2 || !rows.every((r) => at(r) > 0)) return rows;
    /** @param {Element} r */
    const header = (r) => !!r.closest('thead') || (!!r.querySelector('th,[role=columnheader]') && !r.querySelector('td,[role=cell],[role=gridcell]'));
    /** @type {Map<number, Element>} */
    const first = new Map();
    for (const r of rows) {
      // Header rows before body rows of the same index.
      const key = at(r) * 2 + (header(r) ? 0 : 1);
      const f = first.get(key);
      if (f) /** @type {Element[]} */ (rowParts.get(f)).push(r);
      else { first.set(key, r); rowParts.set(r, []); }
    }
    return [...first.keys()].sort((a, b) => a - b).map((k) => /** @type {Element} */ (first.get(k)));
  }
  /** A row and the other parts it is drawn in. @param {Element} r */
  const partsOf = (r) => [r, ...(rowParts.get(r) || [])];
  // A row a person reads: rendered and visible, or kept for a canvas that draws it (no box
  // of its own there, as none of the canvas's fallback has one) and not hidden there.
  /** @param {Element} r */
  const rowShown = (r) => partsOf(r).some((p) => st(p).visibility === 'visible' && (boxDrawn(p) || (!!p.closest('canvas') && st(p).display !== 'none')));
  // Whether el draws a box: its own, or, with none of its own (display: contents: the rows of
  // react-data-grid, pgAdmin's results), one of its children's.
  /** @param {Element} el */
  const boxDrawn = (el) => el.checkVisibility() || (st(/** @type {El} */ (el)).display === 'contents' && [...el.children].some((c) => c.checkVisibility()));
  /** @param {Element} r */
  const ownCells = (r) => Array.from(r.children).filter((c) => c.localName === 'td' || c.localName === 'th' || /^(cell|gridcell|columnheader|rowheader)$/.test(c.getAttribute('role') || ''));
  // A row's cells, from all its parts, in the order the table says they stand when every cell
  // says where (`aria-colindex`: AG Grid moves a redrawn cell to the end of its row's nodes).
  /** @param {Element} r */
  function cellsOf(r) {
    const cells = partsOf(r).flatMap(ownCells);
    /** @param {Element} c */
    const at = (c) => Number(c.getAttribute('aria-colindex'));
    return cells.length > 1 && cells.every((c) => at(c) > 0) ? cells.sort((a, b) => at(a) - at(b)) : cells;
  }
  /** @param {Element} r */
  const headerRow = (r) => { const cs = cellsOf(r); return cs.length > 0 && cs.every((c) => c.localName === 'th' || c.getAttribute('role') === 'columnheader'); };
  // The text of the tables canvases in or at root draw, as a table's text reads (a row a line,
  // its cells apart by tabs): what a person reads off them, which no rendered text holds.
  /** @param {ParentNode & Node} root @returns {string} */
  function drawnText(root) {
    let t = '';
    const canvases = /** @type {El[]} */ ([...root.querySelectorAll('canvas')]);
    if (root instanceof Element && root.localName === 'canvas') canvases.push(/** @type {El} */ (root));
    for (const c of canvases) {
      if (!drawnTable(c) || !seen(c)) continue;
      for (const r of rowsOf(c)) if (rowShown(r)) t += '\n' + cellsOf(r).map((x) => norm(x.textContent)).join('\t');
    }
    return t;
  }
  // How many body rows a table says it has beyond those it holds (its aria-rowcount less its
  // header row and the rows counted): a grid that draws only the rows in view (AG Grid,
  // glide-data-grid, Gradio's) keeps the rest nowhere until scrolled to. 0 when it says
  // nothing more.
  /** @param {El} el @param {number} headers @param {number} held */
  function rowsUndrawn(el, headers, held) {
    const t = drawnTable(el) || el;
    const n = parseInt(t.getAttribute('aria-rowcount') || '', 10);
    return Number.isFinite(n) && n > 0 ? Math.max(0, n - headers - held) : 0;
  }
  // A table's shown rows, its header rows apart: the header rows before the body are one
  // header, a column named by the lowest of them that says something over it (AG Grid's group
  // row "Metrics" over "accuracy"; a row of filter boxes under the names, Dash's). The one
  // reading of a table's header, for observe and extraction alike.
  /** @param {El} el @param {number} width @param {(c: El) => string} name */
  function headedRows(el, width, name) {
    /** @type {string[] | null} */
    let columns = null;
    /** @type {Element[]} */
    const header = [], body = [];
    for (const r of rowsOf(el)) {
      if (!rowShown(r)) continue;
      if (body.length === 0 && headerRow(r)) {
        const names = cellsOf(r).slice(0, width).map((c) => name(/** @type {El} */ (c)));
        const above = columns;
        columns = above ? names.map((t, k) => t || above[k] || '').concat(above.slice(names.length)) : names;
        header.push(r);
        continue;
      }
      body.push(r);
    }
    return { columns, header, body };
  }
  /** @param {El} el @param {number} maxRows @param {number} maxCell */
  function tableData(el, maxRows, maxCell) {
    /** @param {El} c */
    const cellText = (c) => cut(readText(c), maxCell);
    const t = headedRows(el, 16, cellText);
    const shown = t.header.flatMap(partsOf);
    const rows = t.body.slice(0, maxRows).map((r) => { shown.push(...partsOf(r)); return cellsOf(r).slice(0, 16).map((c) => cellText(/** @type {El} */ (c))); });
    const count = t.body.length;
    return { columns: t.columns, rows, rowCount: count, undrawn: rowsUndrawn(el, t.header.length, count), shown };
  }

  // ---------------------------------------------------------------- observe
  // Projections of the one model: which items each level emits.
  // A role-less clickable inside a menu is an entry of it (Lumino's "New ▸" submenu), and so
  // on: what a person takes it for.
  /** @type {Record<string, string>} */
  const ROLE_IN = { menu: 'menuitem', menubar: 'menuitem', listbox: 'option', tablist: 'tab', tree: 'treeitem' };
  /** @type {Record<string, number>} */
  const LEVELS = { compact: 400, summary: 64, interactive: 400, structured: 300, detailed: 200, raw: 500 };
  /** @type {Record<string, number>} */
  const TABLE_ROWS = { compact: 10, summary: 0, interactive: 0, structured: 15, detailed: 40, raw: 60 };
  // A compact observation of a page lists the controls of a table's shown rows only: the rows
  // say what each control is for, and the rest is one `observe` of the table's region away.
  const CUTS_ROWS = new Set(['compact']);

  // The containers worth nesting controls under: not lists and articles (a list of links is
  // its links), and groups only when named (a fieldset's legend; not every <details>).
  /** @param {Info} i @param {boolean} region */
  function listsControls(i, region) {
    if (!region || i.role === 'list' || i.role === 'article') return false;
    return i.role !== 'group' || hasOwnLabel(i.el) || (i.tag === 'fieldset' && !!i.el.querySelector(':scope > legend'));
  }
  // A fieldset no legend or label names, listed as no region: its own words are read as a
  // block's (Gradio's checkbox group titled by a span in its fieldset, "Metrics").
  /** @param {Info} i */
  const untitledGroup = (i) => i.tag === 'fieldset' && !listsControls(i, true);
  // What a page announces (a status line, an alert, a log, an <output>, a live region): what
  // an action changes for a person to read. Compact observations list it with its text.
  const ANNOUNCES = new Set(['status', 'alert', 'log', 'timer', 'marquee']);
  /** @param {Info} i */
  function announces(i) {
    if (ANNOUNCES.has(i.role) || i.tag === 'output') return true;
    const live = i.el.getAttribute('aria-live');
    return live === 'polite' || live === 'assertive';
  }
  // Whether an item is, to a person, the one control it holds, which is listed and found in
  // its place: a grid cell that holds one control and says only what that control says
  // (Tabulator's row checkbox, a data grid's link: a press on the cell's empty middle reaches
  // neither), a text box that takes no text itself around a field that does (Phoenix's JSON
  // editor: a `role="textbox"` box around CodeMirror's own). One rule for observe and locators.
  /** @param {El} el @param {string | null} role @param {string} name */
  function givesWay(el, role, name) {
    if (role === 'gridcell') return soleControl(el, name);
    if (role === 'textbox') return !isEditable(el) && fieldInside(el);
    return false;
  }
  // Whether a grid cell holds exactly one control a person sees, named as the cell reads
  // (`name`, the cell's name): then that control is what the cell offers.
  /** @param {El} cell @param {string} name */
  function soleControl(cell, name) {
    /** @type {El | null} */
    let one = null;
    for (const c of cell.querySelectorAll(CONTROL_SELECTOR)) {
      if (absent(/** @type {El} */ (c))) continue;
      if (one) return false;
      one = /** @type {El} */ (c);
    }
    return !!one && lc(accName(one, roleOf(one))) === lc(name);
  }
  // Whether el holds a field a person types into that is seen.
  /** @param {El} el */
  function fieldInside(el) {
    for (const f of el.querySelectorAll('input,textarea,[contenteditable]')) {
      if (isEditable(/** @type {El} */ (f)) && !absent(/** @type {El} */ (f))) return true;
    }
    return false;
  }
  // `full`: the budget is spent; past it a compact observation only counts controls, so the
  // text of blocks is not read at all.
  /** @param {string} level @param {Info} i @param {number} maxText @param {boolean} full */
  function classify(level, i, maxText, full) {
    // A listbox of its own options is a container; a <select> is one control.
    const region = REGION.has(i.role) || (i.role === 'listbox' && i.tag !== 'select');
    const ctl = (i.interactive || i.clickable) && !region;
    // A frame we cannot enter (cross-origin): report it so Glass can observe it on its own.
    const opaque = i.frameDoc === null;
    switch (level) {
      case 'summary': return region && i.role !== 'list' && i.role !== 'group' ? 'region' : i.role === 'heading' && !i.inControl && headingLevel(i.el) <= 3 ? 'item' : null;
      case 'compact': return ctl || opaque || (i.role === 'heading' && !i.inControl) ? 'item' : listsControls(i, region) ? 'region' : announces(i) && !i.covered ? 'item' : (region && !untitledGroup(i)) || full ? null : compactText(i);
      case 'interactive': return ctl || opaque ? 'item' : listsControls(i, region) ? 'region' : null;
      case 'raw': if (!ctl && !opaque && !region && !i.role && !directText(i.el)) return null;
      // fall through
      default: { // structured, detailed (raw)
        if (ctl || opaque || (i.role === 'heading' && !i.inControl)) return 'item';
        if (region) return 'region';
        if (level === 'raw' && i.role && i.role !== 'paragraph' && i.role !== 'listitem') return 'item';
        const d = i.style.display;
        // A label's text is its control's name.
        if (i.covered || d.startsWith('inline') || d === 'contents' || (i.tag === 'label' && i.el.control)) return null;
        const t = inlineText(i.el, maxText);
        if (!t.own) return null;
        i.text = t.all;
        return 'text';
      }
    }
  }

  // What a person reads in a compact observation besides controls: a block's text (a
  // paragraph, a list item's words), cut short. A block around exactly one control with a few
  // words of its own ("Item 4 [Buy]") gives that control its context instead of an item.
  const COMPACT_TEXT = 100;
  /** @param {Info} i */
  function compactText(i) {
    const d = i.style.display;
    if (i.covered || d.startsWith('inline') || d === 'contents' || (i.tag === 'label' && i.el.control) || i.tag === 'option' || i.tag === 'legend' || i.tag === 'caption') return null;
    const t = inlineText(i.el, COMPACT_TEXT);
    if (!t.own) return null;
    const words = norm(t.bare);
    // Only a block whose one control is all it holds (not one inline among the controls of
    // its nested blocks: a form's loose labels are no row's words).
    if (t.controls === 1 && words.length <= 60) {
      if ([...i.el.querySelectorAll(CONTROL_SELECTOR)].filter((c) => !absent(c)).length <= 1) { i.words = words; return null; }
    }
    i.text = t.all;
    return 'text';
  }

  /**
   * One item of an observation; a region's items nest under `children`.
   * @typedef {{ ref: string, role: string, name?: string, frame?: number, level?: number, disabled?: boolean,
   *   checked?: boolean | 'mixed', expanded?: boolean, haspopup?: string, pressed?: boolean | 'mixed', selected?: boolean,
   *   current?: boolean, required?: boolean, readonly?: boolean, invalid?: boolean, password?: boolean, valuePresent?: boolean,
   *   value?: string, options?: string[], optionCount?: number, href?: string, modal?: boolean, live?: boolean, columns?: string[],
   *   rows?: string[][], rowCount?: number, undrawnRows?: number, focused?: boolean, text?: string, tag?: string, description?: string,
   *   placeholder?: string, bounds?: Box, inViewport?: boolean, children?: Item[], controls?: number, context?: string }} Item
   */
  /**
   * An observation's settings (`o` in observe).
   * @typedef {{ level: string, maxName: number, maxText: number, withValues: boolean, maxOptions: number,
   *   active: Element | null, tableRows: number | undefined }} ObserveCtx
   */
  /** @param {Info} i @param {string} kind @param {ObserveCtx} o @param {Ctx} ctx */
  function buildItem(i, kind, o, ctx) {
    const el = i.el;
    const st8 = i.stands || el; // state comes from the control a label stands for
    let role = i.role || (i.clickable ? (ROLE_IN[i.inRegion] || 'generic') : i.frameDoc === null ? 'iframe' : 'text');
    if (kind === 'text') role = 'text';
    let name = '';
    if (kind !== 'text') {
      const ed = i.role === 'textbox' ? editorOf(el) : null;
      if (ed && ed.input === el) name = editorName(ed);
      else if (i.stands) name = accName(i.stands, role) || norm(el.getAttribute('aria-label')) || norm(el.getAttribute('title'));
      else name = itemName(el, i.role, i.clickable);
    }
    /** @type {Item} */
    const item = { ref: peekRef(el, ctx), role, name: cut(name, o.maxName) };
    // A compact text item is its text: no name to read.
    if (kind === 'text' && o.level === 'compact') delete item.name;
    if (i.frame) item.frame = i.frame;
    if (kind !== 'text') {
      // Glass tells what an action made the page announce before anything else it changed.
      if (announces(i)) item.live = true;
      if (role === 'heading') item.level = headingLevel(el);
      if (isDisabled(st8)) item.disabled = true;
      if (CHECKABLE.has(role)) {
        const c = checkedOf(st8);
        if (c !== null || role === 'checkbox' || role === 'radio' || role === 'switch') item.checked = c === null ? false : c;
      }
      const ex = el.getAttribute('aria-expanded');
      if (ex === 'true' || ex === 'false') item.expanded = ex === 'true';
      else if (i.tag === 'summary' && el.parentElement && el.parentElement.localName === 'details') item.expanded = /** @type {HTMLDetailsElement} */ (el.parentElement).open;
      const hp = el.getAttribute('aria-haspopup');
      if (hp && hp !== 'false') item.haspopup = hp === 'true' ? 'menu' : cut(hp, 12);
      const pr = el.getAttribute('aria-pressed');
      if (pr === 'true' || pr === 'false' || pr === 'mixed') item.pressed = pr === 'mixed' ? 'mixed' : pr === 'true';
      if (el.getAttribute('aria-selected') === 'true' || (i.tag === 'option' && el.selected)) item.selected = true;
      if (el.getAttribute('aria-current') && el.getAttribute('aria-current') !== 'false') item.current = true;
      if (st8.required === true || st8.getAttribute('aria-required') === 'true') item.required = true;
      if (((isTextInput(st8) || st8.localName === 'textarea') && st8.readOnly) || st8.getAttribute('aria-readonly') === 'true') item.readonly = true;
      if (st8.getAttribute('aria-invalid') === 'true' || (st8.validity && st8.willValidate && !st8.validity.valid && st8.matches(':user-invalid'))) item.invalid = true;
      // An ARIA slider or spin button holds the value it says (Radix's, Quasar's), as a native one.
      const aria = role === 'slider' || role === 'spinbutton' ? st8.getAttribute('aria-valuetext') || st8.getAttribute('aria-valuenow') : null;
      const v = fieldValue(st8) || (aria ? { value: aria, secret: false } : null);
      // A secret field (Glass's one rule): typing into it will ask for a confirmation.
      if (v && v.secret) item.password = true;
      if (v && v.value !== '') {
        item.valuePresent = true;
        if (o.withValues && !v.secret) item.value = cut(v.value, o.maxText);
      }
      if (st8.localName === 'select' && o.level !== 'summary') {
        const so = selectOptions(st8, o.maxOptions);
        item.options = so.options;
        if (so.count > so.options.length) item.optionCount = so.count;
      }
      if (role === 'link') { const h = hrefOf(el); if (h) item.href = h; }
      if ((role === 'dialog' || role === 'alertdialog') && (el.getAttribute('aria-modal') === 'true' || (el.localName === 'dialog' && safeMatches(el, ':modal')))) item.modal = true;
      if (kind === 'region' && (role === 'table' || role === 'grid' || role === 'treegrid')) {
        const t = tableData(el, o.tableRows !== undefined ? o.tableRows : TABLE_ROWS[o.level] || 0, o.level === 'detailed' || o.level === 'raw' ? 80 : 48);
        if (t.columns) item.columns = t.columns;
        if (t.rows.length) item.rows = t.rows;
        item.rowCount = t.rowCount;
        if (t.undrawn) item.undrawnRows = t.undrawn;
        i.rowsShown = t.shown;
      }
      if (el === o.active) item.focused = true;
    }
    if (kind === 'text') {
      const t = norm(i.text);
      if (t) item.text = cut(t, o.level === 'compact' ? Math.min(o.maxText, COMPACT_TEXT) : o.maxText);
    } else if (o.level === 'compact' && announces(i)) {
      const t = readText(el);
      if (t && lc(t) !== lc(item.name)) item.text = cut(t, o.maxText);
    } else if (o.level === 'raw') {
      const t = directText(el); // raw keeps each element's own text nodes, not its subtree's
      if (t && t !== item.name) item.text = cut(t, o.maxText);
      item.tag = i.tag;
    }
    if (o.level === 'detailed' || o.level === 'raw') {
      const d = idRefs(el, 'aria-describedby') || norm(el.getAttribute('aria-description'));
      if (d) item.description = cut(d, o.maxText);
      const ph = norm(st8.getAttribute('placeholder'));
      if (ph && ph !== item.name) item.placeholder = cut(ph, o.maxName);
      // The walk found it shown (itself or its stand-in): where that is, and what of it is on
      // screen now.
      const sb = screenBox(i.proxy || el);
      item.bounds = { x: Math.round(sb.rect.x), y: Math.round(sb.rect.y), w: Math.round(sb.rect.w), h: Math.round(sb.rect.h) };
      if (sb.vis) item.inViewport = true;
    }
    return item;
  }
  /** @param {Element} el @param {string} sel */
  function safeMatches(el, sel) { try { return el.matches(sel); } catch (_) { return false; } }

  // What sets a repeated control apart ("Delete" in the row of "Invoice 2"): the table row
  // or list item it sits in, the words leading up to it in its block ("Suggested facets:"),
  // the nearest heading before it, or the region around it.
  const HEADING_SELECTOR = 'h1,h2,h3,h4,h5,h6,[role=heading]';
  /** @param {El} n @param {string} own */
  function firstLine(n, own) {
    for (const l of String(n.innerText || '').split('\n')) { const t = norm(stripIcons(l)); if (t && lc(t) !== own) return t; }
    return '';
  }
  // The last words of `t`, at most `n` characters, from a word's start ("…the behaviour of
  // TiddlyWiki."), as a person reads the end of a long sentence.
  /** @param {string} t @param {number} n */
  function lastWords(t, n) {
    if (t.length <= n) return t;
    const tail = t.slice(t.length - n + 1);
    const space = tail.indexOf(' ');
    return '…' + (space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail);
  }
  // The first words of `t`, at most `n` characters, to a word's end, as a person reads the
  // start of a row.
  /** @param {string} t @param {number} n */
  function firstWords(t, n) {
    if (t.length <= n) return t;
    const head = t.slice(0, n - 1);
    const space = head.lastIndexOf(' ');
    return (space > 0 ? head.slice(0, space) : head) + '…';
  }
  // The name an icon font or set gives the icon el shows, from its class: "fa-plus" is "plus".
  const ICON_CLASS = /^(?:fa|fas|far|fab|bi|mdi|icon|glyphicon|ti|la|las|ion|octicon|codicon|lucide|feather|ri)-([a-z][a-z0-9-]*)$/;
  const ICON_NOT_A_NAME = /^(fw|lg|xs|sm|md|xl|\d+x|solid|regular|light|thin|duotone|brands|spin|pulse|border|inverse|flip.*|rotate.*|stack.*|outline|filled|sharp|rounded|small|large|wrap|wrapper|container|holder|box|base|root|inner|outer|button|btn|size.*|color.*)$/;
  // A control's own class that says what it does, BEM-like: "dialog__close-button" is "close";
  // not a library's prefix ("p-button" in Prefect, "el-button", "ant-btn", "chakra-button") or
  // the kind of button it is ("primary-button").
  const BUTTON_CLASS = /(?:^|__|-)([a-z]{3,})-(?:button|btn)$/;
  const BUTTON_CLASS_NOT_A_NAME = /^(ant|mat|mdc|mui|chakra|react|aria|base|text|link|primary|secondary|tertiary|default|ghost|outline|outlined|flat|raised|round|circle|square|small|large|toolbar|action|split|icon|nav|app|btn|button)$/;
  // What an icon-only control shows, by the icon set's class on it or its icon ("fa-plus" is
  // "plus"; a wrapper's class, Phoenix's "icon-wrap", names nothing), else the name the drawing
  // carries (`data-icon`, `data-name`: Font Awesome's SVGs, Phoenix's, Directus's), else the control's own
  // class ("copy-button").
  /** @param {El} el */
  function iconWords(el) {
    const parts = [el, ...el.querySelectorAll('i,svg,span')].slice(0, 8);
    for (const e of parts) {
      for (const t of (e.getAttribute('class') || '').split(/\s+/)) {
        const m = ICON_CLASS.exec(t);
        if (m && !ICON_NOT_A_NAME.test(m[1])) return m[1].replace(/-/g, ' ');
      }
    }
    // Directus draws its Material Symbols as `<i data-icon="delete">`, the ligature's word in
    // generated content: the word is the icon's.
    const drawn = el.querySelector('svg [data-icon],svg[data-icon],svg [data-name],svg[data-name],i[data-icon],span[data-icon]');
    const said = drawn && (drawn.getAttribute('data-icon') || drawn.getAttribute('data-name') || '');
    if (said && /^[a-z][a-z0-9_-]{1,30}$/i.test(said) && !ICON_NOT_A_NAME.test(said)) return said.replace(/[-_]/g, ' ').toLowerCase();
    for (const t of (el.getAttribute('class') || '').split(/\s+/)) {
      const m = BUTTON_CLASS.exec(t);
      if (m && !ICON_NOT_A_NAME.test(m[1]) && !BUTTON_CLASS_NOT_A_NAME.test(m[1])) return m[1];
    }
    return '';
  }
  // Whether a block before a control is words a person reads there: no control, or links
  // alone in a heading or in three words or more (a setting's title and its explanation, each
  // a link in TiddlyWiki), never a button or field (another control's words).
  /** @param {El} sib @param {El} el */
  function readAsText(sib, el) {
    // Words inside a control around el too (a label holding a select's chips) are el's own,
    // and so are its own label's that its name does not use (Dash's dropdown, named by its
    // value through aria-labelledby, under its label "Customer").
    const around = controlOf(sib);
    const ownLabel = !!around && around.localName === 'label' && /** @type {HTMLLabelElement} */ (around).control === el;
    if (around && !composedContains(around, el) && !ownLabel) return false;
    const inner = sib.querySelectorAll(CONTROL_SELECTOR);
    if (!inner.length) return true;
    if (!Array.from(inner).every((c) => roleOf(c) === 'link')) return false;
    return HEADING_TAG.test(sib.localName) || roleOf(sib) === 'heading' || norm(sib.innerText || '').split(' ').length >= 3;
  }
  const HEADING_TAG = /^h[1-6]$/;
  // The words a person reads just before el: the nearest non-empty text among its previous
  // siblings and theirs, up to four levels up (a wrapper around one element alone is no level),
  // not crossing a region or a control. Words laid out lower than el's middle are read after
  // it, whatever their place in the document (a slider's scale under its track).
  /** @param {El} el @param {string} own */
  function textBefore(el, own) {
    const r = el.getBoundingClientRect();
    const middle = r.top + r.height / 2;
    /** @param {FlatNode} n */
    const below = (n) => {
      let b;
      if (n.nodeType === 1) b = /** @type {Element} */ (n).getBoundingClientRect();
      else { const range = n.ownerDocument.createRange(); range.selectNodeContents(n); b = range.getBoundingClientRect(); }
      return b.height > 0 && b.top >= middle;
    };
    /** @param {FlatNode} sib */
    const words = (sib) => {
      let t = '';
      if (sib.nodeType === 3) t = sib.data;
      else if (sib.nodeType === 1) {
        // Words no person sees (a live announcer kept visually hidden) are no one's context.
        if (SKIP.has(sib.localName) || absent(sib) || REGION.has(roleOf(sib)) || !readAsText(sib, el) || !seenPresent(sib)) return '';
        t = sib.innerText || '';
      }
      t = norm(stripIcons(t)).replace(/^[\s,;|·•:/-]+|[\s,;|·•/-]+$/g, '');
      return t && lc(t) !== own ? t : '';
    };
    let node = el;
    for (let k = 0, steps = 0; k < 4 && node && steps < 12; steps++) {
      for (let sib = /** @type {FlatNode} */ (node.previousSibling); sib; sib = /** @type {FlatNode} */ (sib.previousSibling)) {
        const t = words(sib);
        if (t && !below(sib)) return lastWords(t, 60);
      }
      const up = flatParent(node);
      if (!up || REGION.has(roleOf(up))) break;
      if (up.childElementCount > 1 || (up.shadowRoot && up.shadowRoot.childElementCount > 1)) {
        // A control that leads the first box it shares, on one line with words after it (a
        // row's select box, before the row's words), is told by those words: the words before
        // that box are the row above's (Actual Budget's transactions). Words laid out below it
        // are another part's (Swagger UI's Responses under its Execute). Not for a field that
        // takes text: what follows it on its line is its own text drawn again (Prefect's value
        // box under its highlighted copy, a code editor's lines), and its label comes before.
        if (k === 0 && !isEditable(el)) {
          for (let sib = /** @type {FlatNode} */ (node.nextSibling); sib; sib = /** @type {FlatNode} */ (sib.nextSibling)) {
            const t = words(sib);
            if (t) { if (!below(sib)) return firstWords(t, 60); break; }
          }
        }
        k++;
      }
      node = up;
    }
    return '';
  }
  // What heads the part an expanded disclosure shows, for a control in that part: the
  // disclosure (`aria-expanded="true"`) just before a box around el, or inside such a box's
  // header, named by the header's heading when it has one (Wagtail's panel "Body", beside its
  // "Toggle section"), else by its own name (Swagger UI's operation "DELETE /api/pets/{id}",
  // opened, above its Execute button).
  /** @param {El} el @param {string} own */
  function openedBy(el, own) {
    let n = flatParent(el);
    for (let k = 0; n && k < 8 && !REGION.has(roleOf(n)); k++, n = flatParent(n)) {
      let sib = n.previousElementSibling;
      for (let s = 0; sib && s < 3; s++, sib = sib.previousElementSibling) {
        const b = sib.matches('[aria-expanded=true]') ? sib : sib.querySelector(':scope > [aria-expanded=true], :scope > * > [aria-expanded=true]');
        if (!b || absent(/** @type {El} */ (b))) continue;
        /** @type {El | null} */
        const h = b === sib ? null : sib.querySelector(HEADING_SELECTOR);
        const t = h && !absent(h) ? readText(h) : accName(/** @type {El} */ (b), roleOf(/** @type {El} */ (b)));
        if (t && lc(t) !== own) return t;
      }
    }
    return '';
  }
  /** @param {El} el @param {string} name */
  function contextOf(el, name) {
    // An unnamed icon button is told apart by its icon too, as a person tells a plus from a
    // pencil: the icon's name in its class ("fa-plus", "lucide-play", "bi-trash"), then the
    // words around it (a row's pencil from the next row's).
    const icon = name ? '' : iconWords(el);
    const around = contextAround(el, name);
    return icon && around ? icon + ', ' + around : icon || around;
  }
  // The words a cell (or a box in it, `depth` levels down) shows beside el, el's own aside.
  /** @param {Element} box @param {El} el @param {number} depth @returns {string} */
  function wordsBeside(box, el, depth) {
    let t = '';
    for (const c of box.childNodes) {
      if (c === el) continue;
      if (c.nodeType === 3) t += ' ' + /** @type {Text} */ (c).data;
      // Another control's words are its own (a row's "Pin run" box beside its select box).
      else if (c.nodeType === 1 && /** @type {Element} */ (c).matches(CONTROL_SELECTOR) && !composedContains(/** @type {Element} */ (c), el)) continue;
      else if (c.nodeType === 1 && !composedContains(/** @type {Element} */ (c), el)) t += ' ' + readText(/** @type {El} */ (c));
      else if (c.nodeType === 1 && depth > 0) t += ' ' + wordsBeside(/** @type {Element} */ (c), el, depth - 1);
    }
    return norm(t);
  }
  // What titles the table a row is in: its caption or label, else a first header row that says
  // one thing (a calendar's "December 2026" over its weekdays).
  /** @param {Element} row */
  function tableTitle(row) {
    const table = row.closest('table,[role=table],[role=grid],[role=treegrid]');
    if (!table) return '';
    const cap = table.querySelector(':scope > caption');
    const named = cap ? readText(/** @type {El} */ (cap)) : accName(/** @type {El} */ (table), roleOf(/** @type {El} */ (table)));
    if (named) return named;
    const first = table.querySelector('tr,[role=row]');
    if (!first || first === row) return '';
    const said = [...first.children].map((c) => readText(/** @type {El} */ (c))).filter(Boolean);
    return said.length === 1 ? said[0] : '';
  }
  // The words of the cell in `cell`'s column in the nearest row above `row` that has some.
  /** @param {Element} row @param {Element} cell @param {string} own */
  function columnAbove(row, cell, own) {
    const at = cell.getAttribute('aria-colindex');
    const index = Array.prototype.indexOf.call(row.children, cell);
    let r = row.previousElementSibling;
    for (let k = 0; r && k < 4; k++, r = r.previousElementSibling) {
      const c = at ? r.querySelector(`:scope > [aria-colindex="${CSS.escape(at)}"]`) : r.children[index];
      const t = c ? readText(/** @type {El} */ (c)) : '';
      if (t && lc(t) !== own) return t;
    }
    return '';
  }
  /** @param {El} el @param {string} name */
  function contextAround(el, name) {
    const own = lc(name);
    let n = flatParent(el);
    for (let k = 0; n && k < 12; k++, n = flatParent(n)) {
      const r = roleOf(n);
      // A link inside a heading (a permalink, "¶") is told apart by that heading's words.
      if (r === 'heading') {
        const t = norm(stripIcons(Array.from(/** @type {NodeListOf<FlatNode>} */ (n.childNodes), (c) => (c === el || (c.nodeType === 1 && composedContains(c, el)) ? '' : c.nodeType === 3 ? c.data : c.nodeType === 1 ? c.innerText || '' : '')).join(' ')));
        if (t && lc(t) !== own) return t.length > 60 ? t.slice(0, 60) : t;
      }
      if (r === 'row' || n.localName === 'tr') {
        /** @type {El[]} */
        const cells = Array.from(n.children);
        // The words beside it in its own cell first (an ID and its copy button; a header's
        // name beside its sort button, Airflow's), then the first cell's words that tell this
        // row from the rows beside it (a column saying "chain" on every row tells none apart),
        // else the first cell's words at all.
        const mine = cells.find((c) => composedContains(c, el));
        const beside = mine ? wordsBeside(mine, el, 3) : '';
        if (n.closest('thead') || cells.every((c) => c.localName === 'th' || c.getAttribute('role') === 'columnheader')) {
          if (beside && lc(beside) !== own) return beside;
          // A header row of controls (a grid's filter boxes under its column names, Dash's) is
          // told by the column's name in a header row above.
          const column = mine ? columnAbove(n, mine, own) : '';
          return column || 'column header';
        }
        if (beside && lc(beside) !== own) return beside;
        // A calendar's week (seven cells, each a day's number or empty) tells no day apart: its
        // month does (Dash's range picker shows two months, each day twice).
        if (cells.length === 7 && cells.every((c) => /^\d{0,2}$/.test(readText(c)))) {
          const month = tableTitle(n);
          if (month && lc(month) !== own) return month;
        }
        /** @param {Element | null} row @param {number} j @param {string} t */
        const same = (row, j, t) => !!row && !!row.children[j] && lc(readText(/** @type {El} */ (row.children[j]))) === lc(t);
        let first = '';
        for (let j = 0; j < cells.length; j++) {
          const c = cells[j];
          if (c === mine) continue;
          const t = readText(c);
          if (!t || lc(t) === own) continue;
          if (!same(n.previousElementSibling, j, t) && !same(n.nextElementSibling, j, t)) return t;
          if (!first) first = t;
        }
        return first;
      }
      if (r === 'listitem' || r === 'article' || r === 'option' || r === 'treeitem' || n.localName === 'li') {
        /** @type {El} */
        const h = n.querySelector(HEADING_SELECTOR);
        const t = h && !absent(h) ? readText(h) : firstLine(n, own);
        if (t && lc(t) !== own) return t;
      }
      if (REGION.has(r)) break;
    }
    // A control named apart from the words it shows (by a tooltip, an aria-label) and in no
    // row or item that tells it apart is told apart by those words, which a person reads on it
    // (TiddlyWiki's tag list: each "add tag" shows its tag; MLflow's "Edit tags" buttons all
    // show "Add tags", and their rows tell them apart).
    const words = iconFont(el) ? '' : norm(stripIcons(el.innerText || ''));
    if (own && /[\p{L}\p{N}]/u.test(words) && !own.includes(lc(words))) return words;
    const before = textBefore(el, own);
    if (before) return before;
    const opener = openedBy(el, own);
    if (opener) return opener;
    // The last shown heading before el inside its region that heads it: one whose box, or the
    // box around that, holds el too (a card's title in its header). A heading inside a part
    // that ended before el heads that part only (Swagger UI's "Responses" of the operation
    // opened above is no context of the next operation's buttons).
    let region = flatParent(el);
    while (region && !REGION.has(roleOf(region)) && region !== el.ownerDocument.body) region = flatParent(region);
    const scope = region || el.ownerDocument.body;
    if (scope) {
      const hs = scope.querySelectorAll(HEADING_SELECTOR);
      for (let j = hs.length - 1, seen = 0; j >= 0 && seen < 50; j--) {
        /** @type {El} */
        const h = hs[j];
        if (composedContains(h, el) || !(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) || absent(h)) continue;
        seen++;
        const up = flatParent(h);
        const around = up && up !== scope ? flatParent(up) : up;
        if (!(up && composedContains(up, el)) && !(around && composedContains(around, el))) continue;
        const t = norm(stripIcons(h.innerText || ''));
        if (t && lc(t) !== own) return t;
        break;
      }
    }
    return region ? accName(region, roleOf(region)) : '';
  }

  /**
   * An observe call's options, as Rust sends them.
   * @typedef {{ level?: string, nextRef?: number, maxItems?: number, maxNameChars?: number, maxTextChars?: number,
   *   includeFormValues?: boolean, tableRows?: number, maxBytes?: number, region?: string }} ObserveOptions
   */
  /** An open region of an observation: where its items go (a table's: which rows show). @typedef {{ children: Item[], item: Item | null, info: Info | null, size?: number, rowsShown?: Set<Element> }} Region */
  /** @param {ObserveOptions} opts */
  function observe(opts) {
    opts = opts && typeof opts === 'object' ? opts : {};
    const level = Object.prototype.hasOwnProperty.call(LEVELS, opts.level) ? opts.level : 'compact';
    const ctx = newCtx(opts.nextRef);
    let maxItems = posInt(opts.maxItems, LEVELS[level]);
    if (level === 'summary') maxItems = Math.min(maxItems, 64);
    const active = deepActive();
    const o = {
      level, maxName: posInt(opts.maxNameChars, 80), maxText: posInt(opts.maxTextChars, 200),
      withValues: opts.includeFormValues === true, maxOptions: 25, active,
      tableRows: Number.isFinite(opts.tableRows) ? Math.max(0, Math.min(200, Math.floor(opts.tableRows))) : undefined,
    };
    // 21 KiB of items keeps the whole answer (url, title, envelope, the contexts added at the
    // end) under 24 KiB.
    const maxBytes = posInt(opts.maxBytes, 21504);
    /**
     * @type {{ url: string, title: string, items: Item[], counts: { total: number, emitted: number }, truncated: boolean,
     *   budgetsHit: string[], nextRef: number, focused?: string, roleCounts?: Record<string, number>, textDigest?: string,
     *   omitted?: { count: number, first: { role: string, name: string }, last: { role: string, name: string }, in?: string },
     *   omittedText?: { count: number, first: string, in?: string } }}
     */
    const out = {
      url: cut(location.href, 500), title: cut(norm(document.title), 200), items: [],
      counts: { total: 0, emitted: 0 }, truncated: false, budgetsHit: [], nextRef: ctx.next,
    };
    /** @param {string} b */
    const budget = (b) => { if (!out.budgetsHit.includes(b)) out.budgetsHit.push(b); };
    /** @type {El} */
    let root = document.documentElement;
    if (opts.region != null) {
      const e = lookup(opts.region);
      if (e === UNKNOWN) return { status: 'unknown', nextRef: ctx.next };
      if (!e || !e.isConnected) return { status: 'stale', nextRef: ctx.next };
      root = shown(e) ? e : null; // an invisible region has nothing to show
    }
    /** @type {Record<string, number> | null} */
    const roleCounts = level === 'summary' ? Object.create(null) : null;
    // Summary's roleCounts (<= 49 keys of <= 40 chars) is only known at the end: reserve room.
    let bytes = utf8Len(JSON.stringify(out)) + 64 + (roleCounts ? 3200 : 0), full = false, emitted = 0;
    // Open regions: each frame collects its children; the page is the bottom frame.
    /** @type {Region[]} */
    const stack = [{ children: out.items, item: null, info: null }];
    /** @type {[Item, El][]} */
    const controls = []; // [item, element] of emitted controls, for the contexts
    const wo = walkOpts(budget);
    // Blocks whose words go to the one control inside them, innermost last, with the region
    // depth they opened at (words do not cross into a region opened inside the block).
    /** @type {{ info: Info, regions: number }[]} */
    const words = [];
    // Text items take at most this share of the budget, so controls still fit; what it left
    // out is counted, with the first of it and the region it starts in.
    let textBytes = 0;
    const maxTextBytes = level === 'compact' ? Math.floor(maxBytes / 5) : Infinity;
    /** @type {{ count: number, first: string, in?: string } | null} */
    let textLeft = null;
    /** @param {Info} i */
    const textCut = (i) => {
      budget('text');
      if (textLeft) { textLeft.count += 1; return; }
      textLeft = { count: 1, first: cut(norm(i.text || ''), 60) };
      const where = regionOf(i);
      if (where) textLeft.in = where;
    };
    // Where the budgets cut the list: the first element left out, the region it sits in, and
    // the last one counted after it, so the answer can say what it left out.
    /** @type {Info | null} */
    let firstCut = null;
    /** @type {Info | null} */
    let lastCut = null;
    /** @type {string | undefined} */
    let cutIn;
    // The region to observe for what a budget left out at i: the innermost listed region, or
    // else (a list is not listed) the list or region holding it, with a ref of its own.
    /** @param {Info} i @returns {string | undefined} */
    const regionOf = (i) => {
      for (let k = stack.length - 1; k > 0; k--) { const it = stack[k].item; if (it) return it.ref; }
      for (let n = flatParent(i.el); n && n !== root; n = flatParent(n)) if (REGION.has(roleOf(n))) return refFor(n, ctx);
      return undefined;
    };
    /** @param {Info} i */
    const cutAt = (i) => {
      firstCut = i;
      cutIn = regionOf(i);
    };
    // What the page's announcements said (lower case) and where: a second region announcing
    // the same words over the first (two toasters showing one toast) says nothing new, while
    // the same words elsewhere (a field's "Required" under each field) do.
    /** @type {Map<string, DOMRect[]>} */
    const announced = new Map();
    /** @param {string} says @param {Info} i */
    const saidThere = (says, i) => {
      const r = i.el.getBoundingClientRect();
      return (announced.get(says + '\u0000' + i.frame) || []).some((b) => {
        const w = Math.min(b.right, r.right) - Math.max(b.left, r.left), h = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
        return w > 0 && h > 0 && w * h * 2 > Math.min(b.width * b.height, r.width * r.height);
      });
    };
    if (root) {
      walk(root, {
        enter(i) {
          const ctl = i.interactive || i.clickable;
          if (roleCounts && (i.role || i.clickable) && i.shown()) {
            let k = i.role || 'generic';
            // At most 48 distinct keys: explicit roles are free-form page strings.
            if (!(k in roleCounts) && Object.keys(roleCounts).length >= 48) k = 'other';
            roleCounts[k] = (roleCounts[k] || 0) + 1;
          }
          if (level === 'summary' && ctl && i.shown()) for (let k = 1; k < stack.length; k++) stack[k].item.controls = (stack[k].item.controls || 0) + 1;
          // A row of a table past the rows it shows: its controls are the table region's.
          const table = stack[stack.length - 1].rowsShown;
          if (table && (i.tag === 'tr' || i.role === 'row') && !table.has(i.el)) {
            // Counted, not listed: counts.total says how many there are.
            const cut = i.el.checkVisibility() ? i.el.querySelectorAll(CONTROL_SELECTOR).length : 0;
            if (cut) { budget('rows'); out.counts.total += cut; }
            return NO_CHILDREN;
          }
          const kind = classify(level, i, o.maxText, full);
          if (i.words) words.push({ info: i, regions: stack.length });
          if (!kind) return undefined;
          // A compact observation's text is what a person reads around the controls, not
          // something to count or page through: past its share it is left to getText.
          const text = kind === 'text' && level === 'compact';
          // Past the budget, items are only counted: by their box alone (clipping is not
          // worked out for what will not be shown).
          if (full) { if (!text && i.counts()) { out.counts.total += 1; lastCut = i; } return undefined; }
          if (!i.shown()) return undefined;
          if (text && textBytes >= maxTextBytes) { textCut(i); return undefined; }
          if (text && emitted >= maxItems) return undefined;
          out.counts.total += 1;
          if (emitted >= maxItems) { full = true; budget('items'); cutAt(i); return undefined; }
          const item = buildItem(i, kind, o, ctx);
          if (givesWay(i.el, item.role, item.name)) { out.counts.total -= 1; return undefined; }
          const around = ctl && words.length ? words[words.length - 1] : null;
          if (around && around.regions === stack.length && i.depth - around.info.depth <= 4 && around.info.words && lc(around.info.words) !== lc(item.name)) item.context = cut(around.info.words, 60);
          // A stand-in label with nothing to call it (an icon toggling a hidden checkbox)
          // is decoration to a reader.
          // So is a role-less focusable with nothing to call it (a menu separator); not one
          // whose icon says what it does (Node-RED's "+": its class says fa-plus).
          if ((i.stands || i.clickable) && !item.name && !(i.clickable && iconWords(i.el))) { out.counts.total -= 1; return undefined; }
          // So is an empty status line, until it says something.
          if (kind === 'item' && !ctl && !item.name && !item.text && announces(i)) { out.counts.total -= 1; return undefined; }
          // An announcement a compact observation tells with its words: once.
          const says = level === 'compact' && kind === 'item' && !ctl && item.text !== undefined && announces(i) ? lc(item.text) : null;
          if (says !== null && saidThere(says, i)) { out.counts.total -= 1; if (says.length < o.maxText) i.coverKids = true; return undefined; }
          // So is the text that names the region it is in (a dialog's label).
          const into = stack[stack.length - 1].item;
          if (text && into && item.text && lc(item.text) === lc(into.name)) { out.counts.total -= 1; return undefined; }
          // A link inside a menu item of the same name is one thing to a person: list it once.
          if (ctl && i.p.ctlName && lc(item.name) === i.p.ctlName) { out.counts.total -= 1; return undefined; }
          const size = utf8Len(JSON.stringify(item)) + 1 + (kind === 'region' ? 14 : 0);
          if (text && (bytes + size > maxBytes || textBytes + size > maxTextBytes)) { out.counts.total -= 1; textBytes = maxTextBytes; textCut(i); return undefined; }
          if (bytes + size > maxBytes) { full = true; budget('bytes'); cutAt(i); return undefined; }
          bytes += size;
          if (text) textBytes += size;
          emitted += 1;
          item.ref = refFor(i.el, ctx); // minted only once it is sure to be emitted
          stack[stack.length - 1].children.push(item);
          if (item.focused) out.focused = item.ref;
          // Told whole, it says what the text inside it says (a toast's message): that text is
          // not listed again; controls inside it still are.
          if (says !== null) {
            const key = says + '\u0000' + i.frame;
            announced.set(key, [...(announced.get(key) || []), i.el.getBoundingClientRect()]);
            if (says.length < o.maxText) i.coverKids = true;
          }
          if (kind === 'region') {
            item.children = [];
            // A table that shows its rows already says what its cells say.
            if (item.rows) i.coverKids = true;
            i.region = { children: item.children, item, info: i, size };
            if (i.rowsShown && CUTS_ROWS.has(level) && i.el !== root) i.region.rowsShown = new Set(i.rowsShown);
            stack.push(i.region);
          } else if (ctl) { controls.push([item, i.el]); if (item.name) i.ctlName = lc(item.name); }
          return undefined;
        },
        leave(i) {
          if (words.length && words[words.length - 1].info === i) words.pop();
          if (!i.region) return;
          stack.pop();
          const it = i.region.item;
          if (it.children.length) return;
          delete it.children;
          // An empty container says nothing at the levels that list controls, except a
          // dialog (it is open) or a table (its columns and size).
          const keep = level === 'summary' || !!it.text || it.role === 'dialog' || it.role === 'alertdialog' || it.rowCount > 0 || ((level === 'structured' || level === 'detailed' || level === 'raw') && it.name);
          if (!keep) {
            const parent = stack[stack.length - 1].children;
            if (parent[parent.length - 1] === it) { parent.pop(); bytes -= i.region.size; emitted -= 1; out.counts.total -= 1; }
          }
        },
      }, wo, startInfo(root, wo));
    }
    /** @param {El} el @param {string} name */
    const namedByValue = (el, name) => { const v = fieldValue(el); return !!v && !v.secret && lc(String(v.value)) === lc(name); };
    // A control named apart from the words it shows (Label Studio's `aria-label` "submit" on a
    // button that shows "Update"): a person finds it by those words, which its context gives.
    /** @param {El} el @param {string} name */
    const namedApart = (el, name) => {
      const shown = lc(readText(el));
      if (!/\w/.test(shown) || shown.length > 60) return false;
      const words = new Set(lc(name).split(/\W+/).filter(Boolean));
      return !shown.split(/\W+/).some((w) => w && words.has(w));
    };
    // A control its own label does not name (Dash's dropdown: aria-labelledby names it by its
    // value, "Initech", under its label "Customer"): a person finds it by that label.
    /** @param {El} el @param {string} name */
    const labelledApart = (el, name) => {
      const labels = /** @type {HTMLInputElement} */ (el).labels;
      if (!labels || !labels.length || !name) return false;
      const own = lc(name);
      return Array.from(labels).some((l) => { const t = lc(readText(/** @type {El} */ (l))); return !!t && !own.includes(t); });
    };
    // Repeated controls carry what sets them apart.
    const seenNames = new Map();
    for (const [it] of controls) { const k = it.role + '\u0000' + lc(it.name); seenNames.set(k, (seenNames.get(k) || 0) + 1); }
    for (const [it, el] of controls) {
      // Unnamed controls and repeated names need it, and a field named by the value it holds
      // (a pager's select named "5"); a unique name says enough.
      if (it.context || (it.name && seenNames.get(it.role + '\u0000' + lc(it.name)) < 2 && !namedByValue(el, it.name) && !namedApart(el, it.name) && !labelledApart(el, it.name))) continue;
      const c = contextOf(el, it.name);
      if (!c) continue;
      const v = cut(c, 60);
      const add = utf8Len(JSON.stringify(v)) + 12;
      if (bytes + add > maxBytes + 1024) { budget('bytes'); break; }
      bytes += add;
      it.context = v;
    }
    if (roleCounts) out.roleCounts = roleCounts;
    out.counts.emitted = emitted;
    if (firstCut) {
      /** @param {Info} i */
      const brief = (i) => {
        const role = i.role || (i.clickable ? 'generic' : 'text');
        return { role, name: cut(itemName(i.el, i.role, i.clickable) || norm(stripIcons(i.el.innerText || '')), 60) };
      };
      out.omitted = { count: out.counts.total - emitted, first: brief(firstCut), last: brief(lastCut || firstCut) };
      if (cutIn) out.omitted.in = cutIn;
    }
    if (textLeft) out.omittedText = textLeft;
    // A fingerprint of the page's whole text: the elements listed are not all a person reads,
    // and a later comparison says when the rest changed (a paragraph, a table's cells).
    if (level === 'compact' && opts.region == null && document.body) out.textDigest = fnv([document.body.innerText || '']);
    out.truncated = out.budgetsHit.length > 0;
    out.nextRef = ctx.next;
    return out;
  }

