//! `executeTask` through the real binary against real Chromium: a Task Protocol v1 task is
//! compiled, reconciled with the live page, run through the verified actions and its
//! postconditions checked; checked on the page's own record of what was filled and ordered.

use crate::common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok, temp_dir};
use serde_json::{Value, json};
use std::path::Path;

/// A checkout form titled by the heading above it; its submit handler records an order only
/// when every required field is filled, else marks the missing ones invalid with an alert.
const CHECKOUT: &str = r#"<title>Checkout</title>
<script>window.orders = [];</script>
<main>
<h2>Checkout</h2>
<form id="f" novalidate onsubmit="event.preventDefault(); place()">
<label>Full name <input name="name" required></label>
<label>Email <input name="email" type="email" required></label>
<label>Card number <input name="card" required></label>
<label><input type="checkbox" name="terms" required> I accept the terms</label>
<p id="err" role="alert"></p>
<button>Place order</button>
</form>
<section aria-label="Help"><a href="/help">Help center</a></section>
</main>
<script>
function place() {
  const f = document.getElementById('f');
  const bad = [...f.elements].filter((e) => e.name && e.required && (e.type === 'checkbox' ? !e.checked : !e.value));
  for (const e of f.elements) e.removeAttribute('aria-invalid');
  bad.forEach((e) => e.setAttribute('aria-invalid', 'true'));
  document.getElementById('err').textContent = bad.length ? 'Please fill in ' + bad.map((e) => e.name).join(', ') : '';
  if (!bad.length) orders.push(Object.fromEntries(new FormData(f)));
}
</script>"#;

fn server() -> Server {
    Server::start(vec![("/", Page::html(CHECKOUT))])
}

fn task(family: &str, scope: Value, inputs: Value, risk: &str, post: Value) -> Value {
    json!({"schemaVersion": 1, "task": family, "scope": scope, "inputs": inputs,
           "limits": {"maxActions": 16, "timeoutMs": 5000, "maxItems": 128},
           "risk": risk, "ambiguity": "fail", "revision": "compatible", "postconditions": post})
}

/// The checkout's submit, with a validationClear postcondition.
fn checkout_submit() -> Value {
    json!({"task": task(
        "form.submit",
        json!({"regionName": "Checkout"}),
        json!({"submit": "Place order"}),
        "remoteIrreversible",
        json!([{"kind": "validationClear"}]),
    )})
}

fn execute(g: &mut Glass, args: Value) -> Value {
    g.call(json!("t"), "executeTask", args)
}

