//! `observeDelta` through the real binary against real Chromium: after actions, only what
//! changed is returned, and it matches what the page itself did.

mod common;

use common::web::{Page, Server};
use common::{eval, incognito, nav, ok};
use serde_json::{Value, json};

const PAGE: &str = r#"<title>Delta</title>
<ul id="list"><li><button>Item 1</button></li><li><button id="two">Item 2</button></li></ul>
<button onclick="const li = document.createElement('li'); li.innerHTML = '<button>Item 3</button>'; document.getElementById('list').append(li)">Add</button>
<button onclick="document.getElementById('two').remove()">Remove</button>
<button id="r" onclick="this.textContent = 'Renamed'">Rename</button>
<label><input type="checkbox"> Notify</label>"#;

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn observe_delta_returns_only_what_changed() {
    let web = Server::start(vec![
        ("/", Page::html(PAGE)),
        (
            "/other",
            Page::html("<title>Other</title><button>Elsewhere</button>"),
        ),
    ]);
    let mut g = incognito(&[]);
    // No earlier observation: this one is the baseline.
    ok(&g.call(
        json!(0),
        "navigate",
        json!({"url": "about:blank", "observe": false}),
    ));
    let first = ok(&g.call(json!(1), "observeDelta", json!({})));
    assert_eq!(first["baseline"], true, "{first}");
    // navigate's observation is the one the next delta compares with.
    let loaded = ok(&g.call(json!(2), "navigate", json!({"url": web.url("/")})));
    let from = loaded["revision"].as_u64().unwrap();
    for (i, name) in ["Add", "Remove", "Rename"].iter().enumerate() {
        ok(&g.call(
            json!(10 + i),
            "click",
            json!({"target": format!("role=button;name={name}")}),
        ));
    }
    ok(&g.call(
        json!(20),
        "check",
        json!({"target": "role=checkbox;name=Notify"}),
    ));
    let d = ok(&g.call(json!(3), "observeDelta", json!({})));
    assert_eq!(d["fromRevision"], from, "{d}");
    assert!(d["toRevision"].as_u64().unwrap() > from, "{d}");
    assert_eq!(d["documentChanged"], false, "{d}");
    assert_eq!(names(&d["added"]), vec!["Item 3"], "{d}");
    assert_eq!(names(&d["removed"]), vec!["Item 2"], "{d}");
    let changed = d["changed"].as_array().unwrap();
    let renamed = changed
        .iter()
        .find(|c| c["name"] == "Renamed")
        .expect("the rename is listed");
    assert_eq!(
        renamed["fields"]["name"],
        json!({"before": "Rename", "after": "Renamed"})
    );
    let checked = changed
        .iter()
        .find(|c| c["name"] == "Notify")
        .expect("the checkbox is listed");
    assert_eq!(checked["fields"]["checked"]["after"], true, "{d}");
    assert_eq!(d["counts"]["changed"], 2, "{d}");
    // The page agrees.
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('#list button').length"),
        2
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('r').textContent"),
        "Renamed"
    );
    // Nothing happened since: an empty delta.
    let again = ok(&g.call(json!(4), "observeDelta", json!({})));
    assert_eq!(again["counts"]["added"], 0, "{again}");
    assert_eq!(again["counts"]["removed"], 0, "{again}");
    assert_eq!(again["counts"]["changed"], 0, "{again}");
    // A new document: said as such.
    nav(&mut g, &web, "/other");
    let other = ok(&g.call(json!(5), "observeDelta", json!({})));
    assert_eq!(other["documentChanged"], true, "{other}");
    assert_eq!(other["urlChanged"], true, "{other}");
    assert_eq!(names(&other["added"]), vec!["Elsewhere"], "{other}");
}

const LIST: &str = r#"<title>Refs</title>
<script>window.saved = 0; window.edited = [];
function render() {
  document.getElementById('box').innerHTML =
    '<button onclick="saved++">Save</button><ul>' +
    [1, 2].map((n) => `<li><span>Row ${n}</span> <button class="edit" onclick="edited.push(${n})">Edit</button></li>`).join('') +
    '</ul>' + (window.dropped ? '' : '<button>Remove me</button>');
}</script>
<button>Stay</button>
<div id="box"></div>
<button onclick="window.dropped = true; render()">Rebuild</button>
<script>render();</script>"#;

/// After a re-render, old refs map to the page now: an untouched element is preserved, one
/// drawn anew is relocated by role and name, duplicates need a hint, a removed one is lost.
/// The relocated refs are the live elements: clicking them reaches the page's handlers.
#[test]
fn reconcile_maps_old_refs_to_the_page_now() {
    let web = Server::start(vec![("/", Page::html(LIST))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let o = ok(&g.call(json!(1), "observe", json!({})));
    let all = common::all_elements(&o["elements"]);
    let ref_of = |name: &str, nth: usize| -> String {
        all.iter()
            .filter(|e| e["name"] == name)
            .nth(nth)
            .unwrap_or_else(|| panic!("{name} #{nth} in {o}"))["ref"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (stay, save, edit, remove) = (
        ref_of("Stay", 0),
        ref_of("Save", 0),
        ref_of("Edit", 0),
        ref_of("Remove me", 0),
    );
    let from = o["revision"].as_u64().unwrap();
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Rebuild"}),
    ));
    let r = ok(&g.call(
        json!(3),
        "reconcileReferences",
        json!({"refs": [stay, save, edit, remove], "fromRevision": from}),
    ));
    let m = r["mappings"].as_array().unwrap();
    assert_eq!(m[0]["kind"], "preserved", "{r}");
    assert_eq!(m[0]["new"], stay.as_str(), "{r}");
    assert_eq!(m[1]["kind"], "relocated", "{r}");
    assert_eq!(m[1]["matchedBy"], "roleAndName", "{r}");
    assert_ne!(m[1]["new"], save.as_str(), "{r}");
    assert_eq!(m[2]["kind"], "lost", "{r}");
    assert_eq!(m[2]["reason"], "ambiguous", "{r}");
    assert_eq!(m[2]["candidates"].as_array().unwrap().len(), 2, "{r}");
    assert_eq!(m[3]["kind"], "lost", "{r}");
    assert_eq!(m[3]["reason"], "notFound", "{r}");
    assert_eq!(
        (
            r["preserved"].clone(),
            r["relocated"].clone(),
            r["lost"].clone()
        ),
        (json!(1), json!(1), json!(2))
    );
    // A hint picks one of the duplicates.
    let r2 = ok(&g.call(
        json!(4),
        "reconcileReferences",
        json!({"refs": [edit], "hints": ["css=#box li:nth-of-type(2) .edit"]}),
    ));
    assert_eq!(r2["mappings"][0]["kind"], "relocated", "{r2}");
    assert_eq!(r2["mappings"][0]["matchedBy"], "hint", "{r2}");
    // The relocated refs are the live elements.
    ok(&g.call(json!(5), "click", json!({"target": m[1]["new"]})));
    ok(&g.call(
        json!(6),
        "click",
        json!({"target": r2["mappings"][0]["new"]}),
    ));
    assert_eq!(eval(&mut g, "window.saved"), 1);
    assert_eq!(eval(&mut g, "window.edited"), json!([2]));
}
