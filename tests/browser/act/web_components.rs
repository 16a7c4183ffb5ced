//! A page built from Shoelace's web components, from npm (`scripts/test` installs them once):
//! its controls, menus and popups live in shadow roots, and its autoloader imports each
//! component's code as the page uses it. Everything Glass lists there it acts on, checked on the
//! components' own values and the events they fire.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, all_elements, apps, eval, ok};
use serde_json::{Value, json};

/// Account settings made of Shoelace components. `window.log` records the components' own
/// change and select events, and the Save button's clicks.
const SETTINGS: &str = r#"<!doctype html><html><head><title>Settings</title>
<link rel="stylesheet" href="/npm/@shoelace-style/shoelace/cdn/themes/light.css">
<script type="module" src="/npm/@shoelace-style/shoelace/cdn/shoelace-autoloader.js"></script></head>
<body style="font:16px sans-serif;margin:20px">
<h1>Account settings</h1>
<sl-input id="name" label="Display name" value="Ada"></sl-input>
<sl-select id="plan" label="Plan" value="free"><sl-option value="free">Free</sl-option><sl-option value="pro">Pro</sl-option><sl-option value="team">Team</sl-option></sl-select>
<sl-checkbox id="news">Send me news</sl-checkbox>
<sl-switch id="dark">Dark mode</sl-switch>
<sl-radio-group id="freq" label="Digest" value="weekly"><sl-radio value="daily">Daily</sl-radio><sl-radio value="weekly">Weekly</sl-radio></sl-radio-group>
<sl-details summary="Advanced"><sl-textarea id="bio" label="Bio"></sl-textarea></sl-details>
<sl-dropdown><sl-button slot="trigger" caret>Actions</sl-button><sl-menu><sl-menu-item value="export">Export data</sl-menu-item><sl-menu-item value="delete">Delete account</sl-menu-item></sl-menu></sl-dropdown>
<sl-tab-group><sl-tab slot="nav" panel="profile">Profile</sl-tab><sl-tab slot="nav" panel="billing">Billing</sl-tab>
<sl-tab-panel name="profile">Profile panel</sl-tab-panel><sl-tab-panel name="billing">Billing panel</sl-tab-panel></sl-tab-group>
<sl-rating id="stars" label="Rate us"></sl-rating>
<sl-button id="save" variant="primary">Save</sl-button>
<script>
window.log = [];
document.addEventListener('sl-change', (e) => log.push(e.target.id + '=' + (e.target.checked ?? e.target.value)));
document.addEventListener('sl-select', (e) => log.push('menu:' + e.detail.item.value));
document.addEventListener('sl-tab-show', (e) => log.push('tab:' + e.detail.name));
document.getElementById('save').addEventListener('click', () => log.push('save'));
</script></body></html>"#;

fn settings() -> Server {
    Server::start_with_dirs(
        vec![("/settings.html", Page::html(SETTINGS))],
        &[(
            "/npm/@shoelace-style/shoelace",
            apps::npm_package("@shoelace-style/shoelace"),
        )],
    )
}

fn act(g: &mut Glass, tool: &str, args: Value) -> Value {
    ok(&g.call(json!(tool), tool, args))
}

/// Navigate answers once the components' code has come and drawn them (the autoloader imports
/// it after the page loaded): its observation lists the rating and the open tab's panel, which
/// only the components' shadow roots draw, and not the hidden panel's text. An answer that says
/// the page settled always carries them; on a machine so loaded that the imports outlast the
/// settle budget, navigate says it did not settle, and waiting for the rating then shows them.
#[test]
fn navigate_answers_with_the_components_drawn() {
    let web = settings();
    let mut g = common::incognito(&[]);
    let nav = act(
        &mut g,
        "navigate",
        json!({"url": web.url("/settings.html")}),
    );
    let elements = if nav["settled"] == true {
        nav["observation"]["elements"].clone()
    } else {
        act(
            &mut g,
            "wait",
            json!({"kind": "elementVisible", "target": "role=slider;name=Rate us", "timeoutMs": 20000}),
        );
        act(&mut g, "observe", json!({"full": true}))["elements"].clone()
    };
    let seen: Vec<(String, String)> = all_elements(&elements)
        .iter()
        .map(|e| {
            let name = e["name"].as_str().or(e["text"].as_str()).unwrap_or("");
            (e["role"].as_str().unwrap_or("").to_owned(), name.to_owned())
        })
        .collect();
    for want in [
        ("slider", "Rate us"),
        ("tabpanel", "Profile"),
        ("text", "Profile panel"),
        ("combobox", "Plan"),
        ("switch", "Dark mode"),
    ] {
        assert!(
            seen.iter().any(|(r, n)| r == want.0 && n == want.1),
            "{want:?} in {seen:?}"
        );
    }
    assert!(
        !seen.iter().any(|(_, n)| n.contains("Billing panel")),
        "{seen:?}"
    );
    // The components are defined by now, as the page itself says.
    assert_eq!(
        eval(
            &mut g,
            "['sl-rating', 'sl-tab-panel', 'sl-select'].every((n) => customElements.get(n))"
        ),
        true
    );
}

/// The whole form as a person fills it: each action answers once the component has finished
/// (a dropdown's menu fades out in a shadow root, where the document's own animations and
/// mutations show nothing), so the next one is not refused as covered by it.
#[test]
fn a_settings_form_of_web_components_is_filled_and_saved() {
    let web = settings();
    let mut g = common::incognito(&[]);
    act(
        &mut g,
        "navigate",
        json!({"url": web.url("/settings.html"), "observe": false}),
    );
    act(
        &mut g,
        "type",
        json!({"target": "role=textbox;name=Display name", "text": "Grace", "clear": true}),
    );
    act(
        &mut g,
        "click",
        json!({"target": "role=combobox;name=Plan"}),
    );
    act(&mut g, "click", json!({"target": "role=option;name=Pro"}));
    act(
        &mut g,
        "check",
        json!({"target": "role=checkbox;name=Send me news"}),
    );
    act(
        &mut g,
        "check",
        json!({"target": "role=switch;name=Dark mode"}),
    );
    act(&mut g, "click", json!({"target": "role=radio;name=Daily"}));
    act(
        &mut g,
        "click",
        json!({"target": "role=button;name=Advanced"}),
    );
    act(
        &mut g,
        "type",
        json!({"target": "role=textbox;name=Bio", "text": "Hello"}),
    );
    act(
        &mut g,
        "click",
        json!({"target": "role=button;name=Actions"}),
    );
    act(
        &mut g,
        "click",
        json!({"target": "role=menuitem;name=Export data"}),
    );
    // Right after the menu: the tab under where it was takes the click.
    act(&mut g, "click", json!({"target": "role=tab;name=Billing"}));
    act(&mut g, "click", json!({"target": "role=button;name=Save"}));
    assert_eq!(
        eval(&mut g, "window.log.join(' ')"),
        "name=Grace plan=pro news=true dark=true freq=daily bio=Hello menu:export tab:billing save"
    );
    assert_eq!(
        eval(
            &mut g,
            "[document.getElementById('name').value, plan.value, news.checked, dark.checked, freq.value, bio.value]"
        ),
        json!(["Grace", "pro", true, true, "daily", "Hello"])
    );
}
