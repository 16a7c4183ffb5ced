//! `executeTask` through the real binary against real Chromium: a Task Protocol v1 task is
//! compiled, reconciled with the live page, run through the verified actions and its
//! postconditions checked; checked on the page's own record of what was filled and ordered.

mod common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok};
use serde_json::{Value, json};

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
/// hold, and the answer says so with what was seen; no order.
#[test]
fn a_validation_error_is_a_failed_postcondition() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let submit = checkout_submit();
    let f = failed(&execute(&mut g, submit.clone()));
    let mut confirmed = submit;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let r = ok(&execute(&mut g, confirmed));
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
    let f = failed(&execute(&mut g, checkout_submit()));
    let mut submit = checkout_submit();
    submit["confirmToken"] = f["confirmToken"].clone();
    assert_eq!(
        ok(&execute(&mut g, submit))["status"],
        "postconditionFailed"
    );
    let fill = task(
        "form.fill",
        json!({"regionName": "Checkout"}),
        json!({"Full name": "Ada", "email": "ada@example.test", "Card number": "4242 4242",
               "I accept the terms": "true"}),
        "localMutation",
        json!([]),
    );
    assert_eq!(
        ok(&execute(&mut g, json!({"task": fill})))["status"],
        "completed"
    );
    let f = failed(&execute(&mut g, checkout_submit()));
    let mut submit = checkout_submit();
    submit["confirmToken"] = f["confirmToken"].clone();
    assert_eq!(ok(&execute(&mut g, submit))["status"], "completed");
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
