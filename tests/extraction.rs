//! `extractStructured` through the real binary against real Chromium: values read off the
//! page model by path, normalized by kind, paged exactly through continuations, bounded
//! without cutting a value; checked against the data the page itself was rendered from.

mod common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, incognito, nav, ok};
use serde_json::{Value, json};

/// A page rendered from `window.DATA`: an orders table with formatted cells, a list of
/// links, a summary region of label and value pairs, a section under a heading, and a form.
const PAGE: &str = r#"<html lang="en-US"><title>Orders</title>
<script>
window.DATA = Array.from({length: 120}, (_, i) => ({
  id: i + 1,
  customer: 'Customer ' + (i + 1),
  total: Math.round((i + 1) * 1234.5) / 100,
  placed: new Date(Date.UTC(2025, i % 12, 1 + (i % 28))).toISOString().slice(0, 10),
  paid: i % 3 === 0,
}));
const fmt = (n) => n.toLocaleString('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2});
const months = ['January','February','March','April','May','June','July','August','September','October','November','December'];
const longDate = (iso) => { const [y, m, d] = iso.split('-').map(Number); return months[m - 1] + ' ' + d + ', ' + y; };
</script>
<main>
<h1>Orders</h1>
<table aria-label="Orders"><thead><tr><th>Id</th><th>Customer</th><th>Total</th><th>Placed</th><th>Paid</th></tr></thead>
<tbody id="rows"></tbody></table>
<script>
document.getElementById('rows').innerHTML = DATA.map((o) =>
  `<tr><td><a href="/orders/${o.id}">${o.id}</a></td><td>${o.customer}</td><td>$${fmt(o.total)}</td><td>${longDate(o.placed)}</td><td>${o.paid ? 'Yes' : 'No'}</td></tr>`).join('');
</script>
<nav aria-label="Pages"><ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li><li><a href="https://example.test/c">Gamma</a></li></ul></nav>
<section aria-label="Summary"><dl><dt>Orders</dt><dd>120</dd><dt>Revenue</dt><dd>€ 89.626,50</dd><dt>Updated</dt><dd>2025-03-04T09:30:00Z</dd><dt>Status</dt><dd>Open</dd></dl></section>
<form><label>Email <input id="email" value="ada@example.test"></label>
<label>Password <input id="pw" type="password" value="hunter2-secret"></label>
<label><input type="checkbox" id="news" checked> Newsletter</label></form>
<button onclick="DATA.push({id: 121}); document.getElementById('rows').insertAdjacentHTML('beforeend', '<tr><td>121</td><td>Late</td><td>$1.00</td><td>May 5, 2025</td><td>No</td></tr>')">Add order</button>
<h2>Shipping</h2><p>Parcels leave on weekdays.</p><p>Returns take 14 days.</p>
<h2>Contact</h2><p>Write to us.</p>
</main>"#;

fn server() -> Server {
    Server::start(vec![("/", Page::html(PAGE))])
}

fn extract(g: &mut Glass, args: Value) -> Value {
    ok(&g.call(json!("x"), "extractStructured", args))
}

const ORDERS: &str = r#"{"name": "orders", "path": "table:Orders", "kind": "table",
  "columns": {"Id": "number", "Total": "currency", "Placed": "date", "Paid": "boolean"}}"#;

/// The page's own data, as the extraction should give its rows back (cells in column order;
/// the totals' one currency is stated once for the column).
fn expected_rows(g: &mut Glass) -> Vec<Value> {
    let data = eval(g, "DATA");
    data.as_array()
        .unwrap()
        .iter()
        .map(|o| json!([o["id"], o["customer"], o["total"], o["placed"], o["paid"]]))
        .collect()
}

