//! Controls a page draws anew as they take a press (TiddlyWiki renders a setting's whole block
//! again on every change; a React `key` that changes does the same): the element pressed is
//! gone, and the one drawn in its place, of the same role and name, is the control whose
//! state the action is judged by. Checked on the page's own settings.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{eval, failed, fill_form, nav, ok};
use serde_json::json;

/// Three settings, each drawn anew when it changes: at once, a tick later, and one the page
/// refuses to turn on (drawn anew, still off). `settings()` is what the page holds.
const SETTINGS: &str = r#"<!doctype html><html><head><title>Settings</title></head><body>
<div id="now"></div><div id="later"></div><div id="locked"></div><div id="pin"></div>
<script>
const held = {now: false, later: false, locked: false};
function draw(id) {
  const box = document.getElementById(id);
  const label = {now: 'Sync now', later: 'Sync later', locked: 'Locked sync'}[id];
  box.innerHTML = '<p><label><input type="checkbox"' + (held[id] ? ' checked' : '') + '> ' + label + '</label></p>';
  box.querySelector('input').addEventListener('change', (e) => {
    if (id !== 'locked') held[id] = e.target.checked;
    if (id === 'later') setTimeout(() => draw(id), 0); else draw(id);
  });
}
['now', 'later', 'locked'].forEach(draw);
// A toggle that says what it does next (MLflow's run pin): drawn anew as "Unpin run".
let pinned = false;
function drawPin() {
  const box = document.getElementById('pin');
  box.innerHTML = '<label><input type="checkbox"' + (pinned ? ' checked' : '') + '> ' + (pinned ? 'Unpin run' : 'Pin run') + '</label>';
  box.querySelector('input').addEventListener('change', (e) => { pinned = e.target.checked; drawPin(); });
}
drawPin();
window.settings = () => ({...held, pinned});
</script></body></html>"#;

fn open() -> (common::Glass, Server) {
    let web = Server::start(vec![("/settings", Page::html(SETTINGS))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings");
    (g, web)
}

fn toggle(g: &mut common::Glass, tool: &str, name: &str) -> serde_json::Value {
    g.call(
        json!(tool),
        tool,
        json!({"target": format!("role=checkbox;name={name}")}),
    )
}

/// `check`, `uncheck` and `fillForm` each judge the setting by the box drawn in its place: ok
/// when it took the state (never `notToggled` for a setting that changed, which invites a
/// second press that turns it back, also for a toggle drawn anew under the name of what it
/// does next: "Pin run", then "Unpin run"), `notToggled` when the page drew it as it was.
#[test]
fn a_control_drawn_anew_is_judged_by_the_one_in_its_place() {
    let (mut g, _web) = open();
    ok(&toggle(&mut g, "check", "Sync now"));
    ok(&toggle(&mut g, "check", "Sync later"));
    assert_eq!(
        eval(&mut g, "settings()"),
        json!({"now": true, "later": true, "locked": false, "pinned": false})
    );
    ok(&toggle(&mut g, "uncheck", "Sync now"));
    ok(&fill_form(
        &mut g,
        json!([{"target": "role=checkbox;name=Sync later", "value": false},
               {"target": "role=checkbox;name=Sync now", "value": true}]),
    ));
    assert_eq!(
        eval(&mut g, "settings()"),
        json!({"now": true, "later": false, "locked": false, "pinned": false})
    );
    // Drawn anew under the name of what it does next, it is still the one pressed.
    ok(&toggle(&mut g, "check", "Pin run"));
    assert_eq!(eval(&mut g, "settings().pinned"), true);
    ok(&toggle(&mut g, "uncheck", "Unpin run"));
    assert_eq!(eval(&mut g, "settings().pinned"), false);
    let r = toggle(&mut g, "check", "Locked sync");
    assert_eq!(failed(&r)["failureKind"], "notToggled", "{r}");
    let r = fill_form(
        &mut g,
        json!([{"target": "role=checkbox;name=Locked sync", "value": true}]),
    );
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notToggled", "{r}");
    assert_eq!(eval(&mut g, "settings().locked"), false);
}
