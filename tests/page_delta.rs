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