/// Every kind of value, read by path and normalized, with where it came from.
#[test]
fn values_are_read_by_path_and_normalized() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let fields = json!([
        serde_json::from_str::<Value>(ORDERS).unwrap(),
        {"name": "customers", "path": "table:Orders/column:customer", "kind": "list"},
        {"name": "links", "path": "list", "kind": "repeatedItems"},
        {"name": "summary", "path": "region:Summary", "kind": "record",
         "columns": {"Orders": "number", "Revenue": "currency", "Updated": "dateTime", "Status": "enum"},
         "options": ["Open", "Closed"]},
        {"name": "shipping", "path": "section:Shipping", "kind": "string"},
        {"name": "email", "path": "field:Email", "kind": "string"},
        {"name": "news", "path": "field:Newsletter", "kind": "boolean"},
        {"name": "password", "path": "field:Password", "kind": "string"},
        {"name": "nothing", "path": "table:Invoices", "kind": "table"},
        {"name": "firstTable", "path": "table#1", "kind": "table"},
        {"name": "secondTable", "path": "table#2", "kind": "table"}
    ]);
    let r = extract(&mut g, json!({"fields": fields, "maxItems": 5}));
    // By index: the page's one table is table#1 (its last), and there is no table#2.
    assert_eq!(
        (
            &r["provenance"]["firstTable"]["ref"],
            &r["values"]["firstTable"]["columns"]
        ),
        (
            &r["provenance"]["orders"]["ref"],
            &r["values"]["orders"]["columns"]
        ),
        "{r}"
    );
    assert!(
        r["missing"]
            .as_array()
            .unwrap()
            .contains(&json!({"field": "secondTable", "reason": "notFound", "count": 0})),
        "{r}"
    );
    let want = expected_rows(&mut g);
    assert_eq!(
        r["values"]["orders"],
        json!({"columns": ["Id", "Customer", "Total", "Placed", "Paid"],
               "currency": {"Total": "USD"}, "rows": want[..5]}),
        "{r}"
    );
    assert_eq!(
        r["values"]["customers"],
        json!([
            "Customer 1",
            "Customer 2",
            "Customer 3",
            "Customer 4",
            "Customer 5"
        ])
    );
    let base = web.url("/");
    let origin = base.trim_end_matches('/');
    assert_eq!(
        r["values"]["links"],
        json!([{"text": "Alpha", "url": format!("{origin}/a")}, {"text": "Beta", "url": format!("{origin}/b")},
               {"text": "Gamma", "url": "https://example.test/c"}])
    );
    assert_eq!(
        r["values"]["summary"],
        json!({"Orders": 120, "Revenue": {"amount": 89626.5, "currency": "EUR"},
               "Updated": "2025-03-04T09:30:00Z", "Status": "Open"})
    );
    assert_eq!(
        r["values"]["shipping"],
        "Parcels leave on weekdays.\nReturns take 14 days."
    );
    assert_eq!(r["values"]["email"], "ada@example.test");
    assert_eq!(r["values"]["news"], true);
    // A password's value is never read; a path that matches nothing says so.
    assert_eq!(r["values"]["password"], Value::Null);
    assert!(!r.to_string().contains("hunter2"), "{r}");
    let missing = r["missing"].as_array().unwrap();
    assert!(
        missing.contains(&json!({"field": "password", "reason": "secret"})),
        "{r}"
    );
    assert!(
        missing.contains(&json!({"field": "nothing", "reason": "notFound", "count": 0})),
        "{r}"
    );
    assert_eq!(r["windows"]["orders"], json!({"total": 120, "returned": 5}));
    assert_eq!(r["provenance"]["orders"]["role"], "table");
    assert_eq!(r["provenance"]["orders"]["name"], "Orders");
    assert!(r["continuation"].is_string(), "{r}");
    assert_eq!(r["trust"], "untrusted_page_content");
}

