//! `observeDelta` through the real binary against real Chromium: after actions, only what
//! changed is returned, and it matches what the page itself did.

use crate::common;

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

const GROW: &str = r#"<title>Grow</title>
<script>window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});</script>
<h1>Grow</h1><div id="more"></div>
<button onclick="document.getElementById('more').innerHTML = Array.from({length: 40}, (_, i) => '<button>Extra ' + i + '</button>').join(''); this.blur()">Reveal</button>"#;

/// Doc items: observeDelta compares with the last `observe` without options (observations
/// with options are not the baseline); `added` cut at 32 with `truncated` and the full counts;
/// counts.unchanged; url; urlChanged absent when the URL is the same;
/// priorIncomplete/currentIncomplete; never acts.
#[test]
fn observe_delta_keeps_its_baseline_cuts_long_lists_and_never_acts() {
    let mut big = String::from("<title>Big</title>");
    for i in 0..600 {
        big.push_str(&format!("<button>B{i}</button>"));
    }
    let web = Server::start(vec![
        ("/grow", Page::html(GROW)),
        ("/big", Page::html(&big)),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/grow");
    let base = ok(&g.call(json!(1), "observe", json!({})));
    let from = base["revision"].as_u64().unwrap();
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Reveal"}),
    ));
    // Observations with options do not become the baseline.
    ok(&g.call(json!(3), "observe", json!({"level": "interactive"})));
    ok(&g.call(json!(4), "observe", json!({"includeFormValues": true})));
    let before = eval(&mut g, "window.mutations");
    let d = ok(&g.call(json!(5), "observeDelta", json!({})));
    assert_eq!(d["fromRevision"], from, "{d}");
    assert_eq!(d["counts"]["added"], 40, "{d}");
    assert_eq!(d["added"].as_array().unwrap().len(), 32, "{d}");
    assert_eq!(d["truncated"], true, "{d}");
    assert_eq!(d["counts"]["unchanged"], 2, "the heading and Reveal: {d}");
    assert_eq!(d["counts"]["removed"], 0, "{d}");
    assert_eq!(d["url"], web.url("/grow"), "{d}");
    assert!(d.get("urlChanged").is_none(), "{d}");
    assert!(d.get("baseline").is_none(), "{d}");
    assert!(
        d.get("priorIncomplete").is_none() && d.get("currentIncomplete").is_none(),
        "{d}"
    );
    assert_eq!(
        eval(&mut g, "window.mutations"),
        before,
        "observeDelta touched the page"
    );
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('#more button').length"),
        40
    );
    // Budget-cut observations on either side are said to be incomplete.
    let loaded = ok(&g.call(json!(6), "navigate", json!({"url": web.url("/big")})));
    assert_eq!(loaded["observation"]["truncated"], true, "{loaded}");
    let d = ok(&g.call(json!(7), "observeDelta", json!({})));
    assert_eq!(d["fromRevision"], loaded["revision"], "{d}");
    assert_eq!(d["priorIncomplete"], true, "{d}");
    assert_eq!(d["currentIncomplete"], true, "{d}");
    assert_eq!(d["documentChanged"], false, "{d}");
}

const FOLD: &str = r#"<title>Fold</title>
<script>window.mutations = 0;
new MutationObserver(() => window.mutations++).observe(document, {subtree: true, childList: true, attributes: true});</script>
<div id="panel"><button>Save</button></div>
<button onclick="document.getElementById('panel').style.visibility = 'hidden'">Fold</button>
<iframe src="/inner" title="Inner"></iframe>"#;

