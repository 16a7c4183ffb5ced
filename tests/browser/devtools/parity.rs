//! What users reach for in Chrome DevTools MCP, done the Glass way, through the real binary
//! against real Chromium: `listRequests`/`getRequest`, `consoleMessages`, `emulate`,
//! `clickAt` and `printToPdf`, each checked on the page's or the server's own record.

use crate::common;

use common::web::{Page, Server};
use common::{eval, failed, hardened, incognito, nav, ok, requests_of, temp_dir};
use serde_json::{Value, json};

/// A page that makes its requests when told (so the test knows they are done): twelve
/// images, a 404, and a JSON POST with a secret header and a query token.
/// Test pages name a data: icon, so Chrome asks the server for no favicon.
const ICON: &str = r#"<link rel="icon" href="data:,">"#;

const SHOP: &str = r#"<title>Shop</title><link rel="icon" href="data:,"><h1>Shop</h1><div id="imgs"></div><script>
window.go = async () => {
  const box = document.getElementById('imgs');
  await Promise.all(Array.from({length: 12}, (_, i) => new Promise((done) => {
    const img = new Image(); img.onload = img.onerror = done; img.src = '/img/' + i + '.png'; box.appendChild(img);
  })));
  await fetch('/missing.css').catch(() => {});
  const body = JSON.stringify({item: 'lamp', qty: 2});
  window.sent = body;
  const r = await fetch('/api/order?token=tok-991&page=2', {method: 'POST', body,
    headers: {'Content-Type': 'application/json', 'Authorization': 'Bearer s3cret-bearer'}});
  window.answer = await r.text();
  return 'done';
};
</script>"#;

const PIXEL: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
    0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

