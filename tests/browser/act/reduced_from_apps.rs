//! Pages reduced from real apps tried from outside (Node-RED's flow editor, marimo's notebook
//! and apps), each the smallest markup that broke Glass there, checked on the page's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{eval, failed, nav, ok};
use serde_json::{Value, json};

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
