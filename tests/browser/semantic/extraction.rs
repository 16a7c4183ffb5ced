//! `extractStructured` through the real binary against real Chromium: values read off the
//! page model by path, normalized by kind, paged exactly through continuations, bounded
//! without cutting a value; checked against the data the page itself was rendered from.

use crate::common;

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

// Covers: X8 startIndex, X17 list:NAME, X18 list#N, X19 region:NAME (vs page value), X23 name
// matched as a part, X25 optionalString, X27 number/date/currency read by the page's lang,
// X32 url kind, X36 table (page data, hoisted EUR), X38 revision, X39 url, X45 missing
// ambiguous, X46 missing noColumn with columns, X49 unparsed — every value checked against
// what the page itself holds (evaluated in the page).

/// A German page: prices, quantities and dates as German pages write them (formatted by hand,
/// so no locale data is needed), links, notes that may be empty, one quantity that is no
/// number; two lists, a summary, two boxes whose names share a word.
const PREISE: &str = r#"<html lang="de"><title>Preise</title>
<script>
window.DATA = Array.from({length: 6}, (_, i) => ({
  artikel: 'Artikel ' + (i + 1), preis: (i + 1) * 1234.5, menge: 1000 + 7 * i, tag: i + 1,
  notiz: i % 2 ? '' : 'Eilig',
}));
window.SUMME = 23456.78;
const two = (n) => String(n).padStart(2, '0');
const de = (n, digits) => { const [w, f] = n.toFixed(digits).split('.'); return w.replace(/\B(?=(\d{3})+(?!\d))/g, '.') + (f ? ',' + f : ''); };
</script>
<main><h1>Preise</h1>
<table aria-label="Preise"><thead><tr><th>Artikel</th><th>Preis</th><th>Menge</th><th>Datum</th><th>Link</th><th>Notiz</th></tr></thead>
<tbody id="rows"></tbody></table>
<script>
document.getElementById('rows').innerHTML = DATA.map((d, i) => `<tr><td>${d.artikel}</td><td>${de(d.preis, 2)} €</td><td>${i === 5 ? 'k. A.' : de(d.menge, 0)}</td><td>${two(d.tag)}/03/2025</td><td><a href="/artikel/${i + 1}">Details</a></td><td>${d.notiz}</td></tr>`).join('');
</script>
<ul aria-label="Schritte"><li>Eins</li><li>Zwei</li><li>Drei</li></ul>
<ol aria-label="Hinweise"><li>Vorsicht</li></ol>
<section aria-label="Zusammenfassung"><dl><dt>Summe</dt><dd id="summe"></dd></dl></section>
<script>document.getElementById('summe').textContent = de(SUMME, 2) + ' €';</script>
<section aria-label="Box A"><p>Erste</p></section><section aria-label="Box B"><p>Zweite</p></section>
</main>"#;

/// The rows the extraction should give back, from the page's own `DATA`: a quantity that is
/// no number is null, an empty note is null, dates in ISO, links absolute.
fn preise_rows(g: &mut Glass, origin: &str) -> Vec<Value> {
    let data = eval(g, "DATA");
    let mut rows = Vec::new();
    for (i, d) in data.as_array().unwrap().iter().enumerate() {
        let menge = if i == 5 {
            Value::Null
        } else {
            d["menge"].clone()
        };
        let notiz = if d["notiz"] == "" {
            Value::Null
        } else {
            d["notiz"].clone()
        };
        let datum = format!("2025-03-{:02}", d["tag"].as_u64().unwrap());
        let link = format!("{origin}/artikel/{}", i + 1);
        rows.push(json!([d["artikel"], d["preis"], menge, datum, link, notiz]));
    }
    rows
}