/// Doc items: reconcileReferences reasons hidden, otherFrame and neverIssued; fromRevision
/// echoed and toRevision the page's; never acts.
#[test]
fn reconcile_says_why_a_ref_is_lost_and_never_acts() {
    let web = Server::start(vec![
        ("/fold", Page::html(FOLD)),
        (
            "/inner",
            Page::html("<title>Inner</title><button>Inside</button>"),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/fold");
    let o = ok(&g.call(json!(1), "observe", json!({})));
    let save = common::ref_of(&o["elements"], "button", "Save");
    let from = o["revision"].as_u64().unwrap();
    // A ref minted while the frame is selected belongs to that frame.
    let frames = ok(&g.call(json!(2), "listFrames", json!({})));
    let inner = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["url"].as_str().unwrap_or("").ends_with("/inner"))
        .unwrap_or_else(|| panic!("no /inner frame in {frames}"))["frameId"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(&g.call(json!(3), "selectFrame", json!({"frameId": inner})));
    let inside = common::ref_of(
        &ok(&g.call(json!(4), "observe", json!({})))["elements"],
        "button",
        "Inside",
    );
    ok(&g.call(json!(5), "selectFrame", json!({"frameId": "main"})));
    ok(&g.call(
        json!(6),
        "click",
        json!({"target": "role=button;name=Fold"}),
    ));
    assert_eq!(
        eval(&mut g, "document.getElementById('panel').style.visibility"),
        "hidden"
    );
    let before = eval(&mut g, "window.mutations");
    let r = ok(&g.call(
        json!(7),
        "reconcileReferences",
        json!({"refs": [save, inside, "e99999"], "fromRevision": from}),
    ));
    let m = r["mappings"].as_array().unwrap();
    assert_eq!(
        (m[0]["old"].as_str(), &m[0]["kind"], &m[0]["reason"]),
        (Some(save.as_str()), &json!("lost"), &json!("hidden")),
        "{r}"
    );
    assert_eq!(
        (&m[1]["kind"], &m[1]["reason"]),
        (&json!("lost"), &json!("otherFrame")),
        "{r}"
    );
    assert_eq!(
        (&m[2]["kind"], &m[2]["reason"]),
        (&json!("lost"), &json!("neverIssued")),
        "{r}"
    );
    assert_eq!(
        (
            r["preserved"].clone(),
            r["relocated"].clone(),
            r["lost"].clone()
        ),
        (json!(0), json!(0), json!(3)),
        "{r}"
    );
    assert_eq!(r["fromRevision"], from, "{r}");
    let now = ok(&g.call(json!(8), "observe", json!({"level": "summary"})))["revision"].clone();
    assert_eq!(r["toRevision"], now, "{r}");
    assert_eq!(
        eval(&mut g, "window.mutations"),
        before,
        "reconcile touched the page"
    );
}

/// A page whose own counters say what a click did, and a button whose name the clicks change.
const COUNTER_PAGE: &str = r#"<title>Counter</title>
<button id="s">0 saved</button>
<nav aria-label="Items"><ul id="list"><li><button>Item 1</button></li><li><button id="two">Item 2</button></li></ul></nav>
<button id="add" onclick="window.adds = (window.adds || 0) + 1; const li = document.createElement('li'); li.innerHTML = '<button>Item ' + (2 + window.adds) + '</button>'; document.getElementById('list').append(li); document.getElementById('s').textContent = window.adds + ' saved'">Add</button>
<button onclick="document.getElementById('two').remove()">Remove</button>
<a href="/next">Next</a>"#;

fn refs(v: &Value) -> Vec<String> {
    common::ref_list(v)
}

/// #30: the first observation of a document is whole; a later one (no arguments) answers only
/// what changed since the client was last told: the added and changed elements as a whole
/// observation shows them, the removed refs, and how many are unchanged, matching what the
/// page itself did. An action tells what it changed in its own result (so the next observation
/// does not tell it again); a change no action told is the next observation's. Every ref left
/// out still works, `full: true` gives the whole page again, and a new document is whole again.
#[test]
fn a_later_observation_of_the_same_document_says_only_what_changed() {
    let web = Server::start(vec![
        ("/", Page::html(COUNTER_PAGE)),
        (
            "/next",
            Page::html("<title>Next</title><button>Elsewhere</button>"),
        ),
    ]);
    let mut g = incognito(&[]);
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/")})));
    let whole = loaded["observation"]["elements"].to_string();
    assert!(
        whole.contains("Item 1") && whole.contains("0 saved"),
        "{whole}"
    );
    // Nothing happened: nothing listed, everything unchanged.
    let same = ok(&g.call(json!(2), "observe", json!({})));
    assert_eq!(same["elements"], json!([]), "{same}");
    let unchanged = same["delta"]["unchanged"].as_u64().unwrap();
    assert!(unchanged >= 5, "{same}");
    assert_eq!(same["delta"]["since"], loaded["revision"], "{same}");
    let nav = loaded["observation"]["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["role"] == "navigation")
        .unwrap_or_else(|| panic!("no navigation region: {loaded}"))
        .clone();
    let item1 = whole_ref(&loaded["observation"]["elements"], "Item 1");
    let item2 = whole_ref(&loaded["observation"]["elements"], "Item 2");
    // A click that adds a row and changes the status says so itself: the new button in the
    // Items navigation (by the region's ref), the status as it reads now.
    let add = ok(&g.call(json!(3), "click", json!({"target": "role=button;name=Add"})));
    assert_eq!(eval(&mut g, "window.adds"), 1);
    let c = &add["changes"];
    assert_eq!(c["since"], same["revision"], "{add}");
    let added = c["added"].as_array().unwrap_or_else(|| panic!("{add}"));
    assert_eq!(added.len(), 1, "{add}");
    assert_eq!(
        (&added[0]["name"], &added[0]["in"]),
        (&json!("Item 3"), &nav["ref"]),
        "{add}"
    );
    assert!(c["changed"].to_string().contains("1 saved"), "{add}");
    assert_eq!(add["untrustedFields"], json!(["changes"]), "{add}");
    // One that removes a row names the ref that went (Item 2's).
    let remove = ok(&g.call(
        json!(4),
        "click",
        json!({"target": "role=button;name=Remove"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('#list button').length"),
        2
    );
    assert_eq!(remove["changes"]["removed"], json!([item2]), "{remove}");
    assert!(remove["changes"].get("added").is_none(), "{remove}");
    // Told already: the next observation has nothing to add.
    let after = ok(&g.call(json!(5), "observe", json!({})));
    assert_eq!(after["elements"], json!([]), "{after}");
    // A change no action told (the page's own script) is the next observation's.
    eval(
        &mut g,
        "document.getElementById('add').click(), document.getElementById('list').children.length",
    );
    assert_eq!(eval(&mut g, "window.adds"), 2);
    let d = ok(&g.call(json!(6), "observe", json!({})));
    let listed = d["elements"].to_string();
    assert!(
        listed.contains("Item 4") && listed.contains("2 saved"),
        "{d}"
    );
    assert!(
        !listed.contains("Item 1") && !listed.contains("Next"),
        "{d}"
    );
    assert_eq!(refs(&d["delta"]["added"]).len(), 1, "{d}");
    assert!(refs(&d["delta"]["removed"]).is_empty(), "{d}");
    assert!(!refs(&d["delta"]["changed"]).is_empty(), "{d}");
    let listed_refs: Vec<String> = d["elements"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["ref"].as_str().map(str::to_owned))
        .collect();
    for r in refs(&d["delta"]["added"])
        .iter()
        .chain(&refs(&d["delta"]["changed"]))
    {
        assert!(listed_refs.contains(r), "{r} not listed: {d}");
    }
    let added = d["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Item 4")
        .unwrap();
    assert_eq!(added["in"], nav["ref"], "{d}");
    // A ref no delta listed again (Item 1's) still works.
    ok(&g.call(json!(7), "click", json!({"target": item1})));
    // The whole page again on request: every element, no delta.
    let full = ok(&g.call(json!(8), "observe", json!({"full": true})));
    assert!(full.get("delta").is_none(), "{full}");
    let all = full["elements"].to_string();
    assert!(
        all.contains("Item 1") && all.contains("Item 4") && all.contains("Next"),
        "{all}"
    );
    // A new document: whole again, and the action that opened it tells no changes of the
    // old one.
    let next = ok(&g.call(json!(9), "click", json!({"target": "role=link;name=Next"})));
    assert!(next.get("changes").is_none(), "{next}");
    let next = ok(&g.call(json!(10), "observe", json!({})));
    assert!(next.get("delta").is_none(), "{next}");
    assert!(next["elements"].to_string().contains("Elsewhere"), "{next}");
}

/// #30 part 3: an action's result tells what it changed within about a kilobyte; a click that
/// changed nothing says so, text no element shows is flagged, and what a large change could
/// not tell is the next observation's (nothing is lost between the two). Checked against what
/// the page itself did.
#[test]
fn an_action_tells_what_it_changed_in_a_kilobyte_and_leaves_the_rest_to_observe() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Rows</title>
<form onsubmit="event.preventDefault(); const e = document.getElementById('err'); e.textContent = this.q.value ? '' : 'Name is required'; window.submits = (window.submits || 0) + 1">
<label>Name <input name="q"></label><button>Save</button><div role="alert" id="err"></div></form>
<button onclick="window.nothing = (window.nothing || 0) + 1">Nothing</button>
<button onclick="document.getElementById('note').textContent = 'Printed ' + (++window.prints)">Print</button>
<p id="note">Not printed</p>
<button onclick="for (let i = 0; i < 60; i++) { const b = document.createElement('button'); b.textContent = 'Row number ' + i + ' of the loaded results'; document.getElementById('rows').append(b); } document.getElementById('st').textContent = 'Loaded 60 rows'">Load</button>
<div id="rows"></div>
<button onclick="document.getElementById('dlg').showModal()">Open</button>
<dialog id="dlg"><p>Sure?</p><button onclick="window.shut = (window.shut || 0) + 1; this.closest('dialog').close()">Close</button></dialog>
<p role="status" id="st"></p>
<script>window.prints = 0</script>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    ok(&g.call(json!(1), "navigate", json!({"url": web.url("/")})));
    // A validation message appears: the alert, with its text, in the action's own result.
    let save = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save"}),
    ));
    assert_eq!(eval(&mut g, "window.submits"), 1);
    let added = save["changes"]["added"].to_string();
    assert!(
        added.contains(r#""role":"alert""#) && added.contains("Name is required"),
        "{save}"
    );
    // A click that changed nothing says so (and quotes nothing from the page).
    let nothing = ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Nothing"}),
    ));
    assert_eq!(eval(&mut g, "window.nothing"), 1);
    let c = nothing["changes"].as_object().unwrap();
    assert_eq!(
        c.keys().collect::<Vec<_>>(),
        ["since", "unchanged"],
        "{nothing}"
    );
    assert!(nothing.get("untrustedFields").is_none(), "{nothing}");
    // Text no listed element shows changed: flagged, so it is not taken for nothing.
    let print = ok(&g.call(
        json!(4),
        "click",
        json!({"target": "role=button;name=Print"}),
    ));
    assert_eq!(eval(&mut g, "window.prints"), 1);
    assert_eq!(print["changes"]["textChanged"], true, "{print}");
    // Sixty rows and a status line after them: about a kilobyte told, the status line first
    // (what a person reads as the effect, though it comes last on the page), the rest counted,
    // and the next observation lists exactly the rest.
    let load = ok(&g.call(
        json!(5),
        "click",
        json!({"target": "role=button;name=Load"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('#rows button').length"),
        60
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('st').textContent"),
        "Loaded 60 rows"
    );
    let c = &load["changes"];
    let bytes = c.to_string().len();
    assert!(bytes <= 1100, "{bytes} bytes: {load}");
    let added = c["added"].as_array().cloned().unwrap_or_default();
    assert_eq!(added[0]["role"], "status", "{load}");
    assert!(added[0].to_string().contains("Loaded 60 rows"), "{load}");
    let told = added.iter().filter(|e| e["role"] == "button").count() as u64;
    let more = c["more"].as_u64().unwrap_or(0);
    assert!(told >= 5 && more > 0, "{load}");
    assert_eq!(told + more, 60, "{load}");
    let next = ok(&g.call(json!(6), "observe", json!({})));
    assert_eq!(refs(&next["delta"]["added"]).len() as u64, more, "{next}");
    let first_untold = format!("Row number {told} of");
    assert!(
        next["elements"].to_string().contains(&first_untold),
        "{next}"
    );
    // A modal hides the page behind it (gone from the observation); closed, that page comes
    // back as it was, by ref only.
    let open = ok(&g.call(
        json!(7),
        "click",
        json!({"target": "role=button;name=Open"}),
    ));
    assert_eq!(eval(&mut g, "document.getElementById('dlg').open"), true);
    let hidden = refs(&open["changes"]["removed"]).len();
    assert!(hidden > 60, "{open}");
    // Written as runs of refs: the page behind is a few entries, not one per element.
    let written = open["changes"]["removed"].as_array().map_or(0, Vec::len);
    assert!(written * 4 < hidden, "{open}");
    assert!(
        open["changes"]["added"]
            .to_string()
            .contains(r#""role":"dialog""#),
        "{open}"
    );
    let close = ok(&g.call(
        json!(8),
        "click",
        json!({"target": "role=button;name=Close"}),
    ));
    assert_eq!(eval(&mut g, "window.shut"), 1);
    let back = refs(&close["changes"]["back"]).len();
    assert!(back > 60, "{close}");
    assert!(
        close["changes"]["back"].as_array().map_or(0, Vec::len) * 4 < back,
        "{close}"
    );
    assert!(close["changes"].get("added").is_none(), "{close}");
}

/// #30: a toast is told once, whole. Two toasters over each other announcing one toast (as
/// Prefect's UI has) are one announcement; the message inside it is not told again as text
/// (its Close button still is); the same words announced in two places (a "Required" under each
/// field) are both told.
#[test]
fn an_announcement_is_told_once_with_its_words() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Toasts</title>
<style>.toaster { position: fixed; right: 8px; bottom: 8px; width: 260px; }</style>
<label>Name <input id="n"></label><div aria-live="polite" class="req"></div>
<label>City <input id="c"></label><div aria-live="polite" class="req"></div>
<button onclick="window.saves = (window.saves || 0) + 1; for (const t of document.querySelectorAll('.toaster')) t.innerHTML = '<div><p>Variable saved</p><button>Close</button></div>'; for (const r of document.querySelectorAll('.req')) r.textContent = 'This field is required'">Save</button>
<div aria-live="assertive" class="toaster"></div><div aria-live="assertive" class="toaster"></div>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    ok(&g.call(json!(1), "navigate", json!({"url": web.url("/")})));
    let save = ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Save"}),
    ));
    assert_eq!(eval(&mut g, "window.saves"), 1);
    // The page shows the toast in both toasters, and the message under both fields.
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelectorAll('.toaster p')].filter((p) => p.checkVisibility()).length"
        ),
        2
    );
    let added = save["changes"]["added"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let live: Vec<&Value> = added.iter().filter(|e| e["live"] == true).collect();
    let toasts: Vec<&&Value> = live
        .iter()
        .filter(|e| {
            e["text"]
                .as_str()
                .is_some_and(|t| t.contains("Variable saved"))
        })
        .collect();
    assert_eq!(toasts.len(), 1, "{save}");
    assert_eq!(toasts[0]["text"], "Variable saved Close", "{save}");
    // Told first: what the page announces is what a person reads as the click's effect.
    assert_eq!(added[0]["live"], true, "{save}");
    assert!(
        !added
            .iter()
            .any(|e| e["role"] == "text" && e["live"] != true && e["text"] == "Variable saved"),
        "the toast's message is told again as text: {save}"
    );
    assert!(
        added
            .iter()
            .any(|e| e["role"] == "button" && e["name"] == "Close"),
        "{save}"
    );
    let required = live
        .iter()
        .filter(|e| e["text"] == "This field is required")
        .count();
    assert_eq!(required, 2, "{save}");
}

/// The ref of the button named `name` in a whole observation's tree.
fn whole_ref(elements: &Value, name: &str) -> String {
    fn walk(list: &Value, name: &str) -> Option<String> {
        for e in list.as_array()? {
            if e["name"] == name && e["role"] == "button" {
                return e["ref"].as_str().map(str::to_owned);
            }
            if let Some(r) = walk(&e["children"], name) {
                return Some(r);
            }
        }
        None
    }
    walk(elements, name).unwrap_or_else(|| panic!("no {name} in {elements}"))
}