/// A task the policy confirms: asked once (confirmationRequired, nothing done), then run with
/// the token it gave. The confirmed answer.
fn execute_confirmed(g: &mut Glass, args: Value) -> Value {
    let f = failed(&execute(g, args.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    let mut confirmed = args;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    ok(&execute(g, confirmed))
}

/// The checkout filled by form.fill and placed by a confirmed form.submit, both completed.
fn place_an_order(g: &mut Glass) {
    let fill = task(
        "form.fill",
        json!({"regionName": "Checkout"}),
        json!({"Full name": "Ada", "email": "ada@example.test", "Card number": "4242 4242",
               "I accept the terms": "true"}),
        "localMutation",
        json!([]),
    );
    assert_eq!(
        ok(&execute(g, json!({"task": fill})))["status"],
        "completed"
    );
    assert_eq!(
        execute_confirmed(g, checkout_submit())["status"],
        "completed"
    );
}

fn field(g: &mut Glass, name: &str) -> Value {
    eval(
        g,
        &format!(
            "document.querySelector('[name={name}]').type === 'checkbox' ? document.querySelector('[name={name}]').checked : document.querySelector('[name={name}]').value"
        ),
    )
}

/// form.fill fills the fields its inputs name (labels or field names) in the scope the
/// heading titles; form.submit asks for a token first (an irreversible submit), then places
/// the order, and its validationClear postcondition holds with the evidence.
#[test]
fn fill_then_submit_with_a_confirmation_and_a_clear_form() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let fill = task(
        "form.fill",
        json!({"regionName": "Checkout"}),
        json!({"Full name": "Ada Lovelace", "email": "ada@example.test", "Card number": "4242 4242",
               "I accept the terms": "true"}),
        "localMutation",
        json!([]),
    );
    let r = ok(&execute(&mut g, json!({"task": fill})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["steps"][1]["operation"], "fillInputs", "{r}");
    assert!(r["steps"][1]["executionId"].is_string(), "{r}");
    assert!(
        !r.to_string().contains("4242"),
        "input values are never echoed: {r}"
    );
    assert_eq!(field(&mut g, "name"), "Ada Lovelace");
    assert_eq!(field(&mut g, "card"), "4242 4242");
    assert_eq!(field(&mut g, "terms"), true);
    assert_eq!(eval(&mut g, "orders.length"), 0);

    let submit = checkout_submit();
    let f = failed(&execute(&mut g, submit.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert!(
        f["summary"].as_str().unwrap().contains("form.submit"),
        "{f}"
    );
    assert_eq!(eval(&mut g, "orders.length"), 0);
    let mut confirmed = submit;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let r = ok(&execute(&mut g, confirmed));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["postconditions"][0]["kind"], "validationClear", "{r}");
    assert_eq!(r["postconditions"][0]["holds"], true, "{r}");
    assert_eq!(
        eval(&mut g, "orders"),
        json!([{"name": "Ada Lovelace", "email": "ada@example.test", "card": "4242 4242", "terms": "on"}])
    );
}

/// A submit the page rejects: the action ran, the validationClear postcondition does not
/// hold, and the answer says so with what was seen; no order. form.validate fails on that
/// form and completes once the page cleared its marks.
#[test]
fn a_validation_error_is_a_failed_postcondition() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = execute_confirmed(&mut g, checkout_submit());
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    assert_eq!(r["steps"][1]["outcome"], "ok", "{r}");
    let check = &r["postconditions"][0];
    assert_eq!(check["holds"], false, "{r}");
    assert!(check["observed"].to_string().contains("invalid"), "{r}");
    assert_eq!(eval(&mut g, "orders.length"), 0);
    assert_eq!(
        eval(
            &mut g,
            "document.getElementById('err').textContent.startsWith('Please fill in')"
        ),
        true
    );
    // form.validate reads the same: the form the page marked invalid fails it, with the
    // evidence; once the order is placed (the page clears its marks) it completes.
    let validate = json!({"task": task(
        "form.validate",
        json!({"regionName": "Checkout"}),
        json!({}),
        "readOnly",
        json!([]),
    )});
    let r = ok(&execute(&mut g, validate.clone()));
    assert_eq!(r["status"], "failed", "{r}");
    assert_eq!(r["failure"]["satisfied"], false, "{r}");
    assert!(
        r["failure"]["checks"].to_string().contains("invalid"),
        "{r}"
    );
    place_an_order(&mut g);
    assert_eq!(
        eval(&mut g, "document.querySelectorAll('[aria-invalid]').length"),
        0
    );
    let r = ok(&execute(&mut g, validate));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["read"]["checks"][0]["holds"], true, "{r}");
}

/// A scope or input the page does not have is refused with the path to change, before any
/// field is touched; so is a task that is not valid Task Protocol v1.
#[test]
fn a_task_that_does_not_match_the_page_is_refused_before_any_input() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let cases = [
        (
            json!({"regionName": "Shipping"}),
            json!({"Full name": "Ada"}),
            "scope.regionName",
        ),
        (
            json!({"regionName": "Checkout"}),
            json!({"Full name": "Ada", "Phone": "1"}),
            "inputs.Phone",
        ),
    ];
    for (scope, inputs, path) in cases {
        let f = failed(&execute(
            &mut g,
            json!({"task": task("form.fill", scope, inputs, "localMutation", json!([]))}),
        ));
        assert_eq!(f["kind"], "taskReconciliation", "{f}");
        assert_eq!(f["path"], path, "{f}");
    }
    assert_eq!(field(&mut g, "name"), "");
    let f = failed(&execute(
        &mut g,
        json!({"task": task("form.fill", json!({"regionName": "Checkout"}), json!({}), "localMutation", json!([]))}),
    ));
    assert_eq!(f["kind"], "taskValidation", "{f}");
    assert_eq!(f["path"], "inputs", "{f}");
    // Read-only families run without a token and report what they read.
    let r = ok(&execute(
        &mut g,
        json!({"task": task("form.inspect", json!({"regionName": "Checkout"}), json!({}), "readOnly", json!([]))}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    let names: Vec<&str> = r["read"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Full name", "Email", "Card number", "I accept the terms"],
        "{r}"
    );
}

/// Three server pages of one order table, each with a Next link but the last.
fn paged_server() -> Server {
    let page = |n: usize| {
        let rows: String = (1..=10)
            .map(|i| {
                let id = (n - 1) * 10 + i;
                format!("<tr><td>{id}</td><td>Order {id}</td><td>${id}.50</td></tr>")
            })
            .collect();
        let next = if n < 3 {
            format!(r#"<a href="/p{}">Next</a>"#, n + 1)
        } else {
            String::new()
        };
        Page::html(&format!(
            r#"<title>Orders {n}</title><main aria-label="Order list"><h1>Orders</h1>
<table><tr><th>Id</th><th>Item</th><th>Total</th></tr>{rows}</table>
<nav aria-label="Pages"><a href="/p{n}">Page {n}</a> {next}</nav></main>"#
        ))
    };
    Server::start(vec![("/p1", page(1)), ("/p2", page(2)), ("/p3", page(3))])
}

/// pagination.collect reads the table, follows Next page after page, and stops at the last
/// page (or at maxItems): every row once, in order, as the server's pages hold them.
#[test]
fn pagination_collect_reads_every_page_once() {
    let web = paged_server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/p1");
    let mut collect = task(
        "pagination.collect",
        json!({"regionName": "Order list"}),
        json!({"next": "Next"}),
        "localMutation",
        json!([{"kind": "recordsExtracted", "expected": "30"}]),
    );
    let r = ok(&execute(&mut g, json!({"task": collect.clone()})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["read"]["pages"], 3, "{r}");
    assert_eq!(r["read"]["columns"], json!(["Id", "Item", "Total"]));
    let items: Vec<String> = r["read"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[1].as_str().unwrap().to_owned())
        .collect();
    let want: Vec<String> = (1..=30).map(|i| format!("Order {i}")).collect();
    assert_eq!(items, want);
    assert_eq!(r["postconditions"][0]["holds"], true, "{r}");
    assert_eq!(eval(&mut g, "location.pathname"), "/p3");
    // maxItems stops it early: two pages read, on the second.
    nav(&mut g, &web, "/p1");
    collect["limits"]["maxItems"] = json!(12);
    collect["postconditions"][0]["expected"] = json!("12");
    let r = ok(&execute(&mut g, json!({"task": collect.clone()})));
    assert_eq!(r["read"]["rows"].as_array().unwrap().len(), 12, "{r}");
    assert_eq!(r["read"]["rows"][11][1], "Order 12", "{r}");
    assert_eq!(r["read"]["pages"], 2, "{r}");
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(eval(&mut g, "location.pathname"), "/p2");
    // maxActions bounds the pages: two read, the third never asked of the server.
    nav(&mut g, &web, "/p1");
    let third = web.count("/p3");
    collect["limits"]["maxItems"] = json!(50);
    collect["limits"]["maxActions"] = json!(2);
    collect["postconditions"][0]["expected"] = json!("20");
    let r = ok(&execute(&mut g, json!({"task": collect})));
    assert_eq!(r["read"]["pages"], 2, "{r}");
    assert_eq!(r["read"]["rows"].as_array().unwrap().len(), 20, "{r}");
    assert_eq!(web.count("/p3"), third, "the third page was asked for");
}

/// A completed task teaches what it acted on (the submit button, in the checkout's scope), and
/// a task whose postcondition failed counts as a failure; nothing typed is kept.
#[test]
fn tasks_teach_what_they_acted_on() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    // Submitted empty: the validation error fails the postcondition.
    assert_eq!(
        execute_confirmed(&mut g, checkout_submit())["status"],
        "postconditionFailed"
    );
    place_an_order(&mut g);
    assert_eq!(eval(&mut g, "orders.length"), 1);
    let list = ok(&g.call(json!("k"), "knowledgeList", json!({"origin": web.url("")})));
    let records = list["records"].as_array().unwrap();
    let submit = records
        .iter()
        .find(|r| r["intent"] == "form.submit")
        .unwrap_or_else(|| panic!("{list}"));
    assert_eq!(submit["role"], "button");
    assert_eq!(submit["name"], "Place order");
    assert_eq!(
        (submit["successes"].clone(), submit["failures"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(submit["region"], "form:checkout", "{submit}");
    assert!(!list.to_string().contains("4242"), "{list}");
}

// Needs, beside the file's imports: `use std::path::Path;` and `temp_dir` from `common`.

/// A hub: tabs, a menu button, a help region with two links to one page and a Next link;
/// the page's own `log` records what was pressed.
const HUB: &str = r#"<title>Hub</title><script>window.log = [];</script>
<main aria-label="Hub"><h1>Hub</h1>
<div role="tablist" aria-label="Views">
<button role="tab" aria-selected="true" onclick="pick(this)">Summary</button>
<button role="tab" aria-selected="false" onclick="pick(this)">Details</button></div>
<div id="panel">Summary panel</div>
<button aria-haspopup="menu" aria-expanded="false" onclick="openMenu(this)">Actions</button>
<ul id="menu" role="menu" hidden><li role="menuitem">Rename</li></ul>
<section aria-label="Help"><a href="/docs">Read the docs</a> <a href="/docs">Docs again</a> <a href="/next">Next</a></section>
</main>
<script>
function pick(t) {
  for (const x of document.querySelectorAll('[role=tab]')) x.setAttribute('aria-selected', x === t ? 'true' : 'false');
  document.getElementById('panel').textContent = t.textContent + ' panel';
  log.push('tab:' + t.textContent);
}
function openMenu(b) { b.setAttribute('aria-expanded', 'true'); document.getElementById('menu').hidden = false; log.push('menu'); }
</script>"#;

fn hub() -> Server {
    Server::start(vec![
        ("/", Page::html(HUB)),
        (
            "/docs",
            Page::html("<title>Docs</title><p>Documentation</p>"),
        ),
        (
            "/next",
            Page::html("<title>Page 2</title><p>Second page</p>"),
        ),
    ])
}

/// `executeTask` with a progress token: the notifications before the answer, and the answer.
fn execute_with_progress(g: &mut Glass, args: Value) -> (Vec<Value>, Value) {
    g.call_with_progress("executeTask", args)
}

// Covers: T2 expectedRevision, T3 task, T8 risk, T9 scope, T18 revision, T28 navigation.follow
// (by url, then by scope.entityName), T29 selectTab, T30 openMenu, T31 pagination.next, T34
// ambiguity requireConfirmation, T38 navigationOccurred, T40 regionPresent, T47 progress —
// each checked on the page's own log/state and the server's request log.
#[test]
fn navigation_families_act_on_the_control_they_name() {
    let web = hub();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let tab = task(
        "navigation.selectTab",
        json!({"regionName": "Hub"}),
        json!({"tab": "Details"}),
        "localMutation",
        json!([{"kind": "regionPresent", "expected": "Details panel"}]),
    );
    // A stale expectedRevision: refused before anything is pressed.
    let revision = common::observe(&mut g, json!({}))["revision"]
        .as_u64()
        .unwrap();
    let f = failed(&execute(
        &mut g,
        json!({"task": tab, "expectedRevision": revision + 100}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["failureKind"].as_str()),
        (Some("contract"), Some("staleRevision")),
        "{f}"
    );
    assert_eq!(eval(&mut g, "log"), json!([]));
    // selectTab, followed through its progress: reconciled first, done last, Glass's words.
    let (notes, answer) = execute_with_progress(&mut g, json!({"task": tab}));
    let r = ok(&answer);
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(
        (r["task"].as_str(), r["risk"].as_str()),
        (Some("navigation.selectTab"), Some("localMutation")),
        "{r}"
    );
    assert_eq!(
        (r["scope"]["role"].as_str(), r["scope"]["name"].as_str()),
        (Some("main"), Some("Hub")),
        "{r}"
    );
    assert_eq!(r["postconditions"][0]["holds"], true, "{r}");
    assert_eq!(
        r["revision"],
        common::observe(&mut g, json!({}))["revision"],
        "{r}"
    );
    assert!(!notes.is_empty(), "no progress");
    assert!(
        notes
            .iter()
            .all(|n| n["method"] == "notifications/progress" && !n.to_string().contains("Details")),
        "{notes:?}"
    );
    let first = &notes[0]["params"];
    assert_eq!(
        (&first["progress"], &first["total"]),
        (&json!(1), &json!(3)),
        "{notes:?}"
    );
    assert!(
        first["message"].as_str().unwrap().starts_with("reconciled"),
        "{notes:?}"
    );
    let last = &notes[notes.len() - 1]["params"];
    assert_eq!(
        (&last["progress"], &last["total"], &last["message"]),
        (&json!(3), &json!(3), &json!("done")),
        "{notes:?}"
    );
    assert_eq!(eval(&mut g, "log"), json!(["tab:Details"]));
    assert_eq!(
        eval(
            &mut g,
            "document.querySelector('[role=tab][aria-selected=true]').textContent"
        ),
        "Details"
    );
    // openMenu: the button that opens the menu; the menu's item then shows.
    let menu = task(
        "navigation.openMenu",
        json!({"regionName": "Hub"}),
        json!({"menu": "Actions"}),
        "localMutation",
        json!([{"kind": "regionPresent", "expected": "Rename"}]),
    );
    let r = ok(&execute(&mut g, json!({"task": menu})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(eval(&mut g, "log"), json!(["tab:Details", "menu"]));
    // ambiguity requireConfirmation: a local change asks first, and nothing is pressed.
    let mut again = task(
        "navigation.selectTab",
        json!({"regionName": "Hub"}),
        json!({"tab": "Summary"}),
        "localMutation",
        json!([]),
    );
    again["ambiguity"] = json!("requireConfirmation");
    let f = failed(&execute(&mut g, json!({"task": again.clone()})));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert_eq!(eval(&mut g, "log"), json!(["tab:Details", "menu"]));
    let r = ok(&execute(
        &mut g,
        json!({"task": again, "confirmToken": f["confirmToken"]}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(
        eval(&mut g, "log"),
        json!(["tab:Details", "menu", "tab:Summary"])
    );
    // navigation.follow: two links go to /docs, so the url alone names none; the entity's
    // name picks one. Nothing is requested before.
    let follow = |scope: Value| {
        task(
            "navigation.follow",
            scope,
            json!({"url": "/docs"}),
            "localMutation",
            json!([{"kind": "navigationOccurred"}]),
        )
    };
    let f = failed(&execute(
        &mut g,
        json!({"task": follow(json!({"regionName": "Help"}))}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("taskReconciliation"), Some("inputs.url")),
        "{f}"
    );
    assert_eq!(web.count("/docs"), 0);
    let r = ok(&execute(
        &mut g,
        json!({"task": follow(json!({"regionName": "Help", "entityKind": "link", "entityName": "Read the docs"}))}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["postconditions"][0]["holds"], true, "{r}");
    assert_eq!(web.count("/docs"), 1);
    assert_eq!(eval(&mut g, "location.pathname"), "/docs");
    // pagination.next: the next control, followed.
    nav(&mut g, &web, "/");
    let next = task(
        "pagination.next",
        json!({"regionName": "Help"}),
        json!({"next": "Next"}),
        "localMutation",
        json!([{"kind": "navigationOccurred"}]),
    );
    let r = ok(&execute(&mut g, json!({"task": next})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(web.count("/next"), 1);
    assert_eq!(eval(&mut g, "document.title"), "Page 2");
}

/// A ledger (a content page: one table among links, a note, a filled profile form and two open
/// dialogs whose buttons record the page's answer).
const LEDGER: &str = r#"<title>Ledger</title><script>window.choice = null; window.left = null;</script>
<main aria-label="Ledger"><h1>Ledger</h1>
<table><thead><tr><th>Id</th><th>Item</th></tr></thead><tbody id="rows"></tbody></table>
<script>document.getElementById('rows').innerHTML = Array.from({length: 6}, (_, i) => `<tr><td>${i + 1}</td><td>Item ${i + 1}</td></tr>`).join('');</script>
<section aria-label="Help"><ul aria-label="Links"><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul></section>
<section aria-label="Note"><p>Closed on Sundays.</p></section>
<form aria-label="Profile"><label>Full name <input name="name" value="Ada Lovelace"></label>
<label>Email <input name="email" value="ada@example.test"></label></form>
</main>
<div role="dialog" aria-label="Cookie choices"><p>Keep cookies?</p>
<button onclick="choice = 'accept'">Accept</button><button onclick="choice = 'cancel'">Cancel</button></div>
<div role="dialog" aria-label="Leave page"><p>Leave?</p>
<button onclick="left = 'leave'">Leave</button><button onclick="left = 'cancel'">Cancel</button></div>"#;

// Covers: T13 dialog.inspect, T14 table/collection/region.extract reads, T15 field.read (only
// that field), T42 pageKind (held and failed, with what was seen), T43 recordsExtracted,
// T51 dialog.confirm / dialog.cancel on HTML dialogs (the page's own record), and the
// reconciliation refusal of a dialog task with two dialogs open.
#[test]
fn read_families_read_what_the_page_holds_and_dialog_families_press_its_button() {
    let web = Server::start(vec![("/", Page::html(LEDGER))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let cells = eval(
        &mut g,
        "[...document.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))",
    );
    let links = eval(
        &mut g,
        "[...document.querySelectorAll('ul[aria-label=Links] a')].map((a) => ({text: a.textContent, url: a.href}))",
    );
    let note = eval(
        &mut g,
        "document.querySelector('section[aria-label=Note]').innerText.trim()",
    );
    let email = eval(&mut g, "document.querySelector('[name=email]').value");
    let dialogs = eval(
        &mut g,
        "[...document.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label'))",
    );
    let run = |g: &mut Glass, family: &str, scope: Value, inputs: Value, post: Value| {
        ok(&execute(
            g,
            json!({"task": task(family, scope, inputs, "readOnly", post)}),
        ))
    };
    // table.extract: the scope's one table, every row as the page holds it.
    let r = run(
        &mut g,
        "table.extract",
        json!({"regionName": "Ledger"}),
        json!({}),
        json!([{"kind": "recordsExtracted", "expected": "6"}, {"kind": "pageKind", "expected": "content"},
               {"kind": "regionPresent", "expected": "Ledger"}]),
    );
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["read"]["columns"], json!(["Id", "Item"]), "{r}");
    assert_eq!(r["read"]["rows"], cells, "{r}");
    assert!(
        r["postconditions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["holds"] == true),
        "{r}"
    );
    // A kind the page is not: the read stands, the postcondition fails with what was seen.
    let r = run(
        &mut g,
        "table.extract",
        json!({"regionName": "Ledger"}),
        json!({}),
        json!([{"kind": "pageKind", "expected": "login"}]),
    );
    assert_eq!(r["status"], "postconditionFailed", "{r}");
    assert_eq!(
        r["postconditions"][0]["observed"],
        json!({"kind": "content"}),
        "{r}"
    );
    // collection.extract, region.extract, field.read.
    let r = run(
        &mut g,
        "collection.extract",
        json!({"regionName": "Help", "entityKind": "collection", "entityName": "Links"}),
        json!({}),
        json!([]),
    );
    assert_eq!(r["read"], links, "{r}");
    let r = run(
        &mut g,
        "region.extract",
        json!({"regionName": "Note"}),
        json!({}),
        json!([]),
    );
    assert_eq!(r["read"], note, "{r}");
    let r = run(
        &mut g,
        "field.read",
        json!({"regionName": "Profile"}),
        json!({"field": "Email"}),
        json!([]),
    );
    assert_eq!(r["read"], email, "{r}");
    assert!(
        !r.to_string().contains("Ada Lovelace"),
        "only the field asked for is read: {r}"
    );
    // dialog.inspect: the dialogs the page shows; no JavaScript dialog.
    let r = run(
        &mut g,
        "dialog.inspect",
        json!({"entityKind": "dialog"}),
        json!({}),
        json!([]),
    );
    let names: Vec<Value> = r["read"]["dialogs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].clone())
        .collect();
    assert_eq!(Value::Array(names), dialogs, "{r}");
    assert_eq!(r["read"]["javascriptDialog"], Value::Null, "{r}");
    // dialog.confirm needs one dialog: with two open and none named, nothing is pressed.
    let dialog_task = |family: &str, scope: Value| json!({"task": task(family, scope, json!({}), "remoteReversible", json!([]))});
    let f = failed(&execute(
        &mut g,
        dialog_task("dialog.confirm", json!({"entityKind": "dialog"})),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("taskReconciliation"), Some("scope")),
        "{f}"
    );
    assert_eq!(eval(&mut g, "choice"), Value::Null);
    let r = ok(&execute(
        &mut g,
        dialog_task("dialog.confirm", json!({"regionName": "Cookie choices"})),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(eval(&mut g, "choice"), "accept");
    let r = ok(&execute(
        &mut g,
        dialog_task("dialog.cancel", json!({"regionName": "Leave page"})),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(eval(&mut g, "left"), "cancel");
}

/// A sign-in form titled by its legend; a password field the default policy confirms; a
/// disabled field; two regions of one name.
const LOGIN: &str = r#"<title>Sign in</title>
<form onsubmit="event.preventDefault()"><fieldset><legend>Account access</legend>
<label>User <input name="user"></label>
<label>Password <input name="pw" type="password"></label>
<label>Code <input name="code" disabled></label>
<button>Sign in</button></fieldset></form>
<section aria-label="Notes"><p>One</p></section><section aria-label="Notes"><p>Two</p></section>"#;

// Covers: T6 status failed (nothing went out), T11 failure, T21 scope by legend, T24 ambiguous
// scope, T35 one token for a password fill, T46 taskCompilation — checked on the fields' own
// values.
#[test]
fn a_password_fill_is_confirmed_once_and_bad_tasks_are_refused_before_input() {
    let web = Server::start(vec![("/", Page::html(LOGIN))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let value = |g: &mut Glass, name: &str| {
        eval(g, &format!("document.querySelector('[name={name}]').value"))
    };
    let fill = task(
        "form.fill",
        json!({"regionName": "Account access"}),
        json!({"User": "ada", "Password": "canary-pw-5"}),
        "localMutation",
        json!([]),
    );
    let f = failed(&execute(&mut g, json!({"task": fill.clone()})));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    assert!(f["summary"].as_str().unwrap().contains("password"), "{f}");
    assert_eq!(
        (value(&mut g, "user"), value(&mut g, "pw")),
        (json!(""), json!(""))
    );
    let r = ok(&execute(
        &mut g,
        json!({"task": fill, "confirmToken": f["confirmToken"]}),
    ));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(
        (value(&mut g, "user"), value(&mut g, "pw")),
        (json!("ada"), json!("canary-pw-5"))
    );
    assert!(!r.to_string().contains("canary-pw-5"), "{r}");
    // A disabled field takes nothing: the task failed, nothing went out, the page is unchanged.
    let code = task(
        "form.fill",
        json!({"regionName": "Account access"}),
        json!({"Code": "123"}),
        "localMutation",
        json!([]),
    );
    let r = ok(&execute(&mut g, json!({"task": code})));
    assert_eq!(r["status"], "failed", "{r}");
    assert_eq!(r["steps"][1]["outcome"], "failed", "{r}");
    assert!(r["failure"].is_object(), "{r}");
    assert_eq!(value(&mut g, "code"), json!(""));
    // A plan of two steps cannot fit in one action: refused at compilation.
    let mut one = task(
        "form.fill",
        json!({"regionName": "Account access"}),
        json!({"User": "bob"}),
        "localMutation",
        json!([]),
    );
    one["limits"]["maxActions"] = json!(1);
    let f = failed(&execute(&mut g, json!({"task": one})));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("taskCompilation"), Some("limits.maxActions")),
        "{f}"
    );
    // A scope two regions answer to is refused, naming it.
    let notes = task(
        "region.extract",
        json!({"regionName": "Notes"}),
        json!({}),
        "readOnly",
        json!([]),
    );
    let f = failed(&execute(&mut g, json!({"task": notes})));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("taskReconciliation"), Some("scope.regionName")),
        "{f}"
    );
    assert!(f["reason"].as_str().unwrap().contains("several"), "{f}");
    assert_eq!(
        value(&mut g, "user"),
        json!("ada"),
        "nothing else was typed"
    );
}

// Covers: T48 a cancelled executeTask stops inside the step that ran; recoverRun (latest) says
// the step's input went out — checked on the app's request log. The loop polls the server's
// log (bounded), the same pattern as tests/workflows.rs `until_state`.
#[test]
fn a_cancelled_task_leaves_the_journal_entry_of_the_step_it_ran() {
    let web = Server::start(vec![
        (
            "/",
            Page::html(
                r#"<title>Order</title><h2>Order</h2><form action="/placed"><label>Item <input name="item" value="book"></label><button>Place</button></form>"#,
            ),
        ),
        ("/placed", Page::html("<title>Placed</title><p>Placed</p>")),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let mut submit = task(
        "form.submit",
        json!({"regionName": "Order"}),
        json!({"submit": "Place"}),
        "remoteIrreversible",
        json!([{"kind": "regionPresent", "expected": "Never shown"}]),
    );
    submit["limits"]["timeoutMs"] = json!(60000);
    let f = failed(&execute(&mut g, json!({"task": submit.clone()})));
    g.send(&json!({"jsonrpc": "2.0", "id": "run", "method": "tools/call",
        "params": {"name": "executeTask", "arguments": {"task": submit, "confirmToken": f["confirmToken"]}}}));
    // The app got the order; the postcondition now waits for text that never comes.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while web.count("/placed") == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the form was never submitted"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    g.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "run"}}));
    let answer = loop {
        let m = g.recv();
        if m.get("id") == Some(&json!("run")) {
            break m;
        }
    };
    assert_eq!(answer["error"]["code"], -32800, "{answer}");
    // The session goes on, and the journal says the click's input went out.
    let r = ok(&g.call(json!(2), "recoverRun", json!({})));
    assert_eq!(
        (r["tool"].as_str(), r["dispatched"].as_bool()),
        (Some("click"), Some(true)),
        "{r}"
    );
    assert_eq!(web.count("/placed"), 1);
    assert_eq!(eval(&mut g, "location.pathname"), "/placed");
}

/// Glass on a throwaway profile whose store is in `data`.
fn glass_in(data: &Path) -> Glass {
    let mut g = Glass::spawn_env(
        &["--incognito", "--mcp"],
        &[("GLASS_DATA_DIR", data.to_str().unwrap())],
    );
    g.initialize();
    g
}

// Covers: T49 / K11 what a task teaches is a row of the store (read with SQLite, not through
// knowledgeList): the submit button in the form's scope, one success, nothing typed.
#[test]
fn a_task_teaches_a_row_that_holds_no_typed_value() {
    let web = server();
    let data = temp_dir("task-rows");
    let mut g = glass_in(&data);
    nav(&mut g, &web, "/");
    place_an_order(&mut g);
    assert_eq!(eval(&mut g, "orders.length"), 1);
    let db = rusqlite::Connection::open(data.join("store.sqlite3")).unwrap();
    let row: (String, String, String, i64, i64, String) = db
        .query_row(
            "SELECT role, name, region, successes, failures, profile_scope FROM knowledge WHERE intent = 'form.submit'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .unwrap();
    assert_eq!(
        (
            row.0.as_str(),
            row.1.as_str(),
            row.2.as_str(),
            row.3,
            row.4,
            row.5.as_str()
        ),
        ("button", "Place order", "form:checkout", 1, 0, "anonymous")
    );
    let mut q = db
        .prepare(
            "SELECT origin || intent || action || region || role || name || locale FROM knowledge",
        )
        .unwrap();
    let all: Vec<String> = q
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(!all.is_empty());
    for text in &all {
        assert!(
            !text.contains("4242") && !text.contains("ada@example") && !text.contains("Ada"),
            "{text}"
        );
    }
}

// A dialog task resolves an open JavaScript dialog (every other family meets it as dialogOpen).
// Covers: T39 dialogClosed, dialog.confirm on a JavaScript dialog (the page's own answer).
#[test]
fn dialog_confirm_accepts_an_open_javascript_dialog() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Delete</title><script>window.answer = null;</script><button onclick="answer = confirm('Delete the invoice?')">Delete</button>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Delete"}),
    ));
    // A family that does not resolve dialogs meets the open one, and sends nothing.
    let read = task(
        "region.extract",
        json!({"regionName": "Delete"}),
        json!({}),
        "readOnly",
        json!([]),
    );
    let f = failed(&execute(&mut g, json!({"task": read})));
    assert_eq!(f["kind"], "dialogOpen", "{f}");
    let confirm = task(
        "dialog.confirm",
        json!({"entityKind": "dialog"}),
        json!({}),
        "remoteReversible",
        json!([{"kind": "dialogClosed"}]),
    );
    let r = ok(&execute(&mut g, json!({"task": confirm})));
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["postconditions"][0]["holds"], true, "{r}");
    assert_eq!(eval(&mut g, "answer"), true);
}

/// The scope a task names is the region a person sees: a clipped or invisible region of the
/// same name is no rival. Its submit may be an `<input type="submit">`: form.submit presses it
/// and the page records the submission.
#[test]
fn a_seen_region_with_an_input_submit_is_the_scope() {
    let web = Server::start(vec![(
        "/",
        Page::html(
            r#"<title>Profile</title><script>window.saved = 0;</script>
<section aria-label="Profile" style="height:0;overflow:hidden;position:relative"><form onsubmit="event.preventDefault()"><input name="old"><input type="submit" value="Old save"></form></section>
<section aria-label="Profile" style="visibility:hidden"><form onsubmit="event.preventDefault()"><input name="older"><input type="submit" value="Save"></form></section>
<section aria-label="Profile"><form onsubmit="event.preventDefault(); saved++"><label>Nick <input name="nick"></label><input type="submit" value="Save"></form></section>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    // form.inspect lists the input submit among the form's submits.
    let r = ok(&execute(
        &mut g,
        json!({"task": task("form.inspect", json!({"regionName": "Profile"}), json!({}), "readOnly", json!([]))}),
    ));
    let submits: Vec<&str> = r["read"]["submits"]
        .as_array()
        .unwrap_or_else(|| panic!("{r}"))
        .iter()
        .filter_map(|b| b["name"].as_str())
        .collect();
    assert_eq!(submits, ["Save"], "{r}");
    let submit = json!({"task": task(
        "form.submit",
        json!({"regionName": "Profile"}),
        json!({"submit": "Save"}),
        "remoteIrreversible",
        json!([{"kind": "validationClear"}]),
    )});
    let r = execute_confirmed(&mut g, submit);
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(eval(&mut g, "saved"), 1);
}