#[test]
fn the_page_language_and_every_remaining_kind_and_path() {
    let web = Server::start(vec![("/", Page::html(PREISE))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    // What the page holds, read first (an evaluation is a new revision).
    let want = preise_rows(&mut g, &web.url(""));
    let summe = eval(&mut g, "SUMME");
    let schritte = eval(
        &mut g,
        "[...document.querySelectorAll('ul[aria-label=Schritte] li')].map((l) => l.textContent)",
    );
    let headers = eval(
        &mut g,
        "[...document.querySelectorAll('table th')].map((t) => t.textContent)",
    );
    let preise = json!({"name": "preise", "path": "table:Preise", "kind": "table",
        "columns": {"Preis": "currency", "Menge": "number", "Datum": "date", "Link": "url",
                    "Notiz": "optionalString"}});
    let r = extract(
        &mut g,
        json!({"fields": [
            preise.clone(),
            {"name": "schritte", "path": "list:Schritte", "kind": "list"},
            {"name": "hinweise", "path": "list:Hinweise", "kind": "list"},
            {"name": "erste", "path": "list#1", "kind": "list"},
            {"name": "zweite", "path": "list#2", "kind": "list"},
            {"name": "teil", "path": "region:Zusammen", "kind": "record", "columns": {"Summe": "currency"}},
            {"name": "box", "path": "region:Box", "kind": "string"},
            {"name": "gewicht", "path": "table:Preise/column:Gewicht", "kind": "list"}
        ]}),
    );
    // Read by the page's lang: 1.234,50 € is 1234.5 EUR (stated once for the column), 1.000 a
    // thousand, 01/03/2025 the 1st of March; an empty note null; "k. A." counted unparsed.
    assert_eq!(
        r["values"]["preise"],
        json!({"columns": headers, "currency": {"Preis": "EUR"}, "rows": want}),
        "{r}"
    );
    assert_eq!(r["unparsed"], json!({"preise": 1}), "{r}");
    // The revision read is the page's now (observe reads), and the URL the page's.
    let now = common::observe(&mut g, json!({}));
    assert_eq!(r["revision"], now["revision"], "{r}");
    assert_eq!(r["url"], web.url("/"), "{r}");
    // Lists by name and by index: list#1 and list#2 are the page's two lists, one each.
    assert_eq!(r["values"]["schritte"], schritte, "{r}");
    assert_eq!(r["values"]["hinweise"], json!(["Vorsicht"]), "{r}");
    let refs = |names: [&str; 2]| {
        let mut v: Vec<String> = names
            .iter()
            .map(|n| r["provenance"][*n]["ref"].as_str().unwrap().to_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        refs(["erste", "zweite"]),
        refs(["schritte", "hinweise"]),
        "{r}"
    );
    assert_ne!(
        r["provenance"]["erste"]["ref"],
        r["provenance"]["zweite"]["ref"]
    );
    // A name matches as a part when nothing matches exactly; two parts are ambiguous; a
    // column the table lacks names the columns it has.
    assert_eq!(r["provenance"]["teil"]["name"], "Zusammenfassung", "{r}");
    assert_eq!(
        r["values"]["teil"],
        json!({"Summe": {"amount": summe, "currency": "EUR"}}),
        "{r}"
    );
    let missing = r["missing"].as_array().unwrap();
    assert!(
        missing.contains(&json!({"field": "box", "reason": "ambiguous", "count": 2})),
        "{r}"
    );
    assert!(
        missing.contains(&json!({"field": "gewicht", "reason": "noColumn", "columns": headers})),
        "{r}"
    );
    assert_eq!(
        (&r["values"]["box"], &r["values"]["gewicht"]),
        (&Value::Null, &Value::Null)
    );

    // A window from startIndex, then its continuation to the end.
    let fields = json!([preise]);
    let w = extract(
        &mut g,
        json!({"fields": fields, "startIndex": 2, "maxItems": 2}),
    );
    assert_eq!(w["startIndex"], 2, "{w}");
    assert_eq!(
        w["windows"]["preise"],
        json!({"total": 6, "returned": 2}),
        "{w}"
    );
    assert_eq!(w["values"]["preise"]["rows"], json!(want[2..4]), "{w}");
    let w2 = extract(
        &mut g,
        json!({"fields": fields, "maxItems": 2, "continuation": w["continuation"]}),
    );
    assert_eq!(w2["startIndex"], 4, "{w2}");
    assert_eq!(w2["values"]["preise"]["rows"], json!(want[4..6]), "{w2}");
    assert!(w2.get("continuation").is_none(), "{w2}");
}

// Covers: X7 maxItems default 50, X10 maxBytes default (nothing cut), X15 /column:HEADER,
// X16 list (unnamed), X21 field:LABEL (text and checkbox), X37 repeatedItems — each compared
// with what the page holds, not with constants.
#[test]
fn values_are_what_the_page_itself_holds_and_defaults_apply() {
    let web = server();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let want = expected_rows(&mut g);
    let customers = eval(&mut g, "DATA.slice(0, 50).map((o) => o.customer)");
    let links = eval(
        &mut g,
        "[...document.querySelectorAll('nav a')].map((a) => ({text: a.textContent, url: a.href}))",
    );
    let email = eval(&mut g, "document.getElementById('email').value");
    let news = eval(&mut g, "document.getElementById('news').checked");
    let r = extract(
        &mut g,
        json!({"fields": [
            serde_json::from_str::<Value>(ORDERS).unwrap(),
            {"name": "customers", "path": "table:Orders/column:Customer", "kind": "list"},
            {"name": "links", "path": "list", "kind": "repeatedItems"},
            {"name": "email", "path": "field:Email", "kind": "string"},
            {"name": "news", "path": "field:Newsletter", "kind": "boolean"}
        ]}),
    );
    assert_eq!(
        r["windows"]["orders"],
        json!({"total": 120, "returned": 50}),
        "{r}"
    );
    assert_eq!(r["values"]["orders"]["rows"], json!(want[..50]), "{r}");
    assert_eq!(r["values"]["customers"], customers, "{r}");
    assert_eq!(r["values"]["links"], links, "{r}");
    assert_eq!(
        (&r["values"]["email"], &r["values"]["news"]),
        (&email, &news),
        "{r}"
    );
    assert_eq!(r["truncated"], false, "{r}");
    assert!(r["continuation"].is_string(), "{r}");
}

// Covers: X2 more than 32 fields refused, X48 missing tooLarge (a value past maxBytes on its
// own is left out whole, the others kept), continuation refusals (not Glass's; with startIndex).
#[test]
fn bounds_are_refused_or_reported_never_cut() {
    let long = "Parcels leave on weekdays. ".repeat(80);
    let web = Server::start(vec![(
        "/",
        Page::html(&format!(
            "<title>L</title><h2>Long</h2><p>{long}</p><h2>End</h2><p>Fin</p>"
        )),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let r = extract(
        &mut g,
        json!({"fields": [
            {"name": "long", "path": "section:Long", "kind": "string"},
            {"name": "end", "path": "section:End", "kind": "string"}
        ], "maxBytes": 1024}),
    );
    assert_eq!(r["values"]["long"], Value::Null, "{r}");
    assert_eq!(r["values"]["end"], "Fin", "{r}");
    assert!(
        r["missing"]
            .as_array()
            .unwrap()
            .contains(&json!({"field": "long", "reason": "tooLarge"})),
        "{r}"
    );
    assert_eq!(r["truncated"], true, "{r}");
    let end = json!({"name": "e", "path": "section:End", "kind": "string"});
    let many: Vec<Value> = (0..33)
        .map(|i| json!({"name": format!("f{i}"), "path": "section:End", "kind": "string"}))
        .collect();
    let cases = [
        (json!({"fields": many}), "fields"),
        (
            json!({"fields": [end], "continuation": "xc1.1.0.abc"}),
            "continuation",
        ),
        (
            json!({"fields": [end], "continuation": "xc1.1.0.abc", "startIndex": 0}),
            "continuation",
        ),
    ];
    for (args, path) in cases {
        let f = failed(&g.call(json!("x"), "extractStructured", args));
        assert_eq!(f["kind"], "invalidArguments", "{f}");
        assert_eq!(f["path"], path, "{f}");
    }
}

/// A grid whose header row sits in a layout table of its own (`<table role="none">`: Gradio's
/// dataframe, reduced from Gradio 6.31), whose body rows are positioned `role="row"` boxes, and
/// whose hidden sizing copy of a row is `aria-hidden`: its columns are the header's, its rows
/// the page's data, in observe and extraction alike.
#[test]
fn a_grid_whose_header_row_sits_in_a_layout_table_has_its_columns() {
    let page = r#"<html><title>Grid</title><main>
<div role="grid" aria-label="Past orders" aria-rowcount="3" aria-colcount="2" aria-readonly="true">
 <div role="none"><table role="none">
  <thead role="rowgroup"><tr role="row" aria-rowindex="1">
   <th role="columnheader" aria-colindex="1"><span>order</span> <button aria-label="Open cell menu" style="display: none">&#8942;</button></th>
   <th role="columnheader" aria-colindex="2"><span>total</span> <button aria-label="Open cell menu" style="display: none">&#8942;</button></th>
  </tr></thead>
  <tbody aria-hidden="true"><tr><td>A-101</td><td>12.5</td></tr></tbody>
 </table>
 <div role="none" id="body" style="position: relative; height: 74px"></div></div>
</div>
<script>
window.DATA = [['A-101', '12.5'], ['A-102', '7']];
document.getElementById('body').innerHTML = DATA.map((r, i) =>
  `<div role="row" aria-rowindex="${i + 2}" style="position: absolute; top: 0; transform: translateY(${i * 37}px); display: flex">` +
  r.map((c, j) => `<div role="gridcell" aria-colindex="${j + 1}" style="width: 200px"><span>${c}</span></div>`).join('') + '</div>').join('');
</script></main></html>"#;
    let web = Server::start(vec![("/", Page::html(page))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let data = eval(&mut g, "DATA");
    let obs = ok(&g.call(json!(1), "observe", json!({"full": true})));
    let grid = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "grid")
        .unwrap_or_else(|| panic!("no grid in {obs}"));
    assert_eq!(grid["columns"], json!(["order", "total"]), "{grid}");
    assert_eq!(grid["rows"], data, "{grid}");
    // It says 3 rows, its header and the 2 it draws: none left undrawn.
    assert!(grid.get("undrawnRows").is_none(), "{grid}");
    let got = extract(
        &mut g,
        json!({"fields": [{"name": "o", "path": "table:Past orders", "kind": "table"}]}),
    );
    assert_eq!(
        got["values"]["o"],
        json!({"columns": ["order", "total"], "rows": data}),
        "{got}"
    );
}

/// A grid that draws only the rows in view (as AG Grid, glide-data-grid and Gradio's do) says
/// how many rows it has (`aria-rowcount`): observe and extraction say how many of them the page
/// has not drawn, so a model never takes the drawn rows for the whole table.
#[test]
fn a_grid_that_draws_the_rows_in_view_says_how_many_it_has_not() {
    let page = r#"<html><title>Virtual</title><main>
<div role="grid" aria-label="Events" id="grid"><div role="row"><span role="columnheader">Event</span></div></div>
<script>
window.DATA = Array.from({length: 100}, (_, i) => 'Event ' + (i + 1));
const grid = document.getElementById('grid');
grid.setAttribute('aria-rowcount', String(DATA.length + 1));
grid.insertAdjacentHTML('beforeend', DATA.slice(0, 10).map((e) => `<div role="row"><span role="gridcell">${e}</span></div>`).join(''));
</script></main></html>"#;
    let web = Server::start(vec![("/", Page::html(page))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/");
    let undrawn = eval(
        &mut g,
        "DATA.length - (document.querySelectorAll('[role=row]').length - 1)",
    );
    assert_eq!(undrawn, 90);
    let obs = ok(&g.call(json!(1), "observe", json!({"full": true})));
    let grid = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "grid")
        .unwrap_or_else(|| panic!("no grid in {obs}"));
    assert_eq!(grid["rowCount"], 10, "{grid}");
    assert_eq!(grid["undrawnRows"], undrawn, "{grid}");
    let got = extract(
        &mut g,
        json!({"fields": [{"name": "e", "path": "table:Events", "kind": "table"}]}),
    );
    assert_eq!(
        got["windows"]["e"],
        json!({"total": 10, "returned": 10, "undrawn": undrawn}),
        "{got}"
    );
}