/// Paging through 120 rows with continuations gives each row once, in order, and the page's
/// data exactly; a change to the page refuses the continuation it had given.
#[test]
fn continuations_page_exactly_or_refuse() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let want = expected_rows(&mut g);
    let fields = json!([serde_json::from_str::<Value>(ORDERS).unwrap()]);
    let mut rows = Vec::new();
    let mut pages = 0;
    let mut next: Option<Value> = None;
    loop {
        let mut args = json!({"fields": fields, "maxItems": 50});
        if let Some(c) = &next {
            args["continuation"] = c.clone();
        }
        let r = extract(&mut g, args);
        rows.extend(
            r["values"]["orders"]["rows"]
                .as_array()
                .unwrap()
                .iter()
                .cloned(),
        );
        pages += 1;
        match r.get("continuation") {
            Some(c) => next = Some(c.clone()),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(rows, want);
    // A byte budget keeps whole rows and continues exactly where it stopped.
    let r = extract(
        &mut g,
        json!({"fields": fields, "maxItems": 50, "maxBytes": 2048}),
    );
    let first = r["values"]["orders"]["rows"].as_array().unwrap().clone();
    assert_eq!(r["truncated"], true, "{r}");
    assert!(first.len() > 5 && first.len() < 50, "{r}");
    assert!(r["values"].to_string().len() <= 2048);
    let r2 = extract(
        &mut g,
        json!({"fields": fields, "maxItems": 50, "maxBytes": 2048, "continuation": r["continuation"]}),
    );
    assert_eq!(r2["startIndex"], first.len());
    assert_eq!(r2["values"]["orders"]["rows"][0], want[first.len()]);
    // The table changes: the continuation given before is refused, nothing half-paged.
    let r = extract(&mut g, json!({"fields": fields, "maxItems": 50}));
    ok(&g.call(
        json!("add"),
        "click",
        json!({"target": "role=button;name=Add order"}),
    ));
    let f = failed(&g.call(
        json!("x"),
        "extractStructured",
        json!({"fields": fields, "maxItems": 50, "continuation": r["continuation"]}),
    ));
    assert_eq!(f["failureKind"], "staleContinuation", "{f}");
    // Another request cannot borrow it either.
    let r = extract(&mut g, json!({"fields": fields, "maxItems": 50}));
    let f = failed(&g.call(
        json!("x"),
        "extractStructured",
        json!({"fields": fields, "maxItems": 40, "continuation": r["continuation"]}),
    ));
    assert_eq!(f["failureKind"], "staleContinuation", "{f}");
}

/// Paths are the page model's, never CSS; kinds must fit their path; form values follow the
/// policy.
#[test]
fn bad_paths_and_policy_are_refused_before_reading() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let cases = [
        (
            json!({"name": "a", "path": "css=table", "kind": "table"}),
            "fields[0].path",
        ),
        (
            json!({"name": "a", "path": "table", "kind": "number"}),
            "fields[0].kind",
        ),
        (
            json!({"name": "a", "path": "region:Summary", "kind": "enum"}),
            "fields[0].options",
        ),
        (
            json!({"name": "a", "path": "list/column:x", "kind": "list"}),
            "fields[0].path",
        ),
    ];
    for (field, path) in cases {
        let f = failed(&g.call(json!("x"), "extractStructured", json!({"fields": [field]})));
        assert_eq!(f["kind"], "invalidArguments", "{f}");
        assert_eq!(f["path"], path, "{f}");
    }
    let mut h = common::hardened();
    nav(&mut h, &web, "/");
    let f = failed(&h.call(
        json!("x"),
        "extractStructured",
        json!({"fields": [{"name": "e", "path": "field:Email", "kind": "string"}]}),
    ));
    assert_eq!(f["capability"], "read-form-values", "{f}");
    // The same policy still reads the page's own text.
    let r = ok(&h.call(
        json!("x"),
        "extractStructured",
        json!({"fields": [{"name": "s", "path": "section:Contact", "kind": "string"}]}),
    ));
    assert_eq!(r["values"]["s"], "Write to us.");
}
