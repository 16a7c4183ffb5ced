//! Pages reduced from real apps tried from outside (Node-RED's flow editor, marimo's notebook
//! and apps, Actual Budget, pgAdmin, Dagster), each the smallest markup that broke Glass there,
//! checked on the page's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{eval, failed, nav, ok};
use serde_json::{Value, json};

/// Navigate to `path` of `web`: the answer, and the elements its observation lists, depth first.
fn opened(g: &mut common::Glass, web: &Server, path: &str) -> (Value, Vec<Value>) {
    let answer = ok(&g.call(json!("open"), "navigate", json!({"url": web.url(path)})));
    let mut items = Vec::new();
    flat(&answer["observation"]["elements"], &mut items);
    (answer, items)
}

/// The elements of an observation, depth first.
fn flat(elements: &Value, out: &mut Vec<Value>) {
    for e in elements.as_array().into_iter().flatten() {
        out.push(e.clone());
        flat(&e["children"], out);
    }
}

/// marimo's date picker (react-aria): its popover hides the rest of the page with aria-hidden,
/// though a person still sees it. A target it hid, in the light DOM or in a component's shadow
/// root, was `notVisible` with no word of why, or `notFound`; now both are `notVisible` with the
/// popover as `blocker`, and nothing is pressed.
#[test]
fn a_target_a_popover_hid_names_the_popover_that_hides_it() {
    let page = r#"<!doctype html><title>Dates</title>
<div id="root"><h1>Probe app</h1><date-picker></date-picker><button onclick="window.added = (window.added || 0) + 1">Add one</button></div>
<script>
const sr = document.querySelector('date-picker').attachShadow({mode: 'open'});
sr.innerHTML = '<div role="group" aria-label="Start date"><span role="spinbutton" tabindex="0" aria-label="month, Start date" aria-valuenow="1">1</span><button id="cal" aria-label="Calendar Start date">&#128197;</button></div>';
sr.getElementById('cal').onclick = () => {
  const d = document.createElement('section');
  d.setAttribute('role', 'dialog'); d.setAttribute('aria-label', 'Choose date');
  d.style.cssText = 'position:absolute;top:90px;left:220px;background:#fff;padding:8px';
  d.innerHTML = '<button>Next</button>';
  document.body.appendChild(d);
  document.getElementById('root').setAttribute('aria-hidden', 'true');
};
</script>"#;
    let web = Server::start(vec![("/dates", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/dates");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "name=Calendar Start date"}),
    ));
    for (id, target) in [(2, "name=Add one"), (3, "name=month, Start date")] {
        let e = failed(&g.call(json!(id), "click", json!({"target": target})));
        assert_eq!(e["failureKind"], "notVisible", "{target}: {e}");
        assert_eq!(e["blocker"]["name"], "Choose date", "{target}: {e}");
    }
    assert_eq!(eval(&mut g, "String(window.added)"), "undefined");
}

/// react-aria's calendar: each day is a cell holding a button of the same name. The name a
/// person reads was `ambiguous` between the two, one thing on screen; it is the button.
#[test]
fn a_calendar_day_and_the_cell_around_it_are_one_target() {
    let page = r#"<!doctype html><title>Calendar</title>
<table role="grid" aria-label="March 2024"><tr>
<td role="gridcell"><div role="button" tabindex="-1" aria-label="Saturday, March 9, 2024" onclick="window.picked = this.getAttribute('aria-label')">9</div></td>
<td role="gridcell"><div role="button" tabindex="-1" aria-label="Sunday, March 10, 2024" onclick="window.picked = this.getAttribute('aria-label')">10</div></td>
</tr></table>"#;
    let web = Server::start(vec![("/cal", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/cal");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "name=Sunday, March 10, 2024"}),
    ));
    assert_eq!(eval(&mut g, "window.picked"), "Sunday, March 10, 2024");
}

/// react-aria announces each change in a live region kept visually hidden at the top of the
/// page: its words ("7 – July") became the context of an unnamed button, changing with every
/// key. Words no person sees are no context.
#[test]
fn words_a_live_announcer_keeps_out_of_sight_are_no_context() {
    let page = r#"<!doctype html><title>App</title>
<div style="position:absolute;clip:rect(0 0 0 0);clip-path:inset(50%);width:1px;height:1px;overflow:hidden;margin:-1px"><div role="log" aria-live="assertive" id="ann">7 – July</div></div>
<div id="root"><div id="App" style="padding:60px"><div class="cell"><p>Overview text here</p></div>
<div style="position:fixed;right:0;top:0;margin:16px"><button aria-haspopup="menu" style="width:30px;height:25px" onclick="window.menu = 1"><svg width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="2"/></svg></button></div></div></div>"#;
    let web = Server::start(vec![("/app", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let seen = ok(&g.call(json!(0), "navigate", json!({"url": web.url("/app")})));
    let mut all = Vec::new();
    flat(&seen["observation"]["elements"], &mut all);
    let button = all
        .iter()
        .find(|e| e["role"] == "button")
        .expect("the menu button");
    assert!(!button.to_string().contains("July"), "{button}");
    ok(&g.call(json!(1), "click", json!({"target": button["ref"]})));
    assert_eq!(eval(&mut g, "window.menu"), 1);
}

/// Node-RED's flow canvas: its nodes are SVG groups whose labels are SVG text. A label a person
/// reads was `notFound` and the canvas was named by its labels run together; the label is
/// pressed where it shows (a double click opens that node), and the labels are words apart.
#[test]
fn words_drawn_in_an_svg_are_found_and_read_apart() {
    let page = r#"<!doctype html><title>Flow</title>
<div id="chart" tabindex="1" style="width:600px;height:300px;overflow:auto">
<svg width="1200" height="600" pointer-events="all"><g id="n1" transform="translate(100,100)"><rect width="120" height="30" fill="gray"></rect><text x="30" y="20">timestamp</text></g><g id="n2" transform="translate(300,100)"><rect width="120" height="30" fill="green"></rect><text x="30" y="20">Show</text></g></svg></div>
<script>document.querySelectorAll('g').forEach((g) => g.addEventListener('dblclick', () => { window.opened = g.id; }));</script>"#;
    let web = Server::start(vec![("/flow", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let seen = ok(&g.call(json!(0), "navigate", json!({"url": web.url("/flow")})));
    assert!(
        seen.to_string().contains(r#""name":"timestamp Show""#),
        "{seen}"
    );
    ok(&g.call(json!(1), "doubleClick", json!({"target": "text=Show"})));
    assert_eq!(eval(&mut g, "window.opened"), "n2");
}

/// Node-RED's config-node buttons beside a select: href-less links showing only an icon (Font
/// Awesome's glyph, a private-use character; its name in the class: `fa-plus`, `fa-pencil`),
/// pressed through jQuery. They were not listed; now
/// each is, told apart by its icon, and the plus opens the tray.
#[test]
fn an_icon_only_link_without_href_is_listed_by_its_icon_and_pressed() {
    let page = r#"<!doctype html><title>Tray</title>
<style>.b{display:inline-block;width:32px;height:30px;border:1px solid #ccc;cursor:pointer}.fa-plus::before{content:"\f067"}.fa-pencil::before{content:"\f040"}</style>
<label for="s">Server</label><select id="s"><option>Add new mqtt-broker...</option></select>
<a class="b" id="edit"><i class="fa fa-pencil"></i></a><a class="b" id="add"><i class="fa fa-plus"></i></a>
<script>
document.getElementById('add').addEventListener('click', () => { window.tray = 'add'; });
document.getElementById('edit').addEventListener('click', () => { window.tray = 'edit'; });
</script>"#;
    let web = Server::start(vec![("/tray", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let seen = ok(&g.call(json!(0), "navigate", json!({"url": web.url("/tray")})));
    let mut all = Vec::new();
    flat(&seen["observation"]["elements"], &mut all);
    let plus = all
        .iter()
        .find(|e| e["context"].as_str().is_some_and(|c| c.starts_with("plus")))
        .unwrap_or_else(|| panic!("the plus: {seen}"));
    assert!(
        all.iter().any(|e| e["context"]
            .as_str()
            .is_some_and(|c| c.starts_with("pencil"))),
        "{seen}"
    );
    ok(&g.call(json!(1), "click", json!({"target": plus["ref"]})));
    assert_eq!(eval(&mut g, "window.tray"), "add");
}

/// Actual Budget's file list: each budget is a card in a grid cell drawn with
/// `display: contents`, which has no box of its own. Observe listed the cell and every click on
/// it, its words or the card inside answered `notVisible`. The cell's box is what its contents
/// draw now: the click lands on the card, as a person's does.
#[test]
fn a_cell_drawn_with_display_contents_is_pressed_where_its_contents_show() {
    let page = r#"<!doctype html><title>Files</title>
<div role="grid"><div role="row">
<div role="gridcell" style="display:contents"><div id="card" style="cursor:pointer;padding:10px;border:1px solid #ccc"><span>My Finances</span> <small>Local</small></div></div>
</div></div>
<p id="out">none</p>
<script>document.getElementById('card').addEventListener('click', () => { window.opened = (window.opened || 0) + 1; out.textContent = 'opened'; });</script>"#;
    let web = Server::start(vec![("/files", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/files");
    ok(&g.call(json!(1), "click", json!({"target": "text=My Finances"})));
    ok(&g.call(json!(2), "click", json!({"target": "role=gridcell"})));
    assert_eq!(eval(&mut g, "window.opened"), 2);
}

/// Actual Budget's payee and category fields (Downshift): the combobox says it is open, names a
/// list that does not exist, and draws its options in a portal at the end of the page that is
/// no listbox. `select` answered `noSuchOption`; it chooses in the options shown below the field
/// now, checked on the page's own record of the choice.
#[test]
fn options_drawn_in_a_portal_that_is_no_listbox_are_chosen() {
    let page = r#"<!doctype html><title>Payee</title>
<p id="dl-label">Payee</p>
<div role="combobox" aria-expanded="true" aria-haspopup="listbox" aria-owns="dl-menu" aria-labelledby="dl-label">
<input id="inp" aria-autocomplete="list" aria-controls="dl-menu" aria-labelledby="dl-label" autocomplete="off" value="Employer Inc" style="width:200px"></div>
<script>
window.chosen = 'Employer Inc';
const names = ['Employer Inc', 'Grocery Mart', 'Starting Balance'];
const inp = document.getElementById('inp');
const portal = document.createElement('div');
portal.style.cssText = 'position:absolute;top:60px;left:8px;background:#fff;border:1px solid #999;width:220px';
document.body.appendChild(portal);
function render(filter) {
  portal.replaceChildren();
  const f = (filter || '').toLowerCase();
  names.filter((n) => !f || n.toLowerCase().includes(f)).forEach((n, i) => {
    const o = document.createElement('div');
    o.setAttribute('role', 'option'); o.id = 'item-' + i; o.setAttribute('aria-selected', 'false');
    o.textContent = n; o.style.cssText = 'padding:4px;cursor:pointer';
    o.addEventListener('mousedown', (e) => e.preventDefault());
    o.addEventListener('click', () => { inp.value = n; window.chosen = n; render(''); });
    portal.appendChild(o);
  });
}
render('');
inp.addEventListener('input', () => render(inp.value));
</script>"#;
    let web = Server::start(vec![("/payee", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/payee");
    ok(&g.call(
        json!(1),
        "select",
        json!({"target": "role=combobox", "label": "Grocery Mart"}),
    ));
    assert_eq!(eval(&mut g, "window.chosen"), "Grocery Mart");
}

/// Actual Budget's transactions: each row starts with its select box, an unnamed box, then the
/// row's words. The box's context was the words before it, the row above's, so a model that
/// picked a transaction by its context selected the next one. A control that leads its row is
/// told by the words after it in that row.
#[test]
fn a_control_that_leads_its_row_is_told_by_that_rows_words() {
    let page = r#"<!doctype html><title>Register</title>
<style>.row{display:flex;gap:10px;padding:6px}.box{width:12px;height:12px;border:1px solid #888;cursor:pointer}</style>
<div id="table">
<div class="row"><div tabindex="0" role="checkbox" aria-checked="false" class="box" data-tx="Grocery Mart"></div><span>12/07 Grocery Mart 50.10</span></div>
<div class="row"><div tabindex="0" role="checkbox" aria-checked="false" class="box" data-tx="Starting Balance"></div><span>12/07 Starting Balance 1,500.25</span></div>
<div class="row"><div tabindex="0" role="checkbox" aria-checked="false" class="box" data-tx="Employer Inc"></div><span>12/05 Employer Inc 2,000.00</span></div>
</div>
<script>for (const b of document.querySelectorAll('.box')) b.addEventListener('click', () => { window.selected = b.dataset.tx; });</script>"#;
    let web = Server::start(vec![("/register", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/register");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let mut all = Vec::new();
    flat(&seen["elements"], &mut all);
    let box_of = all
        .iter()
        .find(|e| e["context"] == "12/07 Starting Balance 1,500.25")
        .unwrap_or_else(|| panic!("the box of Starting Balance is told by its row: {seen}"));
    ok(&g.call(json!(2), "click", json!({"target": box_of["ref"]})));
    assert_eq!(eval(&mut g, "window.selected"), "Starting Balance");
}

/// pgAdmin's confirmations (Material UI's dialog rendered inside the app's root, which the
/// page then marks `aria-hidden`): the dialog a person sees, focused, with its Yes and No, was
/// absent, so a group could not be removed. The open modal that holds the focus is shown
/// whatever hides the rest of the page; what is behind it stays out.
#[test]
fn a_modal_dialog_the_page_hid_with_the_rest_of_it_is_shown_and_used() {
    let page = r#"<!doctype html><title>Groups</title>
<div id="root" aria-hidden="true">
<button>Background button</button>
<div style="position:fixed;inset:0;background:rgba(0,0,0,.4)">
<div role="dialog" aria-modal="true" aria-labelledby="t" tabindex="-1" style="background:#fff;width:400px;margin:80px auto;padding:16px">
<h2 id="t">Remove Server Group?</h2><p>Are you sure you want to remove the server group "ToDelete"?</p>
<button id="yes">Yes</button><button>No</button></div></div></div>
<script>
window.removed = 0;
document.getElementById('yes').addEventListener('click', () => { window.removed++; document.querySelector('[role=dialog]').parentNode.remove(); });
document.querySelector('[role=dialog]').focus();
</script>"#;
    let web = Server::start(vec![("/groups", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/groups");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let text = seen.to_string();
    assert!(text.contains(r#""name":"Yes""#), "{seen}");
    assert!(!text.contains("Background button"), "{seen}");
    ok(&g.call(json!(2), "click", json!({"target": "text=Yes"})));
    assert_eq!(eval(&mut g, "window.removed"), 1);
}

/// pgAdmin's server select (react-select): once an option is pressed it shows its placeholder
/// for 300 ms while the form fetches the server, then the choice. `select` answered
/// `notChosen` for a choice that took, inviting a retry; it reads the list again for a moment
/// now, and answers ok once the choice shows, checked on the page's own record.
#[test]
fn a_choice_a_list_shows_a_moment_late_is_chosen() {
    let page = r#"<!doctype html><title>Workspace</title>
<label for="cb">Existing server</label>
<div id="ctl" style="width:260px;border:1px solid #aaa;padding:4px"><span id="shown">Select an item...</span>
<input id="cb" role="combobox" aria-expanded="false" aria-controls="lb" aria-autocomplete="list" style="width:4px;border:0"></div>
<div id="lb" role="listbox" hidden style="width:260px;border:1px solid #aaa">
<div role="option" aria-selected="false">Local PG 15</div><div role="option" aria-selected="false">Colour Test</div></div>
<script>
const cb = document.getElementById('cb'), lb = document.getElementById('lb'), shown = document.getElementById('shown');
document.getElementById('ctl').onmousedown = (e) => { e.preventDefault(); cb.focus(); const o = lb.hidden; lb.hidden = !o; cb.setAttribute('aria-expanded', String(o)); shown.textContent = o ? '' : shown.dataset.v || 'Select an item...'; };
cb.addEventListener('input', () => { lb.hidden = false; cb.setAttribute('aria-expanded', 'true'); shown.textContent = ''; const q = cb.value.toLowerCase(); lb.querySelectorAll('[role=option]').forEach((o) => { o.hidden = !o.textContent.toLowerCase().includes(q); }); });
lb.querySelectorAll('[role=option]').forEach((op) => { op.onclick = () => {
  lb.hidden = true; cb.value = ''; cb.setAttribute('aria-expanded', 'false'); shown.textContent = 'Select an item...';
  setTimeout(() => { shown.textContent = shown.dataset.v = op.textContent; window.server = op.textContent; }, 300);
}; });
</script>"#;
    let web = Server::start(vec![("/workspace", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/workspace");
    ok(&g.call(
        json!(1),
        "select",
        json!({"target": "role=combobox", "label": "Local PG 15"}),
    ));
    assert_eq!(eval(&mut g, "window.server"), "Local PG 15");
}

/// pgAdmin's dock (rc-dock) draws each tab as a tab inside a tab, both named by its title:
/// `role=tab;name=...` was `ambiguous` for one tab on screen. The inner one is the target, as
/// with a name locator, and the press reaches the tab's own handler.
#[test]
fn a_tab_inside_a_tab_of_its_name_is_one_target() {
    let page = r#"<!doctype html><title>Dock</title>
<div role="tablist">
<div role="tab" aria-selected="false" id="t1" tabindex="-1"><div class="drag-initiator" role="tab" aria-selected="false"><div title="Welcome"><span>Welcome</span><button aria-label="Close">x</button></div></div></div>
<div role="tab" aria-selected="true" id="t2" tabindex="-1"><div class="drag-initiator" role="tab" aria-selected="true"><div title="Query"><span>Query</span><button aria-label="Close">x</button></div></div></div>
</div>
<script>document.getElementById('t1').addEventListener('click', (e) => { if (!e.target.closest('button')) window.shown = 'Welcome'; });</script>"#;
    let web = Server::start(vec![("/dock", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/dock");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=tab;name=Welcome Close"}),
    ));
    assert_eq!(eval(&mut g, "window.shown"), "Welcome");
}

/// pgAdmin's query results (react-data-grid): rows are `display: contents`, their cells placed
/// by the grid, so every row has no box of its own; the grid read `rowCount: 0` and every row
/// undrawn. A row is drawn when its cells are: all are read, checked against the page's cells.
#[test]
fn rows_with_no_box_of_their_own_are_read() {
    let page = r#"<!doctype html><title>Results</title><style>
.rdg{display:grid;grid-template-columns:45px 100px 100px;grid-template-rows:40px repeat(2,25px);width:300px}
.row{display:contents}.cell{border:1px solid #eee;padding:2px}</style>
<div role="grid" aria-colcount="3" aria-rowcount="3" class="rdg">
<div role="row" aria-rowindex="1" class="row"><div role="columnheader" class="cell">id</div><div role="columnheader" class="cell">name</div><div role="columnheader" class="cell">price</div></div>
<div role="row" aria-rowindex="2" class="row"><div role="gridcell" class="cell">1</div><div role="gridcell" class="cell">apple</div><div role="gridcell" class="cell">1.5</div></div>
<div role="row" aria-rowindex="3" class="row"><div role="gridcell" class="cell">2</div><div role="gridcell" class="cell">pear</div><div role="gridcell" class="cell">2.25</div></div>
</div>"#;
    let web = Server::start(vec![("/results", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/results");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let mut all = Vec::new();
    flat(&seen["elements"], &mut all);
    let grid = all
        .iter()
        .find(|e| e["role"] == "grid")
        .unwrap_or_else(|| panic!("the grid is listed: {seen}"));
    assert_eq!(grid["columns"], json!(["id", "name", "price"]), "{seen}");
    assert_eq!(
        grid["rows"],
        json!([["1", "apple", "1.5"], ["2", "pear", "2.25"]]),
        "{seen}"
    );
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelectorAll('[role=gridcell]')].length"
        ),
        6
    );
}

/// pgAdmin's selects (react-select in a Material UI form row): the `<label>` names an input kept
/// with `display: none` beside the box a person uses, so the combobox had no name (its context
/// was its value) and `name=Server group` was `notVisible`. The label names the field beside
/// its kept twin now, and the name finds it.
#[test]
fn a_label_of_a_field_kept_out_of_sight_names_the_one_beside_it() {
    let page = r#"<!doctype html><title>Register</title>
<div style="display:flex;gap:12px;align-items:center">
<label for="c93" style="width:150px">Server group</label>
<div style="width:300px;border:1px solid #aaa;padding:4px;display:flex">
<div style="flex:1"><span>Servers</span><input id="c93-autocomplete" role="combobox" aria-expanded="false" aria-haspopup="true" aria-autocomplete="list" value="" style="width:4px;border:0;outline:0"></div>
<span aria-hidden="true">&#9662;</span></div>
<input id="c93" value="Servers" style="display:none"></div>
<div style="display:flex;gap:12px"><label for="n1">Name</label><input id="n1"></div>
<script>document.getElementById('c93-autocomplete').addEventListener('focus', () => { window.focused = 'group'; });</script>"#;
    let web = Server::start(vec![("/register", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/register");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    assert!(
        seen.to_string()
            .contains(r#""role":"combobox","name":"Server group""#),
        "{seen}"
    );
    ok(&g.call(json!(2), "click", json!({"target": "name=Server group"})));
    assert_eq!(eval(&mut g, "window.focused"), "group");
}

/// Dagster's settings (Blueprint): the dialog is modal and its "Hour format" menu opens in a
/// portal of its own beside the dialog's, drawn over it. The menu was taken for the page behind
/// the dialog: not listed, its items `notVisible` behind the dialog. A layer laid over the open
/// modal is reachable now; the page behind stays out. Checked on the page's own setting.
#[test]
fn a_menu_a_modal_dialog_opens_in_a_portal_of_its_own_is_used() {
    let page = r#"<!doctype html><title>Settings</title>
<style>.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.3)}.dlg{position:fixed;top:40px;left:100px;width:400px;background:#fff;padding:16px}
.pop{position:fixed;top:110px;left:260px;background:#fff;border:1px solid #888;z-index:30}.pop button{display:block;width:200px;border:0;background:#fff;padding:6px}</style>
<main><h1>Overview</h1><p>page behind</p></main>
<div class="portal"><div class="backdrop"></div><div class="dlg" role="dialog" aria-modal="true" aria-label="User settings">
<div>Hour format <button id="hf" aria-haspopup="menu">Automatic ▾</button></div><button>Done</button></div></div>
<script>
window.format = 'automatic';
document.getElementById('hf').addEventListener('click', () => {
  if (document.getElementById('pop')) return;
  const p = document.createElement('div'); p.className = 'portal';
  p.innerHTML = '<div id="pop" class="pop"><ul role="menu" style="list-style:none;margin:0;padding:0">' +
    ['Automatic', '12-hour', '24-hour'].map((t) => '<li role="none"><button role="menuitem">' + t + '</button></li>').join('') + '</ul></div>';
  document.body.appendChild(p);
  p.querySelectorAll('button').forEach((b) => { b.onclick = () => { window.format = b.textContent; p.remove(); }; });
});
</script>"#;
    let web = Server::start(vec![("/settings", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings");
    ok(&g.call(json!(0), "observe", json!({})));
    let opened = ok(&g.call(json!(1), "click", json!({"target": "name=Automatic ▾"})));
    assert!(
        opened.to_string().contains(r#""name":"24-hour""#),
        "{opened}"
    );
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=menuitem;name=24-hour"}),
    ));
    assert_eq!(eval(&mut g, "window.format"), "24-hour");
    let behind = failed(&g.call(json!(3), "click", json!({"target": "text=page behind"})));
    assert_eq!(behind["failureKind"], "notVisible", "{behind}");
}

/// Dagster's lineage graph: an SVG whose nodes are HTML in `<foreignObject>`s, with links and
/// buttons. Nothing in them was listed, and `text=raw_orders` was `notFound`. HTML a drawing
/// holds so is walked as the drawing's children; its shapes are still no items.
#[test]
fn html_drawn_in_an_svg_foreign_object_is_listed_and_pressed() {
    let page = r#"<!doctype html><title>Lineage</title>
<svg width="700" height="300"><g transform="matrix(1 0 0 1 20 20)">
<rect width="10" height="10"></rect>
<foreignObject x="0" y="0" width="320" height="120"><div class="node" id="n1" style="cursor:pointer;border:1px solid #999;padding:6px;width:280px">
<div>raw_customers</div><button id="mat">Materialize</button></div></foreignObject>
<foreignObject x="360" y="0" width="320" height="120"><div class="node" id="n2" style="cursor:pointer;border:1px solid #999;padding:6px;width:280px"><div>raw_orders</div></div></foreignObject>
</g></svg>
<script>
window.log = [];
for (const n of document.querySelectorAll('.node')) n.addEventListener('click', () => window.log.push('pick ' + n.id));
document.getElementById('mat').addEventListener('click', (e) => { e.stopPropagation(); window.log.push('materialize'); });
</script>"#;
    let web = Server::start(vec![("/lineage", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/lineage");
    ok(&g.call(json!(1), "click", json!({"target": "text=raw_orders"})));
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Materialize"}),
    ));
    assert_eq!(eval(&mut g, "window.log.join()"), "pick n2,materialize");
}

/// Wagtail's page explorer: a click opens it saying "Loading…" as plain text while it fetches,
/// and the pages come a moment later. The click answered settled once those words were drawn,
/// and a model reading the page saw no pages. Words alone saying the page works, written by
/// the click, are now waited for as any busy indicator is; words that merely begin so
/// ("Loading dock") are not.
#[test]
fn a_click_waits_while_the_page_says_loading_in_plain_words() {
    let page = r##"<!doctype html><title>Explorer</title>
<button id="pages">Pages</button><button id="dock">Docks</button><div id="explorer"></div><p id="later"></p>
<script>
document.getElementById('pages').onclick = () => {
  const ex = document.getElementById('explorer');
  ex.innerHTML = '<div class="c-explorer__body">Loading…</div>';
  setTimeout(() => { ex.innerHTML = '<a href="#home">Home</a> <a href="#blog">Blog</a>'; window.shown = 'pages'; }, 900);
};
document.getElementById('dock').onclick = () => {
  document.getElementById('explorer').innerHTML = '<h2>Loading dock</h2>';
  setTimeout(() => { document.getElementById('later').textContent = 'synced'; }, 3000);
};
</script>"##;
    let web = Server::start(vec![("/explorer", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/explorer");
    let r = ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Pages"}),
    ));
    assert_eq!(
        eval(&mut g, "String(window.shown)"),
        "pages",
        "the explorer showed its pages when the click answered: {r}"
    );
    assert_eq!(r["settled"], true, "{r}");
    let d = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Docks"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('later').textContent"),
        "",
        "words that only begin with a busy word are not waited for: {d}"
    );
    assert_eq!(d["settled"], true, "{d}");
}

/// Data grids whose cells hold one control (Tabulator's row checkboxes in Panel, a grid's
/// link): the cell was listed in its place, named by the control, so `check` by role found
/// nothing, and a click on the cell pressed its empty middle and answered ok with the link not
/// followed. Such a cell is that control: the control is listed, with its role and state, and
/// pressed where it is. A cell with words or several controls is listed as before.
#[test]
fn a_grid_cell_holding_one_control_is_that_control() {
    let page = r##"<!doctype html><title>Grid</title>
<div role="grid" aria-label="Fruit">
  <div role="row"><div role="columnheader"><input type="checkbox" aria-label="Select Row" id="all"></div><div role="columnheader">item</div><div role="columnheader">actions</div></div>
  <div role="row"><div role="gridcell"><input type="checkbox" aria-label="Select Row" class="rowsel"></div><div role="gridcell" style="width:300px"><a href="#apple">Apple</a></div><div role="gridcell"><button>Edit</button> <button>Delete</button></div></div>
  <div role="row"><div role="gridcell"><input type="checkbox" aria-label="Select Row" class="rowsel"></div><div role="gridcell" style="width:300px"><a href="#banana">Banana</a></div><div role="gridcell">Sold out <button>Notify me</button></div></div>
</div>
<script>
window.selected = () => [...document.querySelectorAll('.rowsel')].map((c, i) => c.checked ? ['Apple', 'Banana'][i] : null).filter(Boolean).join();
</script>"##;
    let web = Server::start(vec![("/grid", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/grid");
    let banana_box = items
        .iter()
        .find(|e| e["role"] == "checkbox" && e["context"] == "Banana")
        .unwrap_or_else(|| panic!("Banana's checkbox is listed: {opened}"));
    assert!(
        !items.iter().any(
            |e| e["role"] == "gridcell" && (e["name"] == "Select Row" || e["name"] == "Banana")
        ),
        "{opened}"
    );
    assert!(
        items
            .iter()
            .any(|e| e["role"] == "gridcell" && e["name"] == "Edit Delete"),
        "{opened}"
    );
    assert!(
        items
            .iter()
            .any(|e| e["role"] == "gridcell" && e["name"] == "Sold out Notify me"),
        "a cell with words beside its control is listed: {opened}"
    );
    ok(&g.call(json!(2), "check", json!({"target": banana_box["ref"]})));
    assert_eq!(eval(&mut g, "window.selected()"), "Banana");
    let banana = items
        .iter()
        .find(|e| e["name"] == "Banana")
        .unwrap_or_else(|| panic!("{opened}"));
    assert_eq!(banana["role"], "link", "{opened}");
    ok(&g.call(json!(3), "click", json!({"target": banana["ref"]})));
    assert_eq!(eval(&mut g, "location.hash"), "#banana");
}

/// Bug (Label Studio's data manager): a row's checkbox is drawn see-through over a box the app
/// draws, and the app says the row's state in `aria-checked` while the input's own `checked`
/// stays false. `check` ticked the row and answered `notToggled`, and `observe` said unchecked:
/// a model retrying unticks it. What such a box shows follows what the page says, as for one
/// no person sees.
#[test]
fn a_see_through_checkbox_is_in_the_state_its_page_says() {
    let page = r#"<!doctype html><title>Tasks</title>
<style>.box{position:relative;display:inline-block;width:16px;height:16px}
.box input{position:absolute;inset:0;margin:0;opacity:0;width:16px;height:16px;cursor:pointer}
.check{position:absolute;inset:0;border:1px solid #888;pointer-events:none}.box.on .check{background:#3f51b5}</style>
<div><span class="box" id="b"><input type="checkbox" id="cb" aria-checked="false" aria-label="Select Task 3"><span class="check"></span></span> Task 3</div>
<script>
window.selected = false; window.presses = 0;
const cb = document.getElementById('cb');
cb.addEventListener('click', () => {
  window.presses++; window.selected = !window.selected;
  setTimeout(() => { cb.checked = false; cb.setAttribute('aria-checked', String(window.selected));
    cb.setAttribute('aria-label', (window.selected ? 'Unselect' : 'Select') + ' Task 3');
    document.getElementById('b').classList.toggle('on', window.selected); }, 0);
});
</script>"#;
    let web = Server::start(vec![("/tasks", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/tasks");
    let r = ok(&g.call(
        json!(1),
        "check",
        json!({"target": "role=checkbox;name=Select Task 3"}),
    ));
    assert_eq!(eval(&mut g, "String(window.selected)"), "true", "{r}");
    // Checked already: a second check presses nothing.
    ok(&g.call(
        json!(2),
        "check",
        json!({"target": "role=checkbox;name=Unselect Task 3"}),
    ));
    assert_eq!(
        eval(&mut g, "window.selected + ' ' + window.presses"),
        "true 1"
    );
}

/// Bug (Label Studio's project settings): each sampling choice is a `<label>` around its
/// `display: none` radio and the words a person reads, and the app takes the label's press.
/// The radios and their words were missing from `observe`, and `check` found nothing. A label
/// holding its own absent radio stands for it, as one naming it by `for` does.
#[test]
fn a_label_around_its_hidden_radio_stands_for_it() {
    let page = r#"<!doctype html><title>Settings</title>
<div>Task Sampling</div>
<label style="display:flex;cursor:pointer"><div><span>Sequential sampling</span><div>by task ID</div></div><div><input type="radio" name="s" value="seq" style="display:none" checked></div></label>
<label style="display:flex;cursor:pointer"><span>Random sampling</span><input type="radio" name="s" value="rand" style="display:none"></label>
<script>window.sampling = () => document.querySelector('input[name=s]:checked').value;</script>"#;
    let web = Server::start(vec![("/settings", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/settings");
    let radios: Vec<String> = items
        .iter()
        .filter(|e| e["role"] == "radio")
        .map(|e| format!("{} {}", e["name"], e["checked"]))
        .collect();
    assert_eq!(
        radios,
        [
            "\"Sequential sampling by task ID\" true",
            "\"Random sampling\" false"
        ],
        "{opened}"
    );
    ok(&g.call(
        json!(2),
        "check",
        json!({"target": "role=radio;name=Random sampling"}),
    ));
    assert_eq!(eval(&mut g, "window.sampling()"), "rand");
}

/// Phoenix (react-aria): every icon sits in `<i class="icon-wrap">`, so each icon-only button
/// was told apart as "wrap"; a copy button in an ID cell was told by the next cell's words; and
/// each row's checkbox by "chain", the kind column every row shares. An icon set's wrapper names
/// nothing (the drawing's `data-name` or the button's own class does), words beside a control
/// in its own cell tell it first, and a row is told by the first cell the rows beside it do not
/// share. A model picking by context then presses the row it means: checked on the page.
#[test]
fn icon_buttons_and_rows_are_told_apart_by_what_differs() {
    let page = r##"<!doctype html><title>Spans</title>
<div role="dialog" aria-label="Delete Dataset"><h2>Delete Dataset</h2>
<button class="react-aria-Button dialog__close-button" style="width:30px;height:30px" onclick="window.shut = true"><i class="icon-wrap"><svg viewBox="0 0 24 24" width="16" height="16"><g data-name="close"><path d="M4 4L20 20M20 4L4 20" stroke="black"/></g></svg></i></button>
<p>Are you sure?</p></div>
<table><thead><tr><th>id</th><th>kind</th><th>name</th></tr></thead><tbody>
<tr><td>RGF0YXNl <button class="copy-button" style="width:24px;height:24px" onclick="window.copied = 'RGF0YXNl'"><i class="icon-wrap"><svg width="12" height="12"><rect width="10" height="10"/></svg></i></button></td><td>chain</td><td>agent_run_7</td></tr>
<tr><td><input type="checkbox" class="pick"></td><td>chain</td><td>agent_run_6</td></tr>
<tr><td><input type="checkbox" class="pick"></td><td>chain</td><td>agent_run_5</td></tr>
</tbody></table>
<script>window.picked = () => [...document.querySelectorAll('.pick')].map((c, i) => c.checked ? ['agent_run_6', 'agent_run_5'][i] : '').join('');</script>"##;
    let web = Server::start(vec![("/spans", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/spans");
    let by_context = |c: &str| {
        items
            .iter()
            .find(|e| e["context"] == c)
            .unwrap_or_else(|| panic!("nothing told apart as {c:?}: {opened}"))["ref"]
            .clone()
    };
    ok(&g.call(
        json!(2),
        "check",
        json!({"target": by_context("agent_run_5")}),
    ));
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": by_context("copy, RGF0YXNl")}),
    ));
    ok(&g.call(
        json!(4),
        "click",
        json!({"target": by_context("close, Delete Dataset")}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "window.picked() + '|' + window.copied + '|' + window.shut"
        ),
        "agent_run_5|RGF0YXNl|true"
    );
}

/// Phoenix's row selection (react-aria): the checkbox's label takes no presses
/// (`pointer-events: none`) and the selection cell around it takes them for it. `check` was
/// `blocked` by that cell. A press the page hands so to a box holding the control reaches it;
/// `check` then verifies the box's own state, as always.
#[test]
fn a_checkbox_whose_cell_takes_its_presses_is_checked_there() {
    let page = r#"<!doctype html><title>Examples</title>
<style>.cell{display:inline-flex;align-items:center;justify-content:center;width:48px;height:40px;cursor:pointer}
label{pointer-events:none;width:16px;height:16px;display:inline-block}
.vh{clip-path:inset(50%);height:1px;width:1px;overflow:hidden;position:absolute}.box{width:14px;height:14px;border:1px solid #333}</style>
<table><tr><td><div class="cell" id="cell"><label><span class="vh"><input type="checkbox" id="cb" aria-label="Select example 1"></span><div class="box"></div></label></div></td><td>2+2?</td></tr></table>
<script>
const cb = document.getElementById('cb');
document.getElementById('cell').addEventListener('click', (e) => { if (e.target !== cb) { cb.checked = !cb.checked; window.selected = cb.checked; } });
</script>"#;
    let web = Server::start(vec![("/examples", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/examples");
    ok(&g.call(
        json!(1),
        "check",
        json!({"target": "role=checkbox;name=Select example 1"}),
    ));
    assert_eq!(eval(&mut g, "String(window.selected)"), "true");
}

/// Phoenix's JSON editor: a `role="textbox"` box that takes no text, around the editor's own
/// text box. Both were listed with one context and `role=textbox` was ambiguous; typing into
/// the outer one was `notEditable`. Such a box is the field it holds, for observe and locators
/// alike.
#[test]
fn a_text_box_around_the_field_that_takes_the_text_is_that_field() {
    let page = r#"<!doctype html><title>Dataset</title>
<label>metadata</label>
<div class="json-editor-wrap" role="textbox" style="border:1px solid #999;width:420px">
  <div class="cm-editor"><div id="ed" contenteditable="true" role="textbox" aria-multiline="true" style="min-height:28px"></div></div>
</div>"#;
    let web = Server::start(vec![("/dataset", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/dataset");
    assert_eq!(
        items.iter().filter(|e| e["role"] == "textbox").count(),
        1,
        "{opened}"
    );
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox", "text": "{\"team\": 1}"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('ed').textContent"),
        "{\"team\": 1}"
    );
}

/// Label Studio's confirmations: a role-less `position: fixed` layer over the whole window that
/// takes every press, holding the dialog's "Delete Project" while the page's own stays behind.
/// `role=button;name=Delete Project` was ambiguous, and one candidate was only `blocked`. Such a
/// layer, topmost at the window's middle and holding a control, is the open modal: the button
/// behind it is out of reach for every tool, and the dialog's one is pressed.
#[test]
fn a_role_less_layer_over_the_whole_window_is_modal() {
    let page = r#"<!doctype html><title>Danger Zone</title>
<h1>Danger Zone</h1>
<button onclick="window.log.push('page')">Delete Project</button>
<div style="position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center">
  <div style="background:#fff;padding:20px;width:400px"><div>Delete Project</div><p>This cannot be undone.</p>
  <button onclick="window.log.push('cancel')">Cancel</button><button onclick="window.log.push('dialog')">Delete Project</button></div>
</div>
<script>window.log = [];</script>"#;
    let web = Server::start(vec![("/danger", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/danger");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Delete Project"}),
    ));
    let behind = failed(&g.call(json!(2), "click", json!({"target": "text=Danger Zone"})));
    assert_eq!(behind["failureKind"], "notVisible", "{behind}");
    assert_eq!(eval(&mut g, "window.log.join()"), "dialog");
}

/// Label Studio's data import: the only file input is hidden at the top of the dialog, and the
/// "Upload file" button far from it clicks it. `upload` on the button was `notFileInput` with
/// nothing pressed. A button that says it chooses files, on a page that keeps a file input, is
/// pressed and the files go to the chooser it opens; a button that says nothing so is still
/// refused unpressed.
#[test]
fn an_upload_button_far_from_its_hidden_input_takes_the_files() {
    let page = r#"<!doctype html><title>Import</title>
<input id="file-input" type="file" multiple style="display:none">
<h1>Create Project</h1><div><button id="save" onclick="window.saved = true">Save</button></div>
<div class="toolbar"><button id="up">Upload file</button></div>
<script>
const fi = document.getElementById('file-input');
document.getElementById('up').onclick = () => fi.click();
fi.onchange = () => { window.got = [...fi.files].map((f) => f.name + ':' + f.size).join(); };
</script>"#;
    let web = Server::start(vec![("/import", Page::html(page))]);
    let dir = common::temp_dir("upload-far");
    let file = dir.join("tasks.json");
    std::fs::write(&file, "[{\"text\": \"hi\"}]").unwrap();
    let mut g = common::incognito(&["--policy-allow", "upload"]);
    nav(&mut g, &web, "/import");
    let refused = failed(&g.call(
        json!(1),
        "upload",
        json!({"target": "role=button;name=Save", "files": [&file]}),
    ));
    assert_eq!(refused["failureKind"], "notFileInput", "{refused}");
    assert_eq!(eval(&mut g, "String(window.saved)"), "undefined");
    ok(&g.call(
        json!(2),
        "upload",
        json!({"target": "role=button;name=Upload file", "files": [&file]}),
    ));
    assert_eq!(eval(&mut g, "String(window.got)"), "tasks.json:16");
    let _ = std::fs::remove_dir_all(dir);
}

/// Bug (Airflow's trigger form): a native date field takes keys part by part in the order of
/// the browser's locale, so `type` and `fillForm` left 50315-02-02 for 2025-03-15 and answered
/// ok; the server refused the run. Such a field is set as its picker sets it, through the
/// value the page's framework listens to; text not written as HTML writes the field's kind is
/// refused with nothing set.
#[test]
fn a_native_date_field_is_set_as_its_picker_sets_it() {
    let page = r#"<!doctype html><title>Trigger</title>
<label>Day <input type="date" id="day"></label>
<label>At <input type="datetime-local" id="at"></label>
<label>Name <input id="name"></label>
<script>
window.seen = [];
for (const id of ['day', 'at']) document.getElementById(id).addEventListener('change', (e) => window.seen.push(id + '=' + e.target.value));
</script>"#;
    let web = Server::start(vec![("/trigger", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/trigger");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Day", "text": "2025-03-15", "clear": true}),
    ));
    ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [
            {"target": "name=At", "value": "2025-03-15 14:30"},
            {"target": "name=Name", "value": "nightly"}
        ]}),
    ));
    assert_eq!(
        eval(&mut g, "window.seen.join()"),
        "day=2025-03-15,at=2025-03-15T14:30"
    );
    let refused = failed(&g.call(
        json!(3),
        "type",
        json!({"target": "role=textbox;name=Day", "text": "03/15/2025"}),
    ));
    assert_eq!(refused["failureKind"], "notEditable", "{refused}");
    assert_eq!(eval(&mut g, "day.value"), "2025-03-15");
}

/// Bug (Ghost's final "Publish post, right now"): the button pulses between 98 and 100 % of
/// its size forever, and every click was `unstable`, so no post could be published. A box that
/// only breathes about its own centre is still: it is pressed there.
#[test]
fn a_button_that_pulses_in_place_is_pressed() {
    let page = r#"<!doctype html><title>Publish</title>
<style>@keyframes pulse{0%{transform:scale(.98)}70%{transform:scale(1)}to{transform:scale(.98)}}
.pulse{font-size:18px;padding:10px 24px;animation:pulse 2s infinite}</style>
<button class="pulse" onclick="window.state = 'published'">Publish post, right now</button>"#;
    let web = Server::start(vec![("/publish", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/publish");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Publish post, right now"}),
    ));
    assert_eq!(eval(&mut g, "String(window.state)"), "published");
}

/// Bug (Ghost's editor, Lexical): a click aimed by `css=` at the empty last paragraph inside
/// the editor pressed the editor's centre, which put the caret in another paragraph, and
/// answered ok. A part a locator matched inside a control is pressed where it shows, as a text
/// locator's words are.
#[test]
fn a_part_matched_inside_an_editor_is_where_the_press_lands() {
    let page = r#"<!doctype html><title>Post</title>
<div id="ed" contenteditable="true" role="textbox" aria-label="Post body" style="width:600px;border:1px solid #ccc;padding:8px">
<h2>Section A</h2><p>Hello world body text with a link.</p><p>Middle words here.</p><p id="last"><br></p>
</div>
<script>
document.addEventListener('selectionchange', () => {
  const n = getSelection().anchorNode;
  const el = n && (n.nodeType === 3 ? n.parentElement : n);
  window.caret = el ? el.id || el.tagName : 'none';
});
</script>"#;
    let web = Server::start(vec![("/post", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/post");
    ok(&g.call(json!(1), "click", json!({"target": "css=#ed p:last-child"})));
    assert_eq!(eval(&mut g, "String(window.caret)"), "last");
}

/// Bug (Airflow's connection form, Chakra): `select` of an option the list does not have
/// answered `noSuchOption`, but the Escape it pressed to close the list reached the dialog,
/// which closed with the Connection ID typed into it. After a failed choice, a list in a dialog
/// is left open. And a choice that takes the page elsewhere (a search box's result opens its
/// page) is chosen, not `notChosen`.
#[test]
fn a_failed_choice_in_a_dialog_keeps_the_dialog_and_a_choice_that_navigates_is_chosen() {
    let page = r##"<!doctype html><title>Connections</title>
<div id="dlg" role="dialog" aria-modal="true" aria-label="Add Connection" style="position:fixed;inset:40px;background:#fff;padding:20px">
  <label for="cid">Connection ID</label> <input id="cid"><br>
  <label id="tl" for="ct">Connection Type</label>
  <div style="position:relative;width:240px">
    <input id="ct" role="combobox" aria-labelledby="tl" aria-autocomplete="list" aria-expanded="false" aria-controls="lb" autocomplete="off">
    <ul id="lb" role="listbox" hidden style="position:absolute;top:22px;left:0;margin:0;padding:0;list-style:none;background:#eee;width:240px"></ul>
  </div>
</div>
<script>
const types = ['Email', 'Generic', 'SMTP'];
const ct = document.getElementById('ct'), lb = document.getElementById('lb'), dlg = document.getElementById('dlg');
function render() { const q = ct.value.toLowerCase(); lb.innerHTML = '';
  types.filter((t) => t.toLowerCase().includes(q)).forEach((t) => { const li = document.createElement('li'); li.setAttribute('role', 'option'); li.textContent = t;
    li.onmousedown = (e) => { e.preventDefault(); history.pushState({}, '', '#type-' + t); ct.value = ''; close(); }; lb.appendChild(li); }); }
function open() { render(); lb.hidden = false; ct.setAttribute('aria-expanded', 'true'); }
function close() { lb.hidden = true; ct.setAttribute('aria-expanded', 'false'); }
ct.addEventListener('mousedown', () => lb.hidden ? open() : close());
ct.addEventListener('input', open);
ct.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') dlg.hidden = true; });
</script>"##;
    let web = Server::start(vec![("/connections", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/connections");
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": "role=textbox;name=Connection ID", "text": "probe_conn"}),
    ));
    let missing = failed(&g.call(
        json!(2),
        "select",
        json!({"target": "role=combobox;name=Connection Type", "label": "HTTP"}),
    ));
    assert_eq!(missing["failureKind"], "noSuchOption", "{missing}");
    assert_eq!(
        eval(
            &mut g,
            "dlg.hidden + ' ' + document.getElementById('cid').value"
        ),
        "false probe_conn"
    );
    ok(&g.call(
        json!(3),
        "select",
        json!({"target": "role=combobox;name=Connection Type", "label": "SMTP"}),
    ));
    assert_eq!(eval(&mut g, "location.hash"), "#type-SMTP");
}

/// Airflow's `evaluate` calls: a second call declaring a top-level `const` an earlier one
/// declared failed with a bare "SyntaxError". Such a call runs once more in a block of its own,
/// where it may declare it again; an awaited promise still answers its value.
#[test]
fn evaluate_may_declare_again_what_an_earlier_call_declared() {
    let web = Server::start(vec![("/p", Page::html("<title>P</title><p>x</p>"))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/p");
    assert_eq!(eval(&mut g, "const a = 1; a"), 1);
    assert_eq!(eval(&mut g, "const a = 2; a + 1"), 3);
    assert_eq!(eval(&mut g, "Promise.resolve(a * 5)"), 5);
}

/// Airflow's run configuration: Monaco 0.52 and later, in Chrome, types through a 0 px wide
/// element given an `EditContext`, and the code a person sees is `aria-hidden`. The editor was
/// neither listed nor typed into (`notEditable`). Its EditContext input is the editor's
/// textbox, operated through the editor around it.
#[test]
fn a_monaco_editor_typing_through_an_edit_context_takes_text() {
    let page = r#"<!doctype html><title>Trigger</title>
<label id="lbl">Configuration JSON</label>
<div class="monaco-editor" role="code" style="position:relative;width:500px;height:120px;border:1px solid #aaa;font:14px monospace">
  <div class="native-edit-context" role="textbox" tabindex="0" aria-multiline="true" aria-label="Editor content" style="position:absolute;top:0;left:10px;width:0;height:19px;overflow:hidden"></div>
  <div class="view-lines" role="presentation" aria-hidden="true" style="position:absolute;inset:0;padding-left:10px;cursor:text;white-space:pre"><div class="view-line">{}</div></div>
</div>
<script>
const input = document.querySelector('.native-edit-context'), line = document.querySelector('.view-line');
window.text = '{}';
document.querySelector('.monaco-editor').addEventListener('mousedown', (e) => { e.preventDefault(); input.focus(); });
const ec = new EditContext(); input.editContext = ec;
ec.addEventListener('textupdate', (e) => { window.text = window.text.slice(0, e.updateRangeStart) + e.text + window.text.slice(e.updateRangeEnd); line.textContent = window.text; });
input.addEventListener('focus', () => { ec.updateText(0, ec.text.length, window.text); ec.updateSelection(window.text.length, window.text.length); });
</script>"#;
    let web = Server::start(vec![("/trigger", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/trigger");
    let editor = items
        .iter()
        .find(|e| e["role"] == "textbox" && e["context"] == "Configuration JSON")
        .unwrap_or_else(|| panic!("the editor is listed: {opened}"));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": editor["ref"], "text": "x"}),
    ));
    assert_eq!(eval(&mut g, "window.text"), "{}x");
}

/// Three more from Ghost, Label Studio and n8n, each what a model reads: Ghost writes one
/// sentence as 14 text nodes full of its template's indentation, and the observation cut it
/// before its date; Label Studio's steps are `<li>`s that show the pointing hand (the app takes
/// their clicks at its root), not listed at all when laid out inline; n8n names its icon-only
/// buttons by the icon's `data-icon` alone. Each is read, listed and pressed as a person does.
#[test]
fn indented_words_list_items_that_take_clicks_and_icons_named_by_data_are_read() {
    let page = r#"<!doctype html><title>Steps</title>
<style>li{cursor:pointer;display:inline-block;padding:4px 10px}</style>
<div id="root"><ul><li><span>Project Name</span></li><li><span>Data Import</span></li></ul></div>
<p id="sentence"></p>
<button onclick="window.zoom = (window.zoom || 0) + 1"><svg width="16" height="16" aria-hidden="true" role="img" data-icon="zoom-in"><circle cx="8" cy="8" r="6"/></svg></button>
<script>
document.getElementById('root').addEventListener('click', (e) => { const li = e.target.closest('li'); if (li) window.step = li.textContent; });
const p = document.getElementById('sentence');
for (const t of ['\n                    Your\n                    ', 'post', '\n\n                    ', 'was', '\n\n', '                        published on your site\n', '\n', '                        on\n                        ', '7 Dec 2026', '\n                        at\n                        ', '21:53', '.\n']) p.append(document.createTextNode(t));
</script>"#;
    let web = Server::start(vec![("/steps", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let opened = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/steps")})));
    let seen = opened["observation"].to_string();
    assert!(
        seen.contains("Your post was published on your site on 7 Dec 2026 at 21:53."),
        "{opened}"
    );
    let mut items = Vec::new();
    flat(&opened["observation"]["elements"], &mut items);
    let zoom = items
        .iter()
        .find(|e| {
            e["role"] == "button"
                && e["context"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("zoom in"))
        })
        .unwrap_or_else(|| panic!("the icon button is told by its icon: {opened}"));
    let step = items
        .iter()
        .find(|e| e["name"] == "Data Import")
        .unwrap_or_else(|| panic!("the step is listed: {opened}"));
    ok(&g.call(json!(2), "click", json!({"target": zoom["ref"]})));
    ok(&g.call(json!(3), "click", json!({"target": step["ref"]})));
    assert_eq!(
        eval(&mut g, "window.step + ' ' + window.zoom"),
        "Data Import 1"
    );
}

/// Airflow's tables: every sort button is named "sort" and was told apart only as "column
/// header"; a column's name beside its button in the header cell tells it. A model picking the
/// one for "Start Date" presses that column's.
#[test]
fn a_sort_button_in_a_header_is_told_by_its_column() {
    let page = r#"<!doctype html><title>Runs</title>
<table><thead><tr><th>Dag ID <button aria-label="sort" onclick="window.sorted = 'dag'">^</button></th><th>Start Date <button aria-label="sort" onclick="window.sorted = 'start'">^</button></th></tr></thead>
<tbody><tr><td>probe</td><td>2026-12-07</td></tr></tbody></table>"#;
    let web = Server::start(vec![("/runs", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/runs");
    let start = items
        .iter()
        .find(|e| e["name"] == "sort" && e["context"] == "Start Date")
        .unwrap_or_else(|| panic!("the sort button is told by its column: {opened}"));
    ok(&g.call(json!(2), "click", json!({"target": start["ref"]})));
    assert_eq!(eval(&mut g, "window.sorted"), "start");
}

/// Label Studio's labeling bar: the button that shows "Update" is named "submit" by its
/// `aria-label`, and nothing in the observation said "Update", so a model looking for it had no
/// way to find it. A control named apart from the words it shows carries those words as its
/// context; one whose name shares a word with them ("Close dialog" showing "Close") needs none.
#[test]
fn a_control_named_apart_from_its_words_carries_them() {
    let page = r#"<!doctype html><title>Label</title>
<button aria-label="submit" onclick="window.done = 'updated'">Update</button>
<button aria-label="Close dialog">Close</button>"#;
    let web = Server::start(vec![("/label", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (opened, items) = opened(&mut g, &web, "/label");
    let update = items
        .iter()
        .find(|e| e["context"] == "Update")
        .unwrap_or_else(|| panic!("the shown words are the context: {opened}"));
    assert!(
        items
            .iter()
            .any(|e| e["name"] == "Close dialog" && e["context"].is_null()),
        "{opened}"
    );
    ok(&g.call(json!(2), "click", json!({"target": update["ref"]})));
    assert_eq!(eval(&mut g, "window.done"), "updated");
}

/// Airflow 3 (Chakra UI): the app scrolls a panel of its own, its body fixed to the window, and
/// a dialog scrolls in the full-window layer that positions it. `scroll` moved the window, which
/// cannot move, and answered as if it had scrolled: the model never reached the form's end. A
/// scroll moves what a wheel turned there moves (the panel, the dialog's layer, never the page
/// behind an open modal) and says so; at the end it says nothing moved.
#[test]
fn scroll_moves_the_panel_an_app_scrolls_and_the_layer_of_its_dialog() {
    let page = r##"<!doctype html><title>Shell</title>
<style>html,body{margin:0;height:100%;overflow:hidden} header{height:50px} .layout{display:flex;height:calc(100% - 50px)} nav{width:200px;overflow:auto} main{flex:1;overflow:auto}</style>
<header>Airflow <button id="open" onclick="document.getElementById('layer').hidden = false">Trigger</button></header>
<div class="layout"><nav><a href="#dags">Dags</a></nav><main id="panel"><h1>Dags</h1><div style="height:3000px"></div></main></div>
<div id="layer" hidden style="position:fixed;inset:0;overflow:auto;background:rgba(0,0,0,.4)">
<div role="dialog" aria-modal="true" aria-label="Trigger Dag" style="margin:40px auto;width:400px;height:2000px;background:#fff">
<div style="height:1900px">Configuration</div><button>Trigger run</button></div></div>"##;
    let web = Server::start(vec![("/shell", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/shell");
    let s = ok(&g.call(json!(1), "scroll", json!({"dy": 700})));
    assert_eq!(
        (&s["scrollY"], &s["moved"]),
        (&json!(700), &json!(true)),
        "{s}"
    );
    assert_eq!(s["container"]["tag"], "main", "{s}");
    let at = "[scrollY, panel.scrollTop, layer.scrollTop]";
    assert_eq!(eval(&mut g, at), json!([0, 700, 0]));
    ok(&g.call(json!(2), "click", json!({"target": "name=Trigger"})));
    // The dialog's layer, not the panel behind it.
    let s = ok(&g.call(json!(3), "scroll", json!({"dy": 5000})));
    assert_eq!(s["moved"], true, "{s}");
    let end = eval(&mut g, "layer.scrollHeight - layer.clientHeight");
    assert_eq!(eval(&mut g, at), json!([0, 700, end]));
    assert_eq!(s["scrollY"], end, "{s}");
    let s = ok(&g.call(json!(4), "scroll", json!({"dy": 600})));
    assert_eq!((&s["moved"], &s["scrollY"]), (&json!(false), &end), "{s}");
    assert_eq!(eval(&mut g, at), json!([0, 700, end]));
}

/// Dash 4 (`dcc.DatePickerSingle`): its date field takes typed text only as a person leaves it by
/// key (Tab, Enter, the arrows), not as the focus goes elsewhere. `fillForm` typed the date,
/// moved on, answered ok, and the app saved no date. A date picker's field is left by Tab.
#[test]
fn fill_form_leaves_a_date_pickers_field_as_a_person_does() {
    let page = r#"<!doctype html><title>Order</title>
<label for="order-date">Order date</label>
<div class="dash-datepicker"><div class="dash-datepicker-input-wrapper" aria-haspopup="dialog" aria-expanded="false">
<div><input type="text" id="order-date" placeholder="Order date" class="dash-datepicker-input"></div></div></div>
<label for="reference">Reference</label> <input id="reference">
<button onclick="window.saved = {date: committed, reference: reference.value}">Submit</button>
<script>
let committed = null;
const field = document.getElementById('order-date');
const take = () => { if (!isNaN(new Date(field.value))) committed = field.value; else field.value = committed || ''; };
field.addEventListener('keydown', (e) => {
  if (['ArrowUp', 'ArrowDown', 'Enter'].includes(e.key)) { e.preventDefault(); requestAnimationFrame(take); }
  else if (e.key === 'Tab') take();
});
</script>"#;
    let web = Server::start(vec![("/order", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/order");
    ok(&g.call(
        json!(1),
        "fillForm",
        json!({"fields": [{"target": "name=Order date", "value": "2026-12-24"},
                          {"target": "name=Reference", "value": "PO-9"}]}),
    ));
    ok(&g.call(json!(2), "click", json!({"target": "name=Submit"})));
    assert_eq!(
        eval(&mut g, "saved"),
        json!({"date": "2026-12-24", "reference": "PO-9"})
    );
}

/// Dash 4 (`dcc.Dropdown`): the trigger button under `<label for>` "Customer" is named by its
/// value through `aria-labelledby` ("Initech"), so "Customer" was nowhere in the observation and
/// two dropdowns holding one value were one name twice. A control its own label does not name
/// carries that label as its context.
#[test]
fn a_control_its_own_label_does_not_name_carries_the_label() {
    let page = r#"<!doctype html><title>Order</title>
<div style="display:flex;flex-direction:column;gap:8px;width:400px">
<label for="customer">Customer</label>
<div><input tabindex="0" readonly aria-hidden="true" style="position:absolute;opacity:0;width:1px">
<button id="customer" type="button" aria-labelledby="customer-count customer-value" aria-haspopup="listbox" onclick="pressed.push(this.id)"><span id="customer-value">Initech</span></button></div>
<label for="supplier">Supplier</label>
<div><input tabindex="0" readonly aria-hidden="true" style="position:absolute;opacity:0;width:1px">
<button id="supplier" type="button" aria-labelledby="supplier-count supplier-value" aria-haspopup="listbox" onclick="pressed.push(this.id)"><span id="supplier-value">Initech</span></button></div>
<label for="region">Region</label>
<div><button id="region" type="button" aria-labelledby="region-value" aria-haspopup="listbox" onclick="pressed.push(this.id)"><span id="region-value">North</span></button></div>
</div><script>window.pressed = [];</script>"#;
    let web = Server::start(vec![("/order", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (_, items) = opened(&mut g, &web, "/order");
    let told: Vec<(String, String)> = items
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap_or("").to_owned(),
                e["context"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let pair = |n: &str, c: &str| (n.to_owned(), c.to_owned());
    assert_eq!(
        told,
        vec![
            pair("Initech", "Customer"),
            pair("Initech", "Supplier"),
            pair("North", "Region")
        ]
    );
    let supplier = &items[1]["ref"];
    ok(&g.call(json!(1), "click", json!({"target": supplier})));
    assert_eq!(eval(&mut g, "pressed"), json!(["supplier"]));
}

/// MLflow 3 (Radix's menu): a "Group by" item ticks and the menu closes in the same task, the
/// item gone with it. `check` read the gone item as unticked and said `notToggled` (a retry
/// would untick the grouping); `uncheck` likewise. An item gone from the page is in the state
/// it went in.
#[test]
fn a_menu_item_ticked_as_its_menu_closes_is_ticked() {
    let page = r#"<!doctype html><title>Runs</title>
<button id="trig" aria-haspopup="menu" aria-expanded="false">Group by</button>
<script>
window.group = null;
let menu = null;
const trig = document.getElementById('trig');
function close() { menu.remove(); menu = null; trig.setAttribute('aria-expanded', 'false'); }
trig.onclick = () => {
  if (menu) return close();
  menu = document.createElement('div');
  menu.setAttribute('role', 'menu'); menu.setAttribute('aria-label', 'Group by');
  for (const k of ['team', 'optimizer']) {
    const it = document.createElement('div');
    it.setAttribute('role', 'menuitemcheckbox'); it.tabIndex = -1; it.textContent = k;
    it.setAttribute('aria-checked', String(group === k));
    it.onclick = () => {
      group = group === k ? null : k;
      it.setAttribute('aria-checked', String(group === k));
      close();
      trig.textContent = group ? 'Group by: ' + group : 'Group by';
    };
    menu.appendChild(it);
  }
  document.body.appendChild(menu); trig.setAttribute('aria-expanded', 'true');
};
</script>"#;
    let web = Server::start(vec![("/runs", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/runs");
    let item = "role=menuitemcheckbox;name=optimizer";
    ok(&g.call(json!(1), "click", json!({"target": "name=Group by"})));
    ok(&g.call(json!(2), "check", json!({"target": item})));
    assert_eq!(eval(&mut g, "group"), "optimizer");
    ok(&g.call(json!(3), "click", json!({"target": "css=#trig"})));
    ok(&g.call(json!(4), "uncheck", json!({"target": item})));
    assert_eq!(eval(&mut g, "group"), Value::Null);
    // Not ticked when the page took it away without ticking it.
    let never = "document.querySelectorAll('[role=menuitemcheckbox]').forEach((i) => i.onclick = () => close())";
    ok(&g.call(json!(5), "click", json!({"target": "css=#trig"})));
    eval(&mut g, never);
    let f = failed(&g.call(json!(6), "check", json!({"target": item})));
    assert_eq!(f["failureKind"], "notToggled", "{f}");
    assert_eq!(eval(&mut g, "group"), Value::Null);
}

/// Directus 11: its checkboxes are `<button role="checkbox" aria-pressed>` (`check` said
/// `notCheckable`, observe said unchecked while on); its icon buttons draw a Material Symbols
/// ligature from `<i data-icon="delete">` in generated content (three unnamed buttons, one of
/// them delete, told apart by nothing); its selects are a read-only field drawn
/// `pointer-events: none` in a box that opens the list (`click` said `blocked` by that box).
#[test]
fn directus_checkboxes_icon_buttons_and_select_fields_are_usable() {
    let page = r#"<!doctype html><title>Item</title>
<style>.has-click{cursor:pointer;border:1px solid #ccc;width:300px;padding:8px}.has-click input{pointer-events:none;border:0}
i::after{content:attr(data-icon)}</style>
<script>window.log = [];</script>
<button type="button" role="checkbox" aria-pressed="false" id="featured" onclick="this.setAttribute('aria-pressed', this.getAttribute('aria-pressed') !== 'true')"><i data-icon="check_box_outline_blank"></i> Featured</button>
<p>1 item selected</p>
<button type="button" onclick="log.push('delete')"><span><i data-icon="delete"></i></span></button>
<button type="button" onclick="log.push('archive')"><span><i data-icon="archive"></i></span></button>
<div>Status</div>
<div class="has-click" id="status"><input readonly placeholder="Select an item..." value="Draft" aria-label="Status"><span>&#9662;</span></div>
<div id="menu" hidden><div style="cursor:pointer" onclick="chosen('Published')">Published</div><div style="cursor:pointer" onclick="chosen('Draft')">Draft</div></div>
<script>
document.getElementById('status').onclick = () => { menu.hidden = !menu.hidden; };
function chosen(v) { document.querySelector('#status input').value = v; menu.hidden = true; log.push('status:' + v); }
</script>"#;
    let web = Server::start(vec![("/item", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (_, items) = opened(&mut g, &web, "/item");
    let featured = items.iter().find(|e| e["name"] == "Featured").unwrap();
    assert_eq!(
        (&featured["role"], &featured["checked"]),
        (&json!("checkbox"), &json!(false))
    );
    ok(&g.call(json!(1), "check", json!({"target": "name=Featured"})));
    assert_eq!(
        eval(&mut g, "featured.getAttribute('aria-pressed')"),
        "true"
    );
    let f = ok(&g.call(json!(2), "check", json!({"target": "name=Featured"})));
    assert_eq!(f["changed"], false, "{f}");
    let icons: Vec<&Value> = items
        .iter()
        .filter(|e| e["role"] == "button" && e["name"] == "")
        .collect();
    assert_eq!(icons.len(), 2, "{items:?}");
    assert!(
        icons[0]["context"].as_str().unwrap().starts_with("delete"),
        "{items:?}"
    );
    assert!(
        icons[1]["context"].as_str().unwrap().starts_with("archive"),
        "{items:?}"
    );
    ok(&g.call(json!(3), "click", json!({"target": icons[1]["ref"]})));
    ok(&g.call(json!(4), "click", json!({"target": "name=Status"})));
    ok(&g.call(json!(5), "click", json!({"target": "text=Published"})));
    assert_eq!(eval(&mut g, "log"), json!(["archive", "status:Published"]));
}

/// Dash's DataTable and MLflow's AG Grid: a header of two rows. Dash's second is a row of
/// filter boxes (each told only as "column header"); MLflow's first is a row of column groups,
/// mostly empty, over the names (its columns read blank, the names as a first row of data, and
/// each row's select box was told by the "Pin run" box beside it). A table's header rows are
/// one header, a filter box is told by its column, and a row's box by its row.
#[test]
fn a_header_of_two_rows_names_the_columns_and_tells_filters_apart() {
    let page = r#"<!doctype html><title>Tables</title>
<table><tbody>
<tr><th>SKU</th><th>Product</th><th>Qty</th></tr>
<tr><th><input placeholder="filter data..."></th><th><input placeholder="filter data..."></th><th><input placeholder="filter data..."></th></tr>
<tr><td>A-100</td><td>Widget</td><td>5</td></tr></tbody></table>
<div role="grid" aria-label="Runs" aria-rowcount="4" aria-colcount="3">
<div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="1"></div><div role="columnheader" aria-colindex="2"></div><div role="columnheader" aria-colindex="3">Metrics</div></div>
<div role="row" aria-rowindex="2"><div role="columnheader" aria-colindex="1"></div><div role="columnheader" aria-colindex="2">Run Name</div><div role="columnheader" aria-colindex="3">accuracy</div></div>
<div role="row" aria-rowindex="3"><div role="gridcell" aria-colindex="1"><input type="checkbox" aria-label="Select row"><button type="button">Pin run</button></div><div role="gridcell" aria-colindex="2">run-a</div><div role="gridcell" aria-colindex="3">0.9</div></div>
<div role="row" aria-rowindex="4"><div role="gridcell" aria-colindex="1"><input type="checkbox" aria-label="Select row"><button type="button">Pin run</button></div><div role="gridcell" aria-colindex="2">run-b</div><div role="gridcell" aria-colindex="3">0.85</div></div>
</div>"#;
    let web = Server::start(vec![("/tables", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (answer, items) = opened(&mut g, &web, "/tables");
    let tables = &answer["observation"]["elements"];
    assert_eq!(
        tables[0]["columns"],
        json!(["SKU", "Product", "Qty"]),
        "{tables}"
    );
    assert_eq!(
        tables[0]["rows"],
        json!([["A-100", "Widget", "5"]]),
        "{tables}"
    );
    assert_eq!(
        tables[1]["columns"],
        json!(["", "Run Name", "accuracy"]),
        "{tables}"
    );
    assert_eq!(
        tables[1]["rows"],
        json!([["Pin run", "run-a", "0.9"], ["Pin run", "run-b", "0.85"]]),
        "{tables}"
    );
    assert_eq!(tables[1]["rowCount"], 2, "{tables}");
    let filters: Vec<&Value> = items.iter().filter(|e| e["role"] == "textbox").collect();
    let told: Vec<&Value> = filters.iter().map(|e| &e["context"]).collect();
    assert_eq!(told, [&json!("SKU"), &json!("Product"), &json!("Qty")]);
    ok(&g.call(
        json!(1),
        "type",
        json!({"target": filters[2]["ref"], "text": ">2"}),
    ));
    let select = items
        .iter()
        .find(|e| e["name"] == "Select row" && e["context"] == "run-b")
        .unwrap_or_else(|| panic!("{items:?}"));
    ok(&g.call(json!(2), "check", json!({"target": select["ref"]})));
    assert_eq!(
        eval(
            &mut g,
            "[[...document.querySelectorAll('th input')].map((i) => i.value).join('|'), [...document.querySelectorAll('[aria-label=\"Select row\"]')].map((c) => c.checked)]"
        ),
        json!(["||>2", [false, true]])
    );
}

/// Dash's DataTable (`row_deletable`): each row's delete control is a plain cell "×" that shows
/// the pointing hand, listed nowhere (only `text=×`'s ambiguity gave a way in). A cell alone in
/// its row to show the hand is a control, told by its row; a row whose every cell shows it is
/// no list of controls.
#[test]
fn a_cell_alone_in_its_row_to_show_the_hand_is_listed() {
    let page = r#"<!doctype html><title>Lines</title>
<table><tbody>
<tr><th></th><th>SKU</th><th>Product</th></tr>
<tr><td style="cursor:pointer" class="del">×</td><td>A-100</td><td>Widget</td></tr>
<tr><td style="cursor:pointer" class="del">×</td><td>B-200</td><td>Gadget</td></tr>
</tbody></table>
<table><tbody style="cursor:default"><tr><td style="cursor:pointer">C-1</td><td style="cursor:pointer">Open</td></tr></tbody></table>
<script>document.querySelectorAll('.del').forEach((td) => td.onclick = () => td.parentElement.remove());</script>"#;
    let web = Server::start(vec![("/lines", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (_, items) = opened(&mut g, &web, "/lines");
    let told: Vec<(&Value, &Value)> = items
        .iter()
        .filter(|e| e["role"] == "generic")
        .map(|e| (&e["name"], &e["context"]))
        .collect();
    assert_eq!(
        told,
        [
            (&json!("×"), &json!("A-100")),
            (&json!("×"), &json!("B-200"))
        ]
    );
    let b200 = items.iter().find(|e| e["context"] == "B-200").unwrap();
    ok(&g.call(json!(1), "click", json!({"target": b200["ref"]})));
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelector('table').querySelectorAll('td:nth-child(2)')].map((c) => c.textContent).join()"
        ),
        "A-100"
    );
}

/// MLflow 3's tag key (Ant Design's searchable select that creates what is typed): no option
/// is named "owner", and the one the list draws for it says `Add tag "owner"`. `select` and
/// `fillForm` said `noSuchOption`. The option that offers to create the text typed is chosen.
#[test]
fn an_option_that_offers_to_create_the_typed_text_is_chosen() {
    let page = r#"<!doctype html><title>Tags</title>
<label for="key">Key</label>
<div id="sel" style="position:relative;width:260px;border:1px solid #ccc;min-height:24px"><span id="shown">Type a key</span>
<input type="search" role="combobox" aria-expanded="false" aria-haspopup="listbox" aria-autocomplete="list" id="key" aria-controls="key_list" autocomplete="off" style="position:absolute;left:0;top:0;width:100%;border:0;background:transparent"></div>
<div id="tags">team : beta</div>
<script>
const existing = ['team', 'stage'];
const key = document.getElementById('key'), shown = document.getElementById('shown');
window.chosen = '';
let dd = null;
const close = () => { if (dd) { dd.remove(); dd = null; } key.setAttribute('aria-expanded', 'false'); };
function open() {
  close();
  const q = key.value.trim();
  const items = existing.filter((k) => k.includes(q)).map((k) => [k, k]);
  if (q && !existing.includes(q)) items.unshift([q, 'Add tag "' + q + '"']);
  dd = document.createElement('div');
  dd.innerHTML = '<div role="listbox" id="key_list" style="height:0;width:0;overflow:hidden">' + items.map((it) => '<div role="option">' + it[0] + '</div>').join('') + '</div>'
    + items.map((it) => '<div aria-selected="false" style="cursor:pointer;padding:4px" data-v="' + it[0] + '">' + it[1] + '</div>').join('');
  dd.onmousedown = (e) => { e.preventDefault(); const o = e.target.closest('[data-v]'); if (o) { chosen = o.dataset.v; shown.textContent = chosen; shown.style.visibility = ''; key.value = ''; close(); } };
  document.body.appendChild(dd); key.setAttribute('aria-expanded', 'true');
  shown.style.visibility = q ? 'hidden' : '';
}
key.onfocus = open; key.oninput = open; key.onblur = () => { key.value = ''; shown.style.visibility = ''; close(); };
</script>"#;
    let web = Server::start(vec![("/tags", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/tags");
    ok(&g.call(
        json!(1),
        "select",
        json!({"target": "name=Key", "value": "owner"}),
    ));
    assert_eq!(
        eval(&mut g, "[chosen, shown.textContent]"),
        json!(["owner", "owner"])
    );
    ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [{"target": "name=Key", "value": "lead"}]}),
    ));
    assert_eq!(eval(&mut g, "chosen"), "lead");
    // An option it has is chosen as ever, not created again.
    ok(&g.call(
        json!(3),
        "select",
        json!({"target": "name=Key", "label": "stage"}),
    ));
    assert_eq!(eval(&mut g, "chosen"), "stage");
}

/// Gradio 6 (its colour picker): the picker stands in the page's flow and closes as the focus
/// leaves its hex field, which the press on Run below it does: Run moves up between the button
/// going down and coming up, and the click lands on the column around it. `click` answered ok
/// and no run was started. A press whose click goes elsewhere, its target still there, missed.
#[test]
fn a_press_whose_click_lands_elsewhere_as_the_target_moves_missed() {
    let page = r##"<!doctype html><title>Launcher</title>
<div class="column"><button id="swatch" aria-label="Plot color" style="width:40px;height:20px" onclick="picker.hidden = false"></button>
<div id="picker" hidden><div style="height:150px"></div><input id="hex" aria-label="Hex" value="#ff0000"></div>
<button id="run" style="display:block;width:100%;height:40px;margin-top:16px" onclick="runs += 1">Run</button></div>
<script>window.runs = 0; hex.addEventListener('focusout', () => { picker.hidden = true; });</script>"##;
    let web = Server::start(vec![("/launch", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/launch");
    ok(&g.call(json!(1), "click", json!({"target": "name=Plot color"})));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "name=Hex", "text": "#00ff00", "clear": true}),
    ));
    let f = failed(&g.call(json!(3), "click", json!({"target": "name=Run"})));
    assert_eq!(f["failureKind"], "missedTarget", "{f}");
    assert_eq!(eval(&mut g, "runs"), 0);
    // Where it stands now, it takes the press.
    ok(&g.call(json!(4), "click", json!({"target": "name=Run"})));
    assert_eq!(eval(&mut g, "runs"), 1);
}

/// Gradio 6: a checkbox group's title is a span in its fieldset, no legend ("Metrics" was
/// nowhere in the observation); and the app starts under a full-window "Loading..." layer that
/// a click met at once as `blocked` (a person waits for it). An unnamed group's own words are
/// read; a cover that says the page loads is waited out.
#[test]
fn a_groups_title_is_read_and_a_loading_cover_is_waited_out() {
    let page = r#"<!doctype html><title>Launcher</title>
<fieldset><span style="display:inline-block">Metrics</span>
<div><label><input type="checkbox" name="accuracy"><span>accuracy</span></label><label><input type="checkbox" name="loss"><span>loss</span></label></div></fieldset>
<button onclick="window.pressed = (window.pressed || 0) + 1">Training</button>
<div id="cover" style="position:fixed;inset:0;background:rgba(255,255,255,.9);display:flex;align-items:center;justify-content:center">Loading...</div>
<script>setTimeout(() => document.getElementById('cover').remove(), 1200);</script>"#;
    let web = Server::start(vec![("/launch", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (_, items) = opened(&mut g, &web, "/launch");
    let texts: Vec<&Value> = items.iter().map(|e| &e["text"]).collect();
    assert!(texts.contains(&&json!("Metrics")), "{items:?}");
    ok(&g.call(json!(1), "click", json!({"target": "name=Training"})));
    assert_eq!(
        eval(&mut g, "[pressed, !!document.getElementById('cover')]"),
        json!([1, false])
    );
    ok(&g.call(json!(2), "check", json!({"target": "name=loss"})));
    assert_eq!(
        eval(&mut g, "document.querySelector('[name=loss]').checked"),
        true
    );
}

/// MLflow 3's column chooser (Ant Design's checkable tree): each column is a role-less node
/// with a box drawn as a span classed `...-checkbox` (`...-checkbox-checked` when on) before
/// its title; only the titles were listed, as text, and `check` said `notCheckable`. And Dash's
/// range picker shows two months, so each day's number twice, each told only by the day beside
/// it. A node checked by its drawn box is a checkbox named by its words; a calendar's day is
/// told by its month.
#[test]
fn a_tree_of_drawn_boxes_is_checked_and_a_calendars_days_are_told_by_month() {
    let page = r#"<!doctype html><title>Columns</title>
<style>.t-checkbox{display:inline-block;width:14px;height:14px;border:1px solid #888;cursor:pointer}.t-checkbox-checked{background:#27b}</style>
<div id="list"></div>
<table><tr><th colspan="7">December 2026</th></tr><tr><td>13</td><td>14</td><td>15</td><td>16</td><td>17</td><td>18</td><td>19</td></tr>
<tr><td tabindex="0" onclick="picked.push('Dec 20')">20</td><td>21</td><td>22</td><td>23</td><td>24</td><td>25</td><td>26</td></tr></table>
<table><tr><th colspan="7">January 2027</th></tr><tr><td>17</td><td>18</td><td>19</td><td tabindex="0" onclick="picked.push('Jan 20')">20</td><td>21</td><td>22</td><td>23</td></tr></table>
<script>
window.picked = [];
window.cols = [['Dataset', true], ['Source', false], ['accuracy', false]];
function render() {
  list.innerHTML = cols.map((c, k) => '<div class="t-node" data-k="' + k + '"><span class="t-checkbox' + (c[1] ? ' t-checkbox-checked' : '') + '"></span><span class="t-title">' + c[0] + '</span></div>').join('');
}
render();
document.addEventListener('click', (e) => { const n = e.target.closest('.t-node'); if (n) { cols[n.dataset.k][1] = !cols[n.dataset.k][1]; render(); } });
</script>"#;
    let web = Server::start(vec![("/columns", Page::html(page))]);
    let mut g = common::incognito(&[]);
    let (_, items) = opened(&mut g, &web, "/columns");
    let boxes: Vec<(&Value, &Value)> = items
        .iter()
        .filter(|e| e["role"] == "checkbox")
        .map(|e| (&e["name"], &e["checked"]))
        .collect();
    assert_eq!(
        boxes,
        [
            (&json!("Dataset"), &json!(true)),
            (&json!("Source"), &json!(false)),
            (&json!("accuracy"), &json!(false))
        ]
    );
    ok(&g.call(
        json!(1),
        "check",
        json!({"target": "role=checkbox;name=accuracy"}),
    ));
    ok(&g.call(
        json!(2),
        "uncheck",
        json!({"target": "role=checkbox;name=Dataset"}),
    ));
    assert_eq!(
        eval(&mut g, "cols.map((c) => c[1])"),
        json!([false, false, true])
    );
    let days: Vec<&Value> = items
        .iter()
        .filter(|e| e["name"] == "20")
        .map(|e| &e["context"])
        .collect();
    assert_eq!(days, [&json!("December 2026"), &json!("January 2027")]);
    let january = items
        .iter()
        .find(|e| e["name"] == "20" && e["context"] == "January 2027")
        .unwrap();
    ok(&g.call(json!(3), "click", json!({"target": january["ref"]})));
    assert_eq!(eval(&mut g, "picked"), json!(["Jan 20"]));
}