fn shop() -> Server {
    let mut routes = vec![
        ("/shop".to_owned(), Page::html(SHOP)),
        (
            "/other".to_owned(),
            Page::html(&format!("<title>Other</title>{ICON}<p>Other</p>")),
        ),
        (
            "/api/order".to_owned(),
            Page {
                content_type: "application/json",
                ..Page::html(r#"{"order":"A-17","status":"placed"}"#)
            },
        ),
    ];
    for i in 0..12 {
        routes.push((
            format!("/img/{i}.png"),
            Page {
                content_type: "image/png",
                body: PIXEL.to_vec(),
                ..Page::html("")
            },
        ));
    }
    Server::start(
        routes
            .iter()
            .map(|(p, page)| (p.as_str(), page.clone()))
            .collect(),
    )
}

/// Every request the page made is listed once, with what the server saw: the images, the
/// 404, the POST; query values and secret headers are redacted, bodies come from the page's
/// own exchange, and a new document starts a new list.
#[test]
fn requests_are_listed_paged_and_shown_redacted() {
    let web = shop();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/shop");
    assert_eq!(eval(&mut g, "go()"), "done");

    // Paged five at a time: every page has distinct ids, and together they are the page's.
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    for round in 0..10 {
        let mut args = json!({"maxItems": 5});
        if let Some(c) = &cursor {
            args["cursor"] = json!(c);
        }
        let page = ok(&g.call(json!(round), "listRequests", args));
        let items = requests_of(&page);
        assert!(items.len() <= 5, "{page}");
        all.extend(items);
        match page["next"].as_str() {
            Some(n) => cursor = Some(n.to_owned()),
            None => {
                assert_eq!(page["total"], all.len(), "{page}");
                break;
            }
        }
    }
    let urls: Vec<String> = all
        .iter()
        .map(|r| r["url"].as_str().unwrap().to_owned())
        .collect();
    let ids: std::collections::HashSet<&str> =
        all.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), all.len(), "ids are unique");
    // The server's own count of each path equals the list's.
    for path in ["/shop", "/img/3.png", "/missing.css", "/api/order"] {
        let listed = urls
            .iter()
            .filter(|u| u.split('?').next().unwrap().ends_with(path))
            .count();
        assert_eq!(listed, web.count(path), "{path}: {urls:?}");
    }
    // Each image exactly as the page asked for it, its group's shared start put back.
    let mut images: Vec<&str> = all
        .iter()
        .filter(|r| r["type"] == "Image")
        .map(|r| r["url"].as_str().unwrap())
        .collect();
    images.sort();
    let mut asked: Vec<String> = (0..12).map(|i| web.url(&format!("/img/{i}.png"))).collect();
    asked.sort();
    assert_eq!(images, asked);
    let missing = all
        .iter()
        .find(|r| r["url"].as_str().unwrap().ends_with("/missing.css"))
        .unwrap();
    assert_eq!(missing["status"], 404, "{missing}");
    let order = all
        .iter()
        .find(|r| r["url"].as_str().unwrap().contains("/api/order"))
        .unwrap()
        .clone();
    assert_eq!(order["method"], "POST");
    assert_eq!(
        order["status"], 200,
        "a fetch that worked, beside one that got 404"
    );
    assert_eq!(
        order["url"],
        format!("{}?token=…&page=…", web.url("/api/order")),
        "query values hidden unless asked"
    );
    assert!(order.get("ms").is_none(), "timing only when asked: {order}");
    // With timing: when it started, how long it took and what came back, as the page saw it.
    let timed = ok(&g.call(
        json!(19),
        "listRequests",
        json!({"timing": true, "type": "Fetch"}),
    ));
    let timed = requests_of(&timed);
    let order_timed = timed.iter().find(|r| r["id"] == order["id"]).unwrap();
    let answer_len = eval(&mut g, "window.answer.length").as_u64().unwrap();
    assert!(
        order_timed["at"].as_u64().is_some()
            && order_timed["ms"].as_u64().is_some()
            && order_timed["size"].as_u64().unwrap() >= answer_len,
        "{order_timed}"
    );

    // Only failures.
    let failed_only = ok(&g.call(json!(20), "listRequests", json!({"failed": true})));
    let failed_urls: Vec<String> = requests_of(&failed_only)
        .iter()
        .map(|r| r["url"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(failed_urls, vec![web.url("/missing.css")]);

    // Query values when asked (the default policy allows network-details).
    let shown = ok(&g.call(
        json!(21),
        "listRequests",
        json!({"queryValues": true, "type": "Fetch", "failed": false}),
    ));
    assert!(
        shown.to_string().contains("token=tok-991&page=2"),
        "{shown}"
    );

    // One request in detail: headers with the secret redacted, the bodies the page exchanged.
    let detail = ok(&g.call(
        json!(22),
        "getRequest",
        json!({"id": order["id"], "bodies": true}),
    ));
    assert_eq!(
        detail["requestHeaders"]["authorization"], "[redacted]",
        "{detail}"
    );
    assert_eq!(detail["requestHeaders"]["content-type"], "application/json");
    assert!(!detail.to_string().contains("s3cret-bearer"));
    assert_eq!(detail["requestBody"]["text"], eval(&mut g, "window.sent"));
    assert_eq!(
        detail["responseBody"]["text"],
        eval(&mut g, "window.answer")
    );
    assert_eq!(detail["mime"], "application/json");
    let bounded = ok(&g.call(
        json!(23),
        "getRequest",
        json!({"id": order["id"], "bodies": true, "maxChars": 5}),
    ));
    assert_eq!(bounded["responseBody"]["truncated"], true, "{bounded}");
    assert_eq!(bounded["responseBody"]["text"], "{\"ord");
    // An image body is no text: only its size.
    let img = all.iter().find(|r| r["type"] == "Image").unwrap();
    let img = ok(&g.call(
        json!(24),
        "getRequest",
        json!({"id": img["id"], "bodies": true}),
    ));
    assert_eq!(img["responseBody"]["binary"], PIXEL.len(), "{img}");

    // A new document: a new list, and the old ids are gone.
    nav(&mut g, &web, "/other");
    let fresh = ok(&g.call(json!(25), "listRequests", json!({})));
    assert_eq!(fresh["total"], 1, "{fresh}");
    let f = failed(&g.call(json!(26), "getRequest", json!({"id": order["id"]})));
    assert_eq!(f["failureKind"], "unknownRequest", "{f}");
    let f = failed(&g.call(json!(27), "listRequests", json!({"cursor": "zz"})));
    assert_eq!(f["kind"], "invalidArguments", "{f}");
}

/// Under the hardened policy the list stays (redacted), but query values and bodies are
/// refused, naming the capability.
#[test]
fn hardened_lists_requests_but_keeps_their_details() {
    let web = shop();
    let mut g = hardened();
    nav(&mut g, &web, "/shop");
    let list = ok(&g.call(json!(1), "listRequests", json!({})));
    assert_eq!(list["total"], 1, "{list}");
    let id = requests_of(&list)[0]["id"].clone();
    for (tool, args) in [
        ("listRequests", json!({"queryValues": true})),
        ("getRequest", json!({"id": id, "bodies": true})),
    ] {
        let f = failed(&g.call(json!(2), tool, args));
        assert_eq!(
            (f["kind"].as_str(), f["capability"].as_str()),
            (Some("policy"), Some("network-details")),
            "{f}"
        );
    }
    // Headers without bodies stay readable.
    let d = ok(&g.call(json!(3), "getRequest", json!({"id": id})));
    assert_eq!(d["request"]["status"], 200, "{d}");
}

/// A page's console, every level, with where each message came from: the line numbers are
/// those of the page's own script, errors carry their stack, Chrome's report of a failed
/// resource is there too; paging and level filters work.
#[test]
fn console_messages_carry_level_source_and_stack() {
    let web = Server::start(vec![
        (
            "/console",
            Page::html(&format!(
                "<title>Console</title>{ICON}<script src=\"/app.js\"></script><img src=\"/gone.png\">"
            )),
        ),
        ("/quiet", Page::html(&format!("<title>Quiet</title>{ICON}"))),
        (
            "/app.js",
            Page {
                content_type: "text/javascript",
                ..Page::html(
                    "console.log('starting', 3);\nconsole.info('info here');\nconsole.warn('careful');\nconsole.debug('details');\nfunction save() { console.error('save failed'); }\nsave();\nfunction explode() { throw new TypeError('bad state'); }\nexplode();\n",
                )
            },
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/console");
    // The script threw while the page loaded, before navigate answered.
    let all = ok(&g.call(json!(2), "consoleMessages", json!({})));
    let msgs = all["messages"].as_array().unwrap().clone();
    let find = |text: &str| {
        msgs.iter()
            .find(|m| m["text"].as_str().unwrap_or("").contains(text))
            .unwrap_or_else(|| panic!("{text} missing: {all}"))
            .clone()
    };
    let src = web.url("/app.js");
    assert_eq!(find("starting")["level"], "log");
    assert_eq!(find("starting")["text"], "starting 3");
    assert_eq!(find("starting")["source"], format!("{src}:1:9"));
    assert_eq!(find("info here")["level"], "info");
    assert_eq!(find("careful")["level"], "warning");
    assert_eq!(find("careful")["source"], format!("{src}:3:9"));
    assert_eq!(find("details")["level"], "debug");
    let err = find("save failed");
    assert_eq!(err["level"], "error");
    assert!(
        err["stack"][0].as_str().unwrap().starts_with("save "),
        "{err}"
    );
    let thrown = find("bad state");
    assert_eq!(thrown["uncaught"], true, "{thrown}");
    assert_eq!(thrown["text"], "TypeError: bad state");
    assert!(
        thrown["source"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{src}:7:")),
        "{thrown}"
    );
    let gone = find("404");
    assert_eq!(
        (gone["level"].as_str(), gone["browser"].as_bool()),
        (Some("error"), Some(true)),
        "{gone}"
    );

    // Levels and paging.
    let errors = ok(&g.call(json!(3), "consoleMessages", json!({"levels": ["error"]})));
    assert!(
        errors["messages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["level"] == "error")
    );
    assert_eq!(errors["messages"].as_array().unwrap().len(), 3, "{errors}");
    let first = ok(&g.call(json!(4), "consoleMessages", json!({"maxItems": 2})));
    assert_eq!(first["more"], true);
    let last_seq = first["messages"][1]["seq"].clone();
    let rest = ok(&g.call(json!(5), "consoleMessages", json!({"after": last_seq})));
    assert_eq!(
        first["messages"].as_array().unwrap().len() + rest["messages"].as_array().unwrap().len(),
        msgs.len()
    );
    // A new document starts a new log.
    nav(&mut g, &web, "/quiet");
    let after = ok(&g.call(json!(7), "consoleMessages", json!({})));
    assert!(!after.to_string().contains("starting"), "{after}");
}

/// Each emulated setting is what the page itself reads; reset gives the page back its own.
#[test]
fn emulation_is_what_the_page_sees_until_reset() {
    let web = Server::start(vec![(
        "/probe",
        Page::html(
            r#"<title>Probe</title><link rel="icon" href="data:,"><meta name="viewport" content="width=device-width"><script>
window.probe = () => JSON.stringify({
  w: innerWidth, dpr: devicePixelRatio, touch: navigator.maxTouchPoints > 0,
  ua: navigator.userAgent.includes('iPhone'), dark: matchMedia('(prefers-color-scheme: dark)').matches,
  still: matchMedia('(prefers-reduced-motion: reduce)').matches,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: Intl.NumberFormat().resolvedOptions().locale,
});
window.where = () => new Promise((done) => navigator.geolocation.getCurrentPosition(
  (p) => done(p.coords.latitude + ',' + p.coords.longitude), (e) => done('error ' + e.code), {timeout: 3000}));
window.size = () => innerWidth + 'x' + innerHeight;
</script>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/probe");
    let before: Value = serde_json::from_str(eval(&mut g, "probe()").as_str().unwrap()).unwrap();
    let r = ok(&g.call(
        json!(1),
        "emulate",
        json!({"device": "iPhone 15", "colorScheme": "dark", "reducedMotion": true,
               "timezone": "Asia/Tokyo", "locale": "de-DE",
               "geolocation": {"latitude": 48.85, "longitude": 2.35}}),
    ));
    assert_eq!(
        r["applied"],
        json!(["device", "geolocation", "timezone", "locale", "media"]),
        "{r}"
    );
    // The device's screen is what a page loaded now sees.
    nav(&mut g, &web, "/probe");
    let seen: Value = serde_json::from_str(eval(&mut g, "probe()").as_str().unwrap()).unwrap();
    assert_eq!(
        seen,
        json!({"w": 393, "dpr": 3, "touch": true, "ua": true, "dark": true, "still": true,
               "tz": "Asia/Tokyo", "locale": "de-DE"})
    );
    assert_eq!(eval(&mut g, "where()"), "48.85,2.35");

    // Offline: the page's fetch fails and the server sees nothing.
    ok(&g.call(json!(2), "emulate", json!({"network": "offline"})));
    let hits = web.count("/probe");
    assert_eq!(
        eval(
            &mut g,
            "fetch('/probe').then(() => 'online', () => 'offline')"
        ),
        "offline"
    );
    assert_eq!(web.count("/probe"), hits);

    // Reset: the page's own values again, the emulated place gone too.
    ok(&g.call(json!(3), "emulate", json!({"reset": true})));
    nav(&mut g, &web, "/probe");
    let after: Value = serde_json::from_str(eval(&mut g, "probe()").as_str().unwrap()).unwrap();
    assert_eq!(after, before);
    assert_ne!(
        eval(&mut g, "where()"),
        "48.85,2.35",
        "the place outlived reset"
    );

    // Each setting alone: a viewport of its own width and height, a colour scheme without
    // reduced motion.
    let r = ok(&g.call(
        json!(31),
        "emulate",
        json!({"viewport": {"width": 500, "height": 700}}),
    ));
    assert_eq!(r["applied"], json!(["viewport"]), "{r}");
    nav(&mut g, &web, "/probe");
    assert_eq!(eval(&mut g, "size()"), "500x700");
    let r = ok(&g.call(json!(32), "emulate", json!({"colorScheme": "dark"})));
    assert_eq!(r["applied"], json!(["media"]), "{r}");
    let seen: Value = serde_json::from_str(eval(&mut g, "probe()").as_str().unwrap()).unwrap();
    assert_eq!(
        (&seen["dark"], &seen["still"]),
        (&json!(true), &json!(false))
    );
    ok(&g.call(json!(33), "emulate", json!({"reset": true})));

    // A value Chrome refuses is a bounded argument error naming the setting.
    let f = failed(&g.call(json!(4), "emulate", json!({"timezone": "Mars/Olympus"})));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("timezone")),
        "{f}"
    );
    assert!(!f.to_string().contains("Olympus"));
}

const CANVAS: &str = r#"<title>Canvas</title><link rel="icon" href="data:,"><style>body{margin:0}</style>
<canvas id="c" width="600" height="400"></canvas><p id="log">0 clicks</p><script>
window.clicks = [];
document.getElementById('c').addEventListener('click', (e) => {
  window.clicks.push([e.clientX, e.clientY, e.detail]);
  document.getElementById('log').textContent = window.clicks.length + ' clicks';
});
</script>"#;

/// `clickAt` clicks exactly the point asked (the canvas records it), says what it hit, and
/// refuses a point outside the viewport without clicking; hardened does not offer it.
#[test]
fn click_at_clicks_the_point_and_nothing_else() {
    let web = Server::start(vec![("/canvas", Page::html(CANVAS))]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/canvas");
    let r = ok(&g.call(json!(1), "clickAt", json!({"x": 120, "y": 45})));
    assert_eq!(r["hit"]["tag"], "canvas", "{r}");
    assert_eq!(eval(&mut g, "window.clicks"), json!([[120, 45, 1]]));
    let f = failed(&g.call(json!(2), "clickAt", json!({"x": 5000, "y": 10})));
    assert_eq!(f["failureKind"], "outsideViewport", "{f}");
    assert_eq!(f["viewport"]["width"], 1280, "{f}");
    assert_eq!(
        eval(&mut g, "window.clicks.length"),
        1,
        "nothing was clicked"
    );
    ok(&g.call(
        json!(3),
        "clickAt",
        json!({"x": 10, "y": 10, "clickCount": 2}),
    ));
    assert_eq!(
        eval(&mut g, "window.clicks.length"),
        3,
        "a double-click is two clicks"
    );

    let mut h = hardened();
    ok(&h.call(json!(0), "addTools", json!({"families": ["input"]})));
    let list = h.request(json!(1), "tools/list", json!({})).to_string();
    assert!(
        list.contains("\"drag\"") && !list.contains("\"clickAt\""),
        "{list}"
    );
    nav(&mut h, &web, "/canvas");
    let f = failed(&h.call(json!(2), "clickAt", json!({"x": 1, "y": 1})));
    assert_eq!(f["capability"], "coordinate-input", "{f}");
    let text = ok(&h.call(json!(3), "getText", json!({})));
    assert!(
        text["text"].as_str().unwrap().contains("0 clicks"),
        "{text}"
    );
}

/// `printToPdf` writes a real PDF with the page's pages and answers its size and sha256;
/// a path outside the allowed directories writes nothing.
#[test]
fn print_to_pdf_saves_the_pages_and_their_checksum() {
    let web = Server::start(vec![(
        "/report",
        Page::html(
            r#"<title>Report</title><link rel="icon" href="data:,"><style>section{page-break-after:always}</style>
<section><h1>One</h1></section><section><h1>Two</h1></section><section><h1>Three</h1></section>"#,
        ),
    )]);
    let dir = temp_dir("pdf");
    let path = dir.join("report.pdf");
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/report");
    let r = ok(&g.call(
        json!(1),
        "printToPdf",
        json!({"path": path.to_str().unwrap(), "paper": "a4"}),
    ));
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(r["bytes"], bytes.len());
    assert_eq!(r["pages"], 3, "{r}");
    use sha2::Digest;
    let sum: String = sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(r["sha256"], sum);
    let f = failed(&g.call(
        json!(2),
        "printToPdf",
        json!({"path": "/proc/self/report.pdf"}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("path")),
        "{f}"
    );
}

const PERF: &str = r#"<!doctype html><title>Perf</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/slow.css">
<div id="top"></div><h1 id="hero">Quarterly results are in</h1><p>Some text below the headline.</p>
<script>
setTimeout(() => {
  const d = document.createElement('div'); d.style.height = '120px'; d.textContent = 'Banner';
  document.getElementById('top').appendChild(d);
}, 300);
window.addEventListener('load', () => setTimeout(() => {
  const start = performance.now(), end = start + 150; while (performance.now() < end) {}
  window.busyMs = performance.now() - start;
  window.busyDone = true;
}, 600));
</script>"#;

/// A trace of a page loading: the vitals are the page's own (LCP is its headline, with a ref
/// that reads back as that headline; the banner's shift is counted), the slow stylesheet held
/// the first render, the page's busy loop is a long task, and the trace file is Chrome's own
/// JSON, owner-only.
#[test]
fn a_performance_trace_names_the_vitals_and_keeps_the_trace() {
    let web = Server::start(vec![
        ("/perf", Page::html(PERF)),
        (
            "/slow.css",
            Page {
                content_type: "text/css",
                ..Page::html("h1 { font-size: 64px; margin: 0 }")
            }
            .delayed(400),
        ),
    ]);
    let dir = temp_dir("trace");
    let path = dir.join("load.json");
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/perf");
    let f = failed(&g.call(json!(1), "performanceTrace", json!({"action": "stop"})));
    assert_eq!(f["failureKind"], "noTrace", "{f}");
    let started = ok(&g.call(
        json!(2),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    assert_eq!(
        (
            started["recording"].as_bool(),
            started["reloaded"].as_bool()
        ),
        (Some(true), Some(true)),
        "{started}"
    );
    assert_eq!(web.count("/perf"), 2, "the page was loaded again");
    let f = failed(&g.call(json!(3), "performanceTrace", json!({"action": "start"})));
    assert_eq!(f["failureKind"], "traceRunning", "{f}");
    ok(&g.call(
        json!(4),
        "wait",
        json!({"kind": "textPresent", "text": "Banner"}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "new Promise(r => { const t = () => window.busyDone ? r(true) : setTimeout(t, 20); t(); })"
        ),
        true
    );
    let r = ok(&g.call(
        json!(5),
        "performanceTrace",
        json!({"action": "stop", "path": path.to_str().unwrap()}),
    ));
    let v = &r["vitals"];
    // LCP: the headline, and its ref reads back as the headline.
    let lcp_ref = v["lcp"]["element"]["ref"]
        .as_str()
        .expect("LCP names its element");
    let text = ok(&g.call(json!(6), "getText", json!({"target": lcp_ref})));
    assert_eq!(text["text"], "Quarterly results are in", "{r}");
    let page_lcp = eval(
        &mut g,
        "new Promise(r => new PerformanceObserver(l => { const e = l.getEntries(); r(Math.round(e[e.length - 1].startTime)); }).observe({type: 'largest-contentful-paint', buffered: true}))",
    );
    assert_eq!(v["lcp"]["ms"], page_lcp, "{r}");
    // The render waited for the stylesheet: the largest paint came after it arrived, as the
    // page's own resource timing says.
    let css_end = eval(
        &mut g,
        "Math.floor(performance.getEntriesByType('resource').find(e => e.name.endsWith('/slow.css')).responseEnd)",
    );
    assert!(
        v["lcp"]["ms"].as_u64().unwrap() >= css_end.as_u64().unwrap(),
        "the stylesheet held the render: {r}"
    );
    // CLS: the banner's shift, the headline moved; the value the page's own layout-shift
    // entries add up to (one shift, so one session window).
    let page_cls = eval(
        &mut g,
        "new Promise(r => new PerformanceObserver(l => r(l.getEntries().filter(e => !e.hadRecentInput).reduce((a, e) => a + e.value, 0))).observe({type: 'layout-shift', buffered: true}))",
    );
    let cls = v["cls"]["value"].as_f64().unwrap();
    assert!(cls > 0.0, "{r}");
    assert!(
        (cls - page_cls.as_f64().unwrap()).abs() < 0.001,
        "{cls} against the page's {page_cls}: {r}"
    );
    assert!(v["cls"]["shifts"][0]["element"].is_object(), "{r}");
    assert!(
        v["fcp"]["ms"].as_u64().is_some() && v["tbt"]["ms"].as_u64().is_some(),
        "{r}"
    );
    let blocking: Vec<&str> = r["renderBlocking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["url"].as_str().unwrap())
        .collect();
    assert_eq!(blocking, vec![web.url("/slow.css")], "{r}");
    // The busy loop is a long task at least as long as the page itself measured it, and it
    // ran after the first paint: all but 50 ms of it blocked.
    let busy = eval(&mut g, "Math.floor(window.busyMs)").as_u64().unwrap();
    assert!(r["longTasks"]["count"].as_u64().unwrap() >= 1, "{r}");
    assert!(
        r["longTasks"]["longest"][0]["ms"].as_u64().unwrap() >= busy,
        "{busy} ms: {r}"
    );
    assert!(
        v["tbt"]["ms"].as_u64().unwrap() >= busy - 50,
        "{busy} ms: {r}"
    );
    // The trace file: Chrome's JSON trace, owner-only.
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(r["trace"]["bytes"], bytes.len());
    let doc: Value = serde_json::from_slice(&bytes).expect("the trace is JSON");
    assert!(
        doc["traceEvents"].as_array().is_some_and(|e| e.len() > 100),
        "a real trace"
    );
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let f = failed(&g.call(json!(7), "performanceTrace", json!({"action": "stop"})));
    assert_eq!(f["failureKind"], "noTrace", "{f}");
}

/// #26 Part B 4: hardened `getRequest` showed query values through headers that carry URLs:
/// a `Referer` with the page's `?token=`, a redirect's `Location` with an OAuth code. Every
/// URL in a header goes through the same redaction as the request's own URL.
#[test]
fn hardened_headers_never_carry_query_values() {
    let web = Server::start(vec![
        (
            "/secrets",
            Page::html(
                "<title>S</title><script>fetch('/api').then(() => fetch('/go')).then(r => document.body.textContent = 'done ' + r.status)</script>",
            ),
        ),
        ("/api", Page::html("{}")),
        (
            "/go",
            Page::status(302)
                .header("Location", "/p2?code=OAUTHCODE123&state=STATE123")
                .header("Link", "</app.css?sig=LINKSIG123>; rel=preload"),
        ),
        ("/p2", Page::html("ok")),
    ]);
    let mut g = hardened();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/secrets?token=QUERYTOKEN123"), "observe": false}),
    ));
    ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "done 200"}),
    ));
    let list = ok(&g.call(json!(3), "listRequests", json!({})));
    let mut seen = String::new();
    for r in requests_of(&list) {
        let d = ok(&g.call(json!(4), "getRequest", json!({"id": r["id"]})));
        seen.push_str(&d.to_string());
    }
    for secret in ["QUERYTOKEN123", "OAUTHCODE123", "STATE123", "LINKSIG123"] {
        assert!(!seen.contains(secret), "{secret} shown: {seen}");
    }
    // The headers are there, with the query's names.
    assert!(seen.contains("code=…&state=…"), "{seen}");
    assert!(seen.contains("token=…"), "{seen}");
    assert_eq!(web.count("/p2"), 1, "the redirect was followed");
}

/// Issue 28: `listRequests {failed: true}` lists error responses of every kind (a 404 and a 500
/// of the page's own fetches, which Chrome reports as answered, not as failed) and nothing
/// else; `getRequest` never shows a cookie, whether the page sent it or the server set it.
/// Checked against what the server saw and what the page itself read.
#[test]
fn failed_requests_are_every_error_response_and_cookies_never_show() {
    let web = Server::start(vec![
        ("/broken", Page::status(500)),
        (
            "/login",
            Page::status(200).header("Set-Cookie", "session=s3cret-cookie-value; Path=/"),
        ),
        ("/me", Page::status(200)),
        (
            "/page",
            Page::html(
                r#"<title>Calls</title><link rel="icon" href="data:,"><script>
window.go = async () => {
  const codes = [];
  for (const path of ['/gone', '/broken', '/login', '/me']) {
    const r = await fetch(path);
    await r.text();
    codes.push(r.status);
  }
  return codes.join(' ');
};
</script>"#,
            ),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/page");
    assert_eq!(eval(&mut g, "go()"), "404 500 200 200", "what the page got");
    let failed_only = ok(&g.call(
        json!(1),
        "listRequests",
        json!({"failed": true, "type": "Fetch"}),
    ));
    let mut urls: Vec<String> = requests_of(&failed_only)
        .iter()
        .map(|r| r["url"].as_str().unwrap().to_owned())
        .collect();
    urls.sort();
    assert_eq!(
        urls,
        vec![web.url("/broken"), web.url("/gone")],
        "{failed_only}"
    );
    assert_eq!((web.count("/gone"), web.count("/broken")), (1, 1));
    let all = requests_of(&ok(&g.call(
        json!(2),
        "listRequests",
        json!({"type": "Fetch"}),
    )));
    let id_of = |path: &str| {
        all.iter()
            .find(|r| r["url"] == web.url(path))
            .map(|r| r["id"].clone())
            .unwrap()
    };
    assert_eq!(
        eval(&mut g, "document.cookie"),
        "session=s3cret-cookie-value",
        "the server set the cookie"
    );
    let login = ok(&g.call(json!(3), "getRequest", json!({"id": id_of("/login")})));
    // Chrome reports Set-Cookie apart from the response's headers: redacted if ever shown.
    assert!(
        login["responseHeaders"]
            .get("set-cookie")
            .is_none_or(|c| c == "[redacted]"),
        "{login}"
    );
    let me = ok(&g.call(json!(4), "getRequest", json!({"id": id_of("/me")})));
    // Chrome may add the cookie after the page's request is reported: redacted if shown.
    assert!(
        me["requestHeaders"]
            .get("cookie")
            .is_none_or(|c| c == "[redacted]"),
        "{me}"
    );
    assert!(
        !format!("{login}{me}").contains("s3cret-cookie-value"),
        "a cookie's value shows"
    );
}

// [R1] listRequests: status absent / ms, size null while pending (held by the server), failed
// map (ERR_CONNECTION_REFUSED, blocked:csp, canceled), `failed: true` with net failures, rows
// oldest first and groups by first request, `at` after the previous request ended, `cached`
// and getRequest `request.cached` (the server saw one request).

/// A port nothing listens on (bound, then released).
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

const NET: &str = r#"<title>Net</title><link rel="icon" href="data:,">
<meta http-equiv="Content-Security-Policy" content="img-src 'none'">
<img src="/blocked.png"><script>
window.seq = async () => {
  const out = [];
  for (const p of ['/seq/a', '/seq/b', '/seq/c']) { const r = await fetch(p); await r.text(); out.push(r.status); }
  return out.join(' ');
};
window.ctl = new AbortController();
window.held = fetch('http://127.0.0.1:HELD/held', {signal: window.ctl.signal}).then(() => 'answered', (e) => e.name);
window.refused = fetch('http://127.0.0.1:CLOSED/refused').then(() => 'answered', () => 'refused');
</script>"#;

#[test]
fn requests_pending_failed_and_cached_are_what_the_servers_saw() {
    let closed = closed_port();
    let (hport, held) = common::web::held();
    let rec = common::web::Recorder::start(
        "text/javascript",
        "window.cachedRuns = (window.cachedRuns || 0) + 1;",
        "Cache-Control: max-age=3600\r\n",
    );
    let with_script = |title: &str| {
        Page::html(&format!(
            "<title>{title}</title>{ICON}<script src=\"{}\"></script>",
            rec.url("/c.js")
        ))
    };
    let web = Server::start(vec![
        (
            "/net",
            Page::html(
                &NET.replace("HELD", &hport.to_string())
                    .replace("CLOSED", &closed.to_string()),
            ),
        ),
        ("/seq/a", Page::html("a")),
        ("/seq/c", Page::html("c")),
        ("/cache1", with_script("C1")),
        ("/cache2", with_script("C2")),
    ]);
    let held_url = format!("http://127.0.0.1:{hport}/held");
    let refused_url = format!("http://127.0.0.1:{closed}/refused");
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/net");
    let (path, held_stream) = held
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the page's held request reached its server");
    assert_eq!(path, "/held");
    assert_eq!(eval(&mut g, "refused"), "refused");
    assert_eq!(eval(&mut g, "seq()"), "200 404 200");

    let list = ok(&g.call(json!(1), "listRequests", json!({"timing": true})));
    let rows = requests_of(&list);
    let row = |url: &str| {
        rows.iter()
            .find(|r| r["url"] == url)
            .cloned()
            .unwrap_or_else(|| panic!("{url} not listed: {list}"))
    };
    // The server holds the answer: no status, no duration, no size, no failure yet.
    let pending = row(&held_url);
    assert!(
        pending["status"].is_null()
            && pending["ms"].is_null()
            && pending["size"].is_null()
            && pending.get("failure").is_none(),
        "{pending}"
    );
    // Nothing listens: Chrome's net error. CSP refused the image: the server never saw it.
    assert_eq!(row(&refused_url)["failure"], "ERR_CONNECTION_REFUSED");
    assert_eq!(row(&web.url("/blocked.png"))["failure"], "blocked:csp");
    assert_eq!(
        web.count("/blocked.png"),
        0,
        "a blocked image reached the server"
    );
    // Oldest first; groups in the order of their first request; the page awaited each fetch
    // before the next, so each starts after the one before it ended (1 ms of rounding).
    let (a, b, c) = (
        row(&web.url("/seq/a")),
        row(&web.url("/seq/b")),
        row(&web.url("/seq/c")),
    );
    let id = |r: &Value| r["id"].as_str().unwrap()[1..].parse::<u64>().unwrap();
    assert!(id(&a) < id(&b) && id(&b) < id(&c), "{list}");
    let groups = list["groups"].as_array().unwrap();
    let group_of = |t: &str, s: Value| {
        groups
            .iter()
            .position(|gr| gr["type"] == t && gr["status"] == s)
            .unwrap_or_else(|| panic!("no {t} {s} group: {list}"))
    };
    assert!(
        group_of("Fetch", json!(200)) < group_of("Fetch", json!(404)),
        "{list}"
    );
    let in_200: Vec<u64> = groups[group_of("Fetch", json!(200))]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[0].as_u64().unwrap())
        .collect();
    assert_eq!(in_200, vec![id(&a), id(&c)], "rows oldest first: {list}");
    let end_of = |r: &Value| r["at"].as_u64().unwrap() + r["ms"].as_u64().unwrap();
    assert!(
        b["at"].as_u64().unwrap() + 1 >= end_of(&a) && c["at"].as_u64().unwrap() + 1 >= end_of(&b),
        "`at` against the page's own order: {list}"
    );
    // Only failures: the refused, the blocked and the 404; not the answered or the pending.
    let failures: Vec<String> = requests_of(&ok(&g.call(
        json!(2),
        "listRequests",
        json!({"failed": true}),
    )))
    .iter()
    .map(|r| r["url"].as_str().unwrap().to_owned())
    .collect();
    for u in [
        refused_url.clone(),
        web.url("/blocked.png"),
        web.url("/seq/b"),
    ] {
        assert!(failures.contains(&u), "{u} missing: {failures:?}");
    }
    for u in [
        web.url("/seq/a"),
        web.url("/seq/c"),
        web.url("/net"),
        held_url.clone(),
    ] {
        assert!(!failures.contains(&u), "{u} listed as failed: {failures:?}");
    }
    // The page gives up on the held request: `canceled`.
    assert_eq!(eval(&mut g, "ctl.abort(), held"), "AbortError");
    drop(held_stream);
    // Chrome's network service reports the abort after the page's promise settles: a wait for
    // the network to go idle is the wait for that report (the request is in flight until it).
    let idle = ok(&g.call(json!("idle"), "wait", json!({"kind": "networkIdle"})));
    assert_eq!(idle["satisfied"], true, "{idle}");
    let after = requests_of(&ok(&g.call(json!(3), "listRequests", json!({}))));
    let canceled = after
        .iter()
        .find(|r| r["url"] == held_url)
        .unwrap_or_else(|| panic!("{after:?}"));
    assert_eq!(canceled["failure"], "canceled", "{canceled}");

    // A cacheable script: the second page gets it from the cache (the server saw it once),
    // and the list says so.
    nav(&mut g, &web, "/cache1");
    assert_eq!(rec.count("/c.js"), 1);
    nav(&mut g, &web, "/cache2");
    assert_eq!(eval(&mut g, "window.cachedRuns"), 1, "the script ran");
    assert_eq!(rec.count("/c.js"), 1, "the cached script was fetched again");
    let list = ok(&g.call(json!(4), "listRequests", json!({})));
    let script = requests_of(&list)
        .into_iter()
        .find(|r| r["url"] == rec.url("/c.js"))
        .unwrap_or_else(|| panic!("{list}"));
    assert!(
        list["cached"]
            .as_array()
            .is_some_and(|c| c.contains(&json!(id(&script)))),
        "{list}"
    );
    let d = ok(&g.call(json!(5), "getRequest", json!({"id": script["id"]})));
    assert_eq!(d["request"]["cached"], true, "{d}");
}

// [R2] getRequest: numeric id, request.url with query values (network-details allowed),
// method, type, status, at/ms/size, bodySize (= what the page read), failure, requestBody
// `none` / text, default maxChars 4000, `unavailable` past 2 MiB, secret-named response headers
// redacted (the page read them); listRequests default maxItems 100, total, the 1,000 bound
// and `dropped` (against the server's own count of what the page asked for).

const DETAIL: &str = r#"<title>Detail</title><link rel="icon" href="data:,"><script>
window.go = async () => {
  const q = await fetch('/q?token=GETTOKEN&n=1'); window.qtext = await q.text();
  const p = await fetch('/post', {method: 'POST', body: 'sent-body'}); await p.text();
  const five = await fetch('/five'); window.fivelen = (await five.text()).length;
  const huge = await fetch('/huge'); window.hugelen = (await huge.arrayBuffer()).byteLength;
  const s = await fetch('/secrets'); await s.text();
  window.seen = ['x-api-key', 'x-session-id', 'x-signature', 'x-secret', 'x-plain'].map((h) => s.headers.get(h)).join(',');
  window.refused = await fetch('http://127.0.0.1:CLOSED/refused').then(() => 'answered', () => 'refused');
  return 'done';
};
window.many = (from, n) => Promise.all(Array.from({length: n}, (_, i) => fetch('/r/' + (from + i)).then((r) => r.status))).then((s) => s.length);
</script>"#;

#[test]
fn request_details_and_the_log_bounds_match_what_the_page_sent_and_got() {
    let closed = closed_port();
    let web = Server::start(vec![
        (
            "/detail",
            Page::html(&DETAIL.replace("CLOSED", &closed.to_string())),
        ),
        (
            "/q",
            Page {
                content_type: "application/json",
                ..Page::html(r#"{"ok":true}"#)
            },
        ),
        ("/post", Page::html("posted")),
        (
            "/five",
            Page {
                content_type: "text/plain",
                ..Page::html(&"z".repeat(5000))
            },
        ),
        (
            "/huge",
            Page {
                content_type: "text/plain",
                body: vec![b'h'; 3 * 1024 * 1024],
                ..Page::html("")
            },
        ),
        (
            "/secrets",
            Page::html("s")
                .header("X-Api-Key", "K-123")
                .header("X-Session-Id", "S-123")
                .header("X-Signature", "SIG-123")
                .header("X-Secret", "SEC-123")
                .header("X-Plain", "visible"),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/detail");
    assert_eq!(eval(&mut g, "go()"), "done");
    let first = ok(&g.call(json!(1), "listRequests", json!({})));
    let rows = requests_of(&first);
    let id_of = |url: &str| -> u64 {
        rows.iter()
            .find(|r| r["url"].as_str().unwrap().split('?').next() == Some(url))
            .map(|r| r["id"].as_str().unwrap()[1..].parse().unwrap())
            .unwrap_or_else(|| panic!("{url} not listed: {first}"))
    };

    // A numeric id; the URL with its query (the default policy allows network-details); the
    // body sizes are what the page itself read.
    let qid = id_of(&web.url("/q"));
    let q = ok(&g.call(json!(2), "getRequest", json!({"id": qid, "bodies": true})));
    let qtext = eval(&mut g, "window.qtext");
    let r = &q["request"];
    assert_eq!(r["id"], format!("r{qid}"));
    assert_eq!(r["url"], web.url("/q?token=GETTOKEN&n=1"), "{q}");
    assert_eq!(
        (r["type"].as_str(), r["status"].as_u64()),
        (Some("Fetch"), Some(200))
    );
    assert!(r.get("method").is_none(), "GET is left out: {q}");
    assert_eq!(r["bodySize"], qtext.as_str().unwrap().len(), "{q}");
    assert!(
        r["size"].as_u64().unwrap() > r["bodySize"].as_u64().unwrap()
            && r["ms"].is_u64()
            && r["at"].is_u64(),
        "{q}"
    );
    assert_eq!(
        q["requestBody"],
        json!({"none": true}),
        "a GET sends no body"
    );
    assert_eq!(q["responseBody"]["text"], qtext);
    // A POST: its method and the body the page sent.
    let p = ok(&g.call(
        json!(3),
        "getRequest",
        json!({"id": format!("r{}", id_of(&web.url("/post"))), "bodies": true}),
    ));
    assert_eq!(p["request"]["method"], "POST", "{p}");
    assert_eq!(p["requestBody"]["text"], "sent-body", "{p}");
    // Bodies: 4000 characters unless asked; past Chrome's 2 MiB per body, unavailable.
    let five = ok(&g.call(
        json!(4),
        "getRequest",
        json!({"id": id_of(&web.url("/five")), "bodies": true}),
    ));
    assert_eq!(
        five["responseBody"]["chars"],
        eval(&mut g, "window.fivelen")
    );
    assert_eq!(
        five["responseBody"]["text"]
            .as_str()
            .unwrap()
            .chars()
            .count(),
        4000
    );
    assert_eq!(five["responseBody"]["truncated"], true);
    let huge = ok(&g.call(
        json!(5),
        "getRequest",
        json!({"id": id_of(&web.url("/huge")), "bodies": true}),
    ));
    assert_eq!(
        eval(&mut g, "window.hugelen"),
        3 * 1024 * 1024,
        "the page got it all"
    );
    assert_eq!(huge["responseBody"], json!({"unavailable": true}), "{huge}");
    // Headers named like a key, session, signature or secret: redacted; the page read them.
    assert_eq!(
        eval(&mut g, "window.seen"),
        "K-123,S-123,SIG-123,SEC-123,visible"
    );
    let s = ok(&g.call(
        json!(6),
        "getRequest",
        json!({"id": id_of(&web.url("/secrets"))}),
    ));
    for h in ["x-api-key", "x-session-id", "x-signature", "x-secret"] {
        assert_eq!(s["responseHeaders"][h], "[redacted]", "{h}: {s}");
    }
    assert_eq!(s["responseHeaders"]["x-plain"], "visible");
    for v in ["K-123", "S-123", "SIG-123", "SEC-123"] {
        assert!(!s.to_string().contains(v), "{v} shown: {s}");
    }
    // A request nothing answered: its failure, no status.
    assert_eq!(eval(&mut g, "window.refused"), "refused");
    let refused = ok(&g.call(
        json!(7),
        "getRequest",
        json!({"id": id_of(&format!("http://127.0.0.1:{closed}/refused"))}),
    ));
    assert_eq!(
        refused["request"]["failure"], "ERR_CONNECTION_REFUSED",
        "{refused}"
    );
    assert!(refused["request"].get("status").is_none(), "{refused}");

    // Bounds: 100 rows unless asked, every request counted; at most 1,000 kept, the oldest
    // dropped and counted, checked against what the server was asked for.
    let base = first["total"].as_u64().unwrap();
    let asked = |web: &Server| {
        web.hits
            .lock()
            .unwrap()
            .iter()
            .filter(|p| p.starts_with("/r/"))
            .count() as u64
    };
    assert_eq!(eval(&mut g, "many(0, 120)"), 120);
    assert_eq!(asked(&web), 120);
    let page = ok(&g.call(json!(8), "listRequests", json!({})));
    assert_eq!(requests_of(&page).len(), 100, "{page}");
    assert!(page["next"].is_string(), "{page}");
    assert_eq!(page["total"], base + 120, "{page}");
    // 900 requests at once: on a loaded machine they take longer than evaluate's default
    // 10 s, which is no part of what this test reads.
    let many = ok(&g.call(
        json!("many"),
        "evaluate",
        json!({"expression": "many(120, 900)", "timeoutMs": 60000}),
    ));
    assert_eq!(many["value"], 900);
    assert_eq!(asked(&web), 1020);
    let page = ok(&g.call(json!(9), "listRequests", json!({"maxItems": 1})));
    assert_eq!(page["total"], 1000, "{page}");
    assert_eq!(page["dropped"], base + 1020 - 1000, "{page}");
    let f = failed(&g.call(json!(10), "getRequest", json!({"id": qid})));
    assert_eq!(
        f["failureKind"], "unknownRequest",
        "the oldest are dropped: {f}"
    );
}

// [C1] consoleMessages: text bound 500, source without query (the page asked with one), stack
// at most 5 frames, total (= what the page logged), default maxItems 50 with `more`, the
// 1,000 bound and `dropped`.

const LOG_JS: &str = "console.log('y'.repeat(800));\nfunction dive(n) { if (n === 0) { console.error('deep'); return; } dive(n - 1); }\ndive(8);\n";

#[test]
fn console_log_is_bounded_counted_and_keeps_no_query() {
    let web = Server::start(vec![
        (
            "/detail",
            Page::html(&format!(
                "<title>Detail</title>{ICON}<script src=\"/log.js?v=CONSOLEQ\"></script>"
            )),
        ),
        (
            "/log.js",
            Page {
                content_type: "text/javascript",
                ..Page::html(LOG_JS)
            },
        ),
        (
            "/many",
            Page::html(&format!(
                "<title>Many</title>{ICON}<script>window.logMany = (from, n) => {{ for (let i = 0; i < n; i++) console.log('n ' + (from + i)); return n; }};</script>"
            )),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/detail");
    assert_eq!(
        eval(&mut g, "document.scripts[0].src"),
        web.url("/log.js?v=CONSOLEQ"),
        "the page asked for its script with a query"
    );
    let all = ok(&g.call(json!(1), "consoleMessages", json!({})));
    assert_eq!(all["total"], 2, "the page logged twice: {all}");
    let msgs = all["messages"].as_array().unwrap();
    let long = msgs
        .iter()
        .find(|m| m["text"].as_str().unwrap_or("").starts_with("yyy"))
        .unwrap_or_else(|| panic!("{all}"));
    let text = long["text"].as_str().unwrap();
    assert_eq!(text.chars().count(), 500, "{long}");
    assert!(
        text.starts_with(&"y".repeat(499)) && text.ends_with('…'),
        "{long}"
    );
    assert_eq!(long["source"], format!("{}:1:9", web.url("/log.js")));
    assert!(
        !all.to_string().contains("CONSOLEQ"),
        "a source kept its query: {all}"
    );
    let deep = msgs
        .iter()
        .find(|m| m["text"] == "deep")
        .unwrap_or_else(|| panic!("{all}"));
    assert_eq!(deep["stack"].as_array().map(Vec::len), Some(5), "{deep}");
    assert!(
        deep["stack"][0].as_str().unwrap().starts_with("dive "),
        "{deep}"
    );

    nav(&mut g, &web, "/many");
    assert_eq!(
        ok(&g.call(json!(2), "consoleMessages", json!({})))["total"],
        0
    );
    assert_eq!(eval(&mut g, "logMany(0, 60)"), 60);
    let first = ok(&g.call(json!(3), "consoleMessages", json!({})));
    let m = first["messages"].as_array().unwrap();
    assert_eq!(
        (m.len(), &first["more"], &first["total"]),
        (50, &json!(true), &json!(60)),
        "{first}"
    );
    assert_eq!(
        (&m[0]["text"], &m[49]["text"]),
        (&json!("n 0"), &json!("n 49"))
    );
    assert_eq!(eval(&mut g, "logMany(60, 945)"), 945);
    let bounded = ok(&g.call(json!(4), "consoleMessages", json!({"maxItems": 1})));
    assert_eq!(
        (&bounded["total"], &bounded["dropped"]),
        (&json!(1000), &json!(5)),
        "{bounded}"
    );
    assert_eq!(
        bounded["messages"][0]["text"], "n 5",
        "the oldest five were dropped"
    );
}

// [E1] emulate: viewport deviceScaleFactor and mobile; viewport xor device, network xor
// throttle (refused whole, nothing applied); iPhone SE, Pixel 7, iPad Mini, Desktop HD (page
// and the User-Agent the server receives); geolocation accuracy and its default; colorScheme
// light, reducedMotion false; a refused value keeps what came before it (`applied` in the
// failure, the page sees it); slow3g, fast3g, throttle latency/download, none (the page's own
// navigator.connection / navigator.onLine); cpuSlowdown (timing-relative, see the note);
// reset applied first; `revision`.

const PROBE: &str = r#"<title>Probe</title><link rel="icon" href="data:,"><meta name="viewport" content="width=device-width"><script>
window.probe = () => JSON.stringify({
  w: innerWidth, h: innerHeight, dpr: devicePixelRatio, touch: navigator.maxTouchPoints > 0,
  ua: navigator.userAgent, light: matchMedia('(prefers-color-scheme: light)').matches,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  still: matchMedia('(prefers-reduced-motion: reduce)').matches,
});
window.place = () => new Promise((done) => navigator.geolocation.getCurrentPosition(
  (p) => done([p.coords.latitude, p.coords.longitude, p.coords.accuracy]), (e) => done('error ' + e.code), {timeout: 3000}));
window.net = (type) => new Promise((done) => {
  const c = navigator.connection;
  const now = () => ({type: c.effectiveType, rtt: c.rtt, downlink: c.downlink});
  if (c.effectiveType === type) return done(now());
  c.addEventListener('change', () => { if (c.effectiveType === type) done(now()); });
});
window.online = (want) => new Promise((done) => {
  if (navigator.onLine === want) return done(want);
  addEventListener(want ? 'online' : 'offline', () => done(navigator.onLine));
});
window.calibrate = () => { let best = 0; for (let k = 0; k < 8; k++) { let n = 0; const end = performance.now() + 5; while (performance.now() < end) n++; best = Math.max(best, n); } return best; };
window.spin = (n) => new Promise((done) => {
  new PerformanceObserver((l, o) => { o.disconnect(); done(true); }).observe({type: 'longtask'});
  setTimeout(() => { for (let i = 0; i < n; i++) performance.now(); }, 0);
});
</script>"#;

/// Navigate to `url` without the observation.
fn go(g: &mut common::Glass, url: String) -> Value {
    ok(&g.call(
        json!("go"),
        "navigate",
        json!({"url": url, "observe": false}),
    ))
}

/// What the probe page says it sees.
fn seen(g: &mut common::Glass) -> Value {
    serde_json::from_str(eval(g, "probe()").as_str().unwrap()).unwrap()
}

#[test]
fn every_emulated_setting_reaches_the_page_and_the_server() {
    let rec = common::web::Recorder::start("text/html; charset=utf-8", PROBE, "");
    let mut g = incognito(&[]);
    let start = go(&mut g, rec.url("/start"));

    // A viewport of its own ratio, mobile (with touch); emulate changes no page revision.
    let r = ok(&g.call(
        json!(1),
        "emulate",
        json!({"viewport": {"width": 600, "height": 500, "deviceScaleFactor": 2, "mobile": true}}),
    ));
    assert_eq!(r["applied"], json!(["viewport"]), "{r}");
    assert_eq!(r["revision"], start["revision"], "{r}");
    go(&mut g, rec.url("/vp"));
    let p = seen(&mut g);
    assert_eq!(
        (
            p["w"].as_u64(),
            p["h"].as_u64(),
            p["dpr"].as_f64(),
            p["touch"].as_bool()
        ),
        (Some(600), Some(500), Some(2.0), Some(true)),
        "{p}"
    );
    // Either-or arguments: refused whole, nothing applied.
    let f = failed(&g.call(
        json!(2),
        "emulate",
        json!({"viewport": {"width": 700, "height": 700}, "device": "iPhone SE"}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("viewport")),
        "{f}"
    );
    let f = failed(&g.call(
        json!(3),
        "emulate",
        json!({"network": "offline", "throttle": {"latencyMs": 100}}),
    ));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("throttle")),
        "{f}"
    );
    assert_eq!(
        eval(&mut g, "innerWidth + ',' + navigator.onLine"),
        "600,true"
    );

    // Each device: the screen the page sees and the user agent the server is sent.
    for (device, path, w, dpr, ua) in [
        ("iPhone SE", "/se", 375, 2.0, "iPhone"),
        ("Pixel 7", "/pixel", 412, 2.625, "Pixel 7"),
        ("iPad Mini", "/ipad", 768, 2.0, "iPad"),
    ] {
        let r = ok(&g.call(json!(4), "emulate", json!({"device": device})));
        assert_eq!(r["applied"], json!(["device"]), "{r}");
        go(&mut g, rec.url(path));
        let p = seen(&mut g);
        assert_eq!(
            (p["w"].as_u64(), p["dpr"].as_f64(), p["touch"].as_bool()),
            (Some(w), Some(dpr), Some(true)),
            "{device}: {p}"
        );
        assert!(p["ua"].as_str().unwrap().contains(ua), "{device}: {p}");
        let sent = rec.header(path, "user-agent").unwrap_or_default();
        assert!(sent.contains(ua), "{device}: the server was sent {sent:?}");
    }
    ok(&g.call(json!(5), "emulate", json!({"device": "Desktop HD"})));
    go(&mut g, rec.url("/desk"));
    let p = seen(&mut g);
    assert_eq!(
        (
            p["w"].as_u64(),
            p["h"].as_u64(),
            p["dpr"].as_f64(),
            p["touch"].as_bool()
        ),
        (Some(1920), Some(1080), Some(1.0), Some(false)),
        "{p}"
    );
    let sent = rec.header("/desk", "user-agent").unwrap_or_default();
    assert!(
        sent.starts_with("Mozilla/5.0") && !sent.contains("iPad") && !sent.contains("Mobile"),
        "Desktop HD sends a desktop user agent: {sent:?}"
    );
    assert_eq!(p["ua"].as_str(), Some(sent.as_str()));

    // Geolocation: the accuracy given, else 50 m.
    ok(&g.call(
        json!(6),
        "emulate",
        json!({"geolocation": {"latitude": 10.5, "longitude": 20.25, "accuracy": 7}}),
    ));
    assert_eq!(eval(&mut g, "place()"), json!([10.5, 20.25, 7]));
    ok(&g.call(
        json!(7),
        "emulate",
        json!({"geolocation": {"latitude": 1.5, "longitude": 2.5}}),
    ));
    assert_eq!(eval(&mut g, "place()"), json!([1.5, 2.5, 50]));

    // Light and no reduced motion after dark and reduced.
    ok(&g.call(
        json!(8),
        "emulate",
        json!({"colorScheme": "dark", "reducedMotion": true}),
    ));
    let p = seen(&mut g);
    assert_eq!(
        (p["dark"].as_bool(), p["still"].as_bool()),
        (Some(true), Some(true)),
        "{p}"
    );
    let r = ok(&g.call(
        json!(9),
        "emulate",
        json!({"colorScheme": "light", "reducedMotion": false}),
    ));
    assert_eq!(r["applied"], json!(["media"]));
    let p = seen(&mut g);
    assert_eq!(
        (
            p["light"].as_bool(),
            p["dark"].as_bool(),
            p["still"].as_bool()
        ),
        (Some(true), Some(false), Some(false)),
        "{p}"
    );

    // A refused value: the settings before it stay applied, and the failure says which.
    let f = failed(&g.call(
        json!(10),
        "emulate",
        json!({"geolocation": {"latitude": 5.5, "longitude": 6.5}, "timezone": "Mars/Olympus"}),
    ));
    assert_eq!(
        (f["path"].as_str(), &f["applied"]),
        (Some("timezone"), &json!(["geolocation"])),
        "{f}"
    );
    assert_eq!(eval(&mut g, "place()"), json!([5.5, 6.5, 50]));

    // Network presets and a custom throttle, as the page's own Network Information reads them
    // (Network.emulateNetworkConditions drives navigator.connection / navigator.onLine); each
    // read waits for the page's `change` event, bounded by evaluate's timeout.
    assert_ne!(eval(&mut g, "navigator.connection.effectiveType"), "2g");
    ok(&g.call(json!(11), "emulate", json!({"network": "slow3g"})));
    let n = eval(&mut g, "net('2g')");
    assert!(
        (1800.0..=2200.0).contains(&n["rtt"].as_f64().unwrap()),
        "slow3g: {n}"
    );
    ok(&g.call(json!(12), "emulate", json!({"network": "fast3g"})));
    let n = eval(&mut g, "net('3g')");
    assert!(
        (450.0..=650.0).contains(&n["rtt"].as_f64().unwrap()),
        "fast3g: {n}"
    );
    ok(&g.call(
        json!(13),
        "emulate",
        json!({"throttle": {"latencyMs": 1500, "downloadKbps": 400}}),
    ));
    let n = eval(&mut g, "net('2g')");
    let (rtt, down) = (n["rtt"].as_f64().unwrap(), n["downlink"].as_f64().unwrap());
    assert!(
        (1350.0..=1650.0).contains(&rtt) && down > 0.0 && down < 1.0,
        "throttle: {n}"
    );
    ok(&g.call(json!(14), "emulate", json!({"network": "offline"})));
    assert_eq!(eval(&mut g, "online(false)"), false);
    ok(&g.call(json!(15), "emulate", json!({"network": "none"})));
    assert_eq!(eval(&mut g, "online(true)"), true);

    // cpuSlowdown (timing-relative): work that takes the page ~20 ms (four times what it did
    // in 5 ms, the best of eight tries, so a busy machine that preempts one try does not shrink
    // it) becomes a long task of its own record (over 50 ms) at 20x. Without the slowdown the
    // promise never settles and evaluate fails at its timeout; the test never asserts a duration
    // itself.
    let n = eval(&mut g, "calibrate()").as_u64().unwrap();
    let r = ok(&g.call(json!(16), "emulate", json!({"cpuSlowdown": 20})));
    assert_eq!(r["applied"], json!(["cpuSlowdown"]));
    assert_eq!(eval(&mut g, &format!("spin({})", n * 4)), true);

    // reset comes first when given with others: the dark scheme survives it.
    let r = ok(&g.call(
        json!(17),
        "emulate",
        json!({"reset": true, "colorScheme": "dark"}),
    ));
    assert_eq!(r["applied"], json!(["reset", "media"]), "{r}");
    go(&mut g, rec.url("/after"));
    let p = seen(&mut g);
    assert_eq!(
        (p["w"].as_u64(), p["touch"].as_bool(), p["dark"].as_bool()),
        (Some(1280), Some(false), Some(true)),
        "{p}"
    );
}

// [T1] performanceTrace: stop without a trace writes nothing at its path; start+reload answers
// after the page loaded; a refused second start does not reload (server count); lcp.size,
// lcp.url (no query) and its element; cls shift ms/value and the element the page's own entry
// names; fcp; inp; renderBlocking type/ms; largestRequests (url, type, bytes, ms); longTasks
// startMs around the page's own busy loop; trace.events = the file's events.

const VITALS: &str = r#"<!doctype html><title>Vitals</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/slow.css">
<script src="/big.js" defer></script>
<div id="top"></div><img id="hero" src="/hero.svg?v=LCPQUERY" width="800" height="400" alt="Hero">
<p id="cap">Caption under the picture.</p><button id="b">Slow</button>
<script>
setTimeout(() => {
  const d = document.createElement('div'); d.style.height = '120px'; d.textContent = 'Banner';
  document.getElementById('top').appendChild(d);
}, 300);
document.getElementById('b').addEventListener('click', () => {
  const end = performance.now() + 120; while (performance.now() < end) {}
});
window.addEventListener('load', () => setTimeout(() => {
  const start = performance.now(), end = start + 250; while (performance.now() < end) {}
  window.busyStart = start; window.busyMs = performance.now() - start; window.busyDone = true;
}, 600));
window.entries = (type) => new Promise((done) => {
  const got = [];
  const po = new PerformanceObserver((l) => { for (const e of l.getEntries()) got.push(e); });
  po.observe({type, buffered: true});
  setTimeout(() => { for (const e of po.takeRecords()) got.push(e); po.disconnect(); done(got); }, 0);
});
window.interacted = () => new Promise((done) => new PerformanceObserver((l, o) => {
  if (l.getEntries().some((e) => e.interactionId > 0)) { o.disconnect(); done(true); }
}).observe({type: 'event', buffered: true}));
</script>"#;

/// A picture with enough detail for Chrome to count it as content (it leaves low-entropy
/// images, a single colour, out of LCP): 400 small squares of changing colours.
fn hero() -> String {
    let mut svg =
        String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">"#);
    for i in 0..400u32 {
        let (x, y) = ((i % 40) * 20, (i / 40) * 40);
        svg.push_str(&format!(
            r##"<rect x="{x}" y="{y}" width="20" height="40" fill="#{:02x}{:02x}{:02x}"/>"##,
            (i * 37) % 256,
            (i * 91) % 256,
            (i * 53) % 256
        ));
    }
    svg.push_str("</svg>");
    svg
}

#[test]
fn a_trace_reports_what_the_page_itself_timed() {
    let big_js = format!("window.big = 1;\n/*{}*/\n", "b".repeat(300_000));
    let web = Server::start(vec![
        ("/vitals", Page::html(VITALS)),
        (
            "/slow.css",
            Page {
                content_type: "text/css",
                ..Page::html("p { font-size: 20px }")
            }
            .delayed(400),
        ),
        (
            "/big.js",
            Page {
                content_type: "text/javascript",
                ..Page::html(&big_js)
            },
        ),
        (
            "/hero.svg",
            Page {
                content_type: "image/svg+xml",
                ..Page::html(&hero())
            },
        ),
    ]);
    let dir = temp_dir("trace-page");
    let path = dir.join("vitals.json");
    let nothing = dir.join("none.json");
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/vitals");
    let f = failed(&g.call(
        json!(1),
        "performanceTrace",
        json!({"action": "stop", "path": nothing}),
    ));
    assert_eq!(f["failureKind"], "noTrace", "{f}");
    assert!(!nothing.exists(), "a stop without a trace wrote its file");
    let started = ok(&g.call(
        json!(2),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    assert_eq!(started["reloaded"], true, "{started}");
    assert_eq!(web.count("/vitals"), 2);
    assert_eq!(
        eval(&mut g, "document.readyState"),
        "complete",
        "start answered before the reloaded page loaded (its stylesheet takes 400 ms)"
    );
    let f = failed(&g.call(
        json!(3),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    assert_eq!(f["failureKind"], "traceRunning", "{f}");
    assert_eq!(web.count("/vitals"), 2, "a refused start reloaded the page");

    // The page's own work: the banner's shift, the busy loop, a slow click.
    ok(&g.call(
        json!(4),
        "wait",
        json!({"kind": "textPresent", "text": "Banner"}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "new Promise(r => { const t = () => window.busyDone ? r(true) : setTimeout(t, 20); t(); })"
        ),
        true
    );
    ok(&g.call(json!(5), "click", json!({"target": "css=#b"})));
    assert_eq!(eval(&mut g, "interacted()"), true);
    let r = ok(&g.call(
        json!(6),
        "performanceTrace",
        json!({"action": "stop", "path": path}),
    ));
    let v = &r["vitals"];

    // LCP: the picture, its size and its URL without the query the page asked with.
    let lcp = eval(
        &mut g,
        "entries('largest-contentful-paint').then((es) => { const e = es[es.length - 1]; return {ms: Math.round(e.startTime), size: e.size, url: e.url, id: e.element ? e.element.id : null}; })",
    );
    assert_eq!(
        lcp["id"], "hero",
        "the page's own LCP is the picture: {lcp}"
    );
    assert_eq!(
        (&v["lcp"]["ms"], &v["lcp"]["size"]),
        (&lcp["ms"], &lcp["size"]),
        "{r}"
    );
    assert!(
        lcp["url"]
            .as_str()
            .unwrap()
            .ends_with("/hero.svg?v=LCPQUERY"),
        "{lcp}"
    );
    assert_eq!(v["lcp"]["url"], web.url("/hero.svg"), "{r}");
    let lcp_ref = v["lcp"]["element"]["ref"]
        .as_str()
        .expect("LCP names its element");
    let dom = ok(&g.call(json!(7), "getDOM", json!({"target": lcp_ref})));
    assert!(
        dom["html"].as_str().unwrap().contains("id=\"hero\""),
        "{dom}"
    );

    // CLS: the largest shift's time and value, and its element is the one the page's entry names.
    let shift = eval(
        &mut g,
        "entries('layout-shift').then((es) => { const s = es.filter((e) => !e.hadRecentInput).sort((a, b) => b.value - a.value)[0]; const n = s.sources[0].node; const el = n.nodeType === 1 ? n : n.parentElement; return {ms: Math.round(s.startTime), value: Math.round(s.value * 10000) / 10000, id: el.id}; })",
    );
    let top = &v["cls"]["shifts"][0];
    assert_eq!(
        (&top["ms"], &top["value"]),
        (&shift["ms"], &shift["value"]),
        "{r}"
    );
    let shifted = top["element"]["ref"]
        .as_str()
        .expect("the shift names its element");
    let dom = ok(&g.call(json!(8), "getDOM", json!({"target": shifted})));
    assert!(
        dom["html"]
            .as_str()
            .unwrap()
            .contains(&format!("id=\"{}\"", shift["id"].as_str().unwrap())),
        "{shift} {dom}"
    );

    // FCP and INP: the page's own paint and its slowest interaction.
    let fcp = eval(
        &mut g,
        "entries('paint').then((es) => Math.round(es.find((e) => e.name === 'first-contentful-paint').startTime))",
    );
    assert_eq!(v["fcp"]["ms"], fcp, "{r}");
    let inp = eval(
        &mut g,
        "entries('event').then((es) => { const i = es.filter((e) => e.interactionId > 0).sort((a, b) => b.duration - a.duration); return {ms: Math.round(i[0].duration), names: i.filter((e) => e.duration === i[0].duration).map((e) => e.name)}; })",
    );
    assert_eq!(v["inp"]["ms"], inp["ms"], "{r}");
    assert!(
        inp["names"]
            .as_array()
            .unwrap()
            .contains(&v["inp"]["event"]),
        "{inp} {r}"
    );

    // Render-blocking: exactly the page's own blocking resources, with their type and time.
    let blocking = eval(
        &mut g,
        "entries('resource').then((es) => es.filter((e) => e.renderBlockingStatus === 'blocking').map((e) => ({url: e.name.split('?')[0], type: e.initiatorType, ms: Math.round(e.duration)})))",
    );
    assert_eq!(r["renderBlocking"], blocking, "{r}");
    assert!(
        blocking
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["url"] == web.url("/slow.css"))
    );

    // Largest request: the big script, at least the bytes the server sent, as the page timed it.
    let big = eval(
        &mut g,
        "entries('resource').then((es) => { const e = es.find((x) => x.name.endsWith('/big.js')); return {bytes: e.transferSize || e.encodedBodySize, ms: Math.round(e.duration)}; })",
    );
    let largest = &r["largestRequests"][0];
    assert_eq!(
        (largest["url"].as_str(), largest["type"].as_str()),
        (Some(web.url("/big.js").as_str()), Some("script")),
        "{r}"
    );
    assert_eq!(
        (&largest["bytes"], &largest["ms"]),
        (&big["bytes"], &big["ms"]),
        "{r}"
    );
    assert!(
        largest["bytes"].as_u64().unwrap() >= big_js.len() as u64,
        "{r}"
    );

    // Long tasks: the busy loop and the slow click; one listed task spans the loop the page
    // timed (5 ms for the two clocks' alignment).
    let busy_start = eval(&mut g, "window.busyStart").as_f64().unwrap();
    let busy_ms = eval(&mut g, "window.busyMs").as_f64().unwrap();
    assert!(r["longTasks"]["count"].as_u64().unwrap() >= 2, "{r}");
    let spans = r["longTasks"]["longest"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| {
            let (s, ms) = (t["startMs"].as_f64().unwrap(), t["ms"].as_f64().unwrap());
            s <= busy_start + 5.0 && s + ms + 5.0 >= busy_start + busy_ms
        });
    assert!(
        spans,
        "no long task spans the page's busy loop ({busy_start} + {busy_ms}): {r}"
    );
    // `longest` is the longest first.
    let ms: Vec<f64> = r["longTasks"]["longest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["ms"].as_f64().unwrap())
        .collect();
    assert!(ms.windows(2).all(|w| w[0] >= w[1]), "{r}");

    // The trace's event count is the file's.
    let doc: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(
        r["trace"]["events"],
        doc["traceEvents"].as_array().map(Vec::len).unwrap()
    );
}

/// FCP is the first paint with content, not the first paint: a page that adds its text once its
/// background has painted gets the later one. A script the cache answered on the reload has no
/// transfer size; its size among the largest requests is its body's.
#[test]
fn a_trace_tells_content_from_a_paint_and_sizes_a_cached_request_by_its_body() {
    let cached_js = format!("window.cached = 1;\n/*{}*/\n", "c".repeat(200_000));
    let web = Server::start(vec![
        (
            "/paints",
            Page::html(
                r#"<!doctype html><title>Paints</title><link rel="icon" href="data:,">
<body style="background:#246"><div style="height:80px;background:#8ac"></div>
<script src="/cached.js" defer></script>
<script>new PerformanceObserver((list, o) => {
  if (!list.getEntries().some((e) => e.name === 'first-paint')) return;
  o.disconnect();
  const p = document.createElement('p'); p.textContent = 'Content arrives'; document.body.appendChild(p);
}).observe({type: 'paint', buffered: true});</script>"#,
            ),
        ),
        (
            "/cached.js",
            Page {
                content_type: "text/javascript",
                ..Page::html(&cached_js)
            }
            .header("Cache-Control", "max-age=3600"),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/paints");
    ok(&g.call(
        json!(1),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "Content arrives"}),
    ));
    let r = ok(&g.call(json!(3), "performanceTrace", json!({"action": "stop"})));
    assert_eq!(
        web.count("/cached.js"),
        1,
        "the reload fetched the script again"
    );

    let paints = eval(
        &mut g,
        "(() => { const p = performance.getEntriesByType('paint'); const at = (n) => Math.round(p.find((e) => e.name === n).startTime); return {fp: at('first-paint'), fcp: at('first-contentful-paint')}; })()",
    );
    assert!(
        paints["fp"].as_u64() < paints["fcp"].as_u64(),
        "the page painted its background before its text: {paints}"
    );
    assert_eq!(r["vitals"]["fcp"]["ms"], paints["fcp"], "{r}");

    let script = eval(
        &mut g,
        "(() => { const e = performance.getEntriesByType('resource').find((x) => x.name.endsWith('/cached.js')); return {transfer: e.transferSize, body: e.encodedBodySize}; })()",
    );
    assert_eq!(script["transfer"], 0, "the cache answered: {script}");
    let largest = &r["largestRequests"][0];
    assert_eq!(largest["url"], web.url("/cached.js"), "{r}");
    assert_eq!(largest["bytes"], script["body"], "{r}");
    assert!(
        largest["bytes"].as_u64().unwrap() >= cached_js.len() as u64,
        "{r}"
    );
}

// [P1] printToPdf: every paper (letter by default) and landscape, read from the file's
// /MediaBox; background (an image XObject only when asked); result `path` and `revision`; a
// relative path writes nothing; `screenshot` put behind a confirmation writes no file until
// the token comes back.

/// Width and height in points of a PDF's first page, as its `/MediaBox` says.
fn media_box(pdf: &[u8]) -> (f64, f64) {
    let text = String::from_utf8_lossy(pdf);
    let at = text.find("/MediaBox").expect("a page size");
    let rest = &text[at..];
    let (open, close) = (rest.find('[').unwrap(), rest.find(']').unwrap());
    let n: Vec<f64> = rest[open + 1..close]
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    (n[2] - n[0], n[3] - n[1])
}

/// Image objects in a PDF (their dictionaries are plain text even when their data is not).
fn images_in(pdf: &[u8]) -> usize {
    let needle = b"/Subtype /Image";
    pdf.windows(needle.len()).filter(|w| w == needle).count()
}

#[test]
fn print_options_shape_the_file_on_disk() {
    let web = Server::start(vec![
        (
            "/bg",
            Page::html(
                r#"<title>Bg</title><link rel="icon" href="data:,"><style>#box{width:300px;height:200px;background:url(/bg.png) no-repeat;background-size:300px 200px}</style><div id="box"></div><p>Boxed</p>"#,
            ),
        ),
        (
            "/bg.png",
            Page {
                content_type: "image/png",
                body: PIXEL.to_vec(),
                ..Page::html("")
            },
        ),
    ]);
    let dir = temp_dir("pdf-options");
    let mut g = incognito(&[]);
    // No evaluate before the loop: it bumps the revision the answers are compared with.
    let page = nav(&mut g, &web, "/bg");
    let papers = [
        (None, 612.0, 792.0),
        (Some("letter"), 612.0, 792.0),
        (Some("legal"), 612.0, 1008.0),
        (Some("tabloid"), 792.0, 1224.0),
        (Some("a3"), 841.68, 1190.88),
        (Some("a4"), 595.44, 841.68),
        (Some("a5"), 419.76, 595.44),
    ];
    for (i, (paper, w, h)) in papers.iter().enumerate() {
        for landscape in [false, true] {
            let file = dir.join(format!("p{i}-{landscape}.pdf"));
            let mut args = json!({"path": file});
            if let Some(p) = paper {
                args["paper"] = json!(p);
            }
            if landscape {
                args["landscape"] = json!(true);
            }
            let r = ok(&g.call(json!("p"), "printToPdf", args));
            let (bw, bh) = media_box(&std::fs::read(&file).unwrap());
            let (ew, eh) = if landscape { (*h, *w) } else { (*w, *h) };
            assert!(
                (bw - ew).abs() < 1.5 && (bh - eh).abs() < 1.5,
                "{paper:?} landscape {landscape}: {bw} x {bh}, not {ew} x {eh}"
            );
            assert_eq!(
                r["path"],
                file.canonicalize().unwrap().to_str().unwrap(),
                "{r}"
            );
            assert_eq!(r["revision"], page["revision"], "{r}");
        }
    }
    // Backgrounds only when asked: the background image is in the file only then.
    assert_eq!(
        eval(
            &mut g,
            "getComputedStyle(document.getElementById('box')).backgroundImage.includes('bg.png')"
        ),
        true,
        "the page has a background image to print"
    );
    let (plain, filled) = (dir.join("plain.pdf"), dir.join("filled.pdf"));
    ok(&g.call(json!(1), "printToPdf", json!({"path": plain})));
    ok(&g.call(
        json!(2),
        "printToPdf",
        json!({"path": filled, "background": true}),
    ));
    assert_eq!(
        images_in(&std::fs::read(&plain).unwrap()),
        0,
        "a background printed unasked"
    );
    assert!(
        images_in(&std::fs::read(&filled).unwrap()) >= 1,
        "background: true printed none"
    );
    // A relative path is refused and nothing lands in the working directory.
    let relative = format!("glass-audit-{}.pdf", std::process::id());
    let f = failed(&g.call(json!(3), "printToPdf", json!({"path": relative})));
    assert_eq!(
        (f["kind"].as_str(), f["path"].as_str()),
        (Some("invalidArguments"), Some("path")),
        "{f}"
    );
    assert!(!std::path::Path::new(&relative).exists());
    drop(g);

    // Needs `screenshot`: put behind a confirmation, no file until the token comes back.
    let mut c = incognito(&["--policy-confirm", "screenshot"]);
    nav(&mut c, &web, "/bg");
    let file = dir.join("confirmed.pdf");
    let e = failed(&c.call(json!(4), "printToPdf", json!({"path": file})));
    assert_eq!(e["kind"], "confirmationRequired", "{e}");
    assert!(!file.exists(), "printed before the confirmation");
    ok(&c.call(
        json!(5),
        "printToPdf",
        json!({"path": file, "confirmToken": e["confirmToken"]}),
    ));
    assert!(std::fs::read(&file).unwrap().starts_with(b"%PDF-"));
}
