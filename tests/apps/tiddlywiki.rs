//! TiddlyWiki 5.4 (a Node.js wiki from npm that draws every view anew from its store on each
//! change: a setting's whole block, a tag list whose items are all named "add tag", a delete
//! confirmed in a JavaScript dialog and animated away), driven through the Glass binary with
//! its default flags and checked on the wiki's own store (`$tw.wiki`) and the tiddler files its
//! server writes.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::apps;
use common::{Glass, eval, ok, temp_dir};
use serde_json::{Value, json};

/// A new wiki in a work folder of its own (kept with its server for the test's length), and
/// Glass, with its default flags, on the wiki's page `path`.
fn open(tag: &str, path: &str) -> (PathBuf, apps::App, Glass) {
    let work = temp_dir(tag);
    let app = apps::tiddlywiki(&work);
    let mut g = common::incognito(&[]);
    ok(&g.call(
        json!("nav"),
        "navigate",
        json!({"url": app.url(path), "observe": false}),
    ));
    (work, app, g)
}

/// The file the wiki's server keeps tiddler `name` in (its file name, as the server writes it).
fn tiddler_file(work: &Path, name: &str) -> PathBuf {
    work.join("wiki/tiddlers").join(format!("{name}.tid"))
}

/// The file's text once `check` holds of it (the server saves a change a moment after the
/// page made it); its last text in the panic otherwise. `None` while there is no file.
fn saved_when(path: &Path, what: &str, check: impl Fn(Option<&str>) -> bool) -> Option<String> {
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        let text = std::fs::read_to_string(path).ok();
        if check(text.as_deref()) {
            return text;
        }
        assert!(Instant::now() < end, "{what}: {text:?}");
        // The file is written by another process: nothing to wait on but the next read.
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The one element of the observation with this role, name and context.
fn one(obs: &Value, role: &str, name: &str, context: &str) -> Value {
    let found: Vec<Value> = common::all_elements(&obs["elements"])
        .into_iter()
        .filter(|e| e["role"] == role && e["name"] == name && e["context"] == context)
        .collect();
    assert_eq!(found.len(), 1, "{role} {name:?} in {context:?}: {obs}");
    found[0].clone()
}

fn click(g: &mut Glass, target: &Value) -> Value {
    ok(&g.call(json!("click"), "click", json!({"target": target})))
}

/// A new tiddler is titled, tagged from the tag list by the words each item shows (every item
/// is named "add tag": before, each took the previous item's tag as its context, and the
/// wrong tag was one click away), and saved; then edited again (from its own view's "Edit this
/// tiddler", each open tiddler having one) and deleted through the JavaScript dialog that
/// confirms it, whose answer names what went. Checked on the store and on the server's files.
#[test]
fn a_tiddler_tagged_from_its_list_is_saved_and_deleted() {
    let (work, _app, mut g) = open("tiddlywiki-tags", "/");
    // Two tags the wiki knows, on notes of their own.
    eval(
        &mut g,
        "$tw.wiki.addTiddler({title: 'Apple note', tags: 'probeapple'}); \
         $tw.wiki.addTiddler({title: 'Banana note', tags: 'probebanana'}); 1",
    );
    click(&mut g, &json!("role=button;name=new tiddler"));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "css=input.tc-titlebar", "text": "Probe Zeta", "clear": true}),
    ));
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "role=textbox;name=tag name", "text": "probe"}),
    ));
    let obs = ok(&g.call(json!(4), "observe", json!({})));
    one(&obs, "generic", "add tag", "probeapple");
    let banana = one(&obs, "generic", "add tag", "probebanana");
    click(&mut g, &banana["ref"]);
    click(
        &mut g,
        &json!("role=button;name=Confirm changes to this tiddler"),
    );
    let file = tiddler_file(&work, "Probe Zeta");
    saved_when(&file, "the tiddler saved with its tag", |t| {
        t.is_some_and(|t| t.contains("tags: probebanana"))
    });
    assert_eq!(
        eval(&mut g, "$tw.wiki.getTiddler('Probe Zeta').fields.tags"),
        json!(["probebanana"])
    );
    let obs = ok(&g.call(json!(5), "observe", json!({"full": true})));
    click(
        &mut g,
        &one(&obs, "button", "Edit this tiddler", "Probe Zeta")["ref"],
    );
    let asked = click(&mut g, &json!("role=button;name=Delete this tiddler"));
    assert_eq!(asked["caused"]["dialog"]["type"], "confirm", "{asked}");
    let answer = ok(&g.call(json!(6), "acceptDialog", json!({})));
    let removed = answer["changes"]["removed"].as_array().map(Vec::len);
    assert!(removed.unwrap_or(0) > 0, "{answer}");
    saved_when(&file, "the tiddler's file removed", |t| t.is_none());
    assert_eq!(eval(&mut g, "$tw.wiki.tiddlerExists('Probe Zeta')"), false);
}

/// The control panel's settings: a checkbox the wiki draws anew as it takes the press is
/// judged by the one drawn in its place (before: `notToggled` for a setting that changed,
/// inviting a second press that turns it back), turned on with `check` and off with
/// `fillForm`; and an unlabelled select is found by the explanation above it (links, in the
/// wiki) and set. Checked on the store and the server's files.
#[test]
fn settings_drawn_anew_are_checked_and_chosen() {
    let (work, _app, mut g) = open("tiddlywiki-settings", "/#%24%3A%2FControlPanel");
    click(&mut g, &json!("role=tab;name=Settings"));
    let missing = "$tw.wiki.getTiddlerText('$:/config/MissingLinks', 'yes')";
    let setting = "role=checkbox;name=Enable links to missing tiddlers";
    // Off first, whatever the edition starts with: the test then turns it on and off again.
    if eval(&mut g, missing) == "yes" {
        ok(&g.call(json!(2), "uncheck", json!({"target": setting})));
    }
    assert_eq!(eval(&mut g, missing), "no");
    ok(&g.call(json!(3), "check", json!({"target": setting})));
    assert_eq!(eval(&mut g, missing), "yes");
    let file = tiddler_file(&work, "$__config_MissingLinks");
    saved_when(&file, "the setting saved on", |t| {
        t.is_some_and(|t| t.trim_end().ends_with("yes"))
    });
    ok(&g.call(
        json!(4),
        "fillForm",
        json!({"fields": [{"target": setting, "value": false}]}),
    ));
    assert_eq!(eval(&mut g, missing), "no");
    saved_when(&file, "the setting saved off", |t| {
        t.is_some_and(|t| t.trim_end().ends_with("no"))
    });
    let obs = ok(&g.call(json!(5), "observe", json!({"full": true})));
    let side = one(
        &obs,
        "combobox",
        "",
        "Specify which sidebar tab is displayed by default",
    );
    ok(&g.call(
        json!(6),
        "select",
        json!({"target": side["ref"], "label": "Recent"}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "$tw.wiki.getTiddlerText('$:/config/DefaultSidebarTab')"
        ),
        "$:/core/ui/SideBar/Recent"
    );
}
