//! Browser tools through the real binary against real Chromium, on pages this test serves on
//! 127.0.0.1.

use crate::common;

use std::time::{Duration, Instant};

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, tool_json};
use serde_json::{Value, json};

const FORM: &str = r##"<!doctype html><title>Form</title>
<h1>Shipping</h1>
<form onsubmit="event.preventDefault(); document.title = 'submitted'">
<label for="city">City</label><input id="city" name="city">
<label>Email <input id="email" type="email"></label>
<input id="phone" aria-label="Phone" placeholder="Phone number">
<select id="country" aria-label="Country"><option value="my">Malaysia</option><option value="nz">New Zealand</option></select>
<label><input type="checkbox" id="terms"> Accept terms</label>
<button id="save" type="button" onclick="window.saved = (window.saved||0) + 1">Save</button>
<button type="submit">Submit</button>
</form>
<a href="/second">Second page</a>
<button id="go" onclick="location.href='/second'">Go by script</button>
<a href="#section">Jump</a><div id="section" style="margin-top:2000px">Section</div>"##;

fn pages() -> Server {
    let list: String = (0..2000)
        .map(|i| format!("<li>Item {i} <button>Buy {i}</button></li>"))
        .collect();
    Server::start(vec![
        ("/form", Page::html(FORM)),
        (
            "/second",
            Page::html("<title>Second</title><p>Second page</p><button>Only here</button>"),
        ),
        (
            "/list",
            Page::html(&format!("<title>List</title><ul>{list}</ul>")),
        ),
        (
            "/dupes",
            Page::html("<title>Dupes</title><button>Delete</button><button>Delete</button>"),
        ),
        (
            "/plain-overlay",
            Page::html(
                r#"<title>Overlay</title><button id="b" onclick="window.hit=1">Pay</button>
            <div id="cover" style="position:fixed;inset:0;background:rgba(0,0,0,.3)">Loading prices</div>"#,
            ),
        ),
        (
            "/overlay",
            Page::html(
                r#"<title>Overlay</title><button id="b" onclick="window.hit=1">Pay</button>
            <div id="cover" role="dialog" aria-label="Cookie notice" style="position:fixed;inset:0;background:rgba(0,0,0,.3)"></div>"#,
            ),
        ),
        (
            "/late",
            Page::html(
                r#"<title>Late</title><script>setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Ready'; document.body.append(b); }, 800)</script>"#,
            ),
        ),
        (
            "/pointer-events",
            Page::html(
                r#"<title>Events</title><button id="b">Log</button><script>window.log = []; for (const t of ['mouseover', 'mousemove', 'mousedown', 'mouseup', 'click', 'dblclick']) b.addEventListener(t, () => log.push(t))</script>"#,
            ),
        ),
        (
            "/busy",
            Page::html(
                r#"<title>Busy</title><script>window.addEventListener('load', () => fetch('/slow').then(r => r.text()).then(t => { window.fetched = t; }))</script>"#,
            ),
        ),
        ("/slow", Page::html("slow answer").delayed(700)),
        (
            "/slow-image-page",
            Page::html(r#"<title>Slow image</title><img src="/slow-image">"#),
        ),
        ("/slow-image", Page::status(404).delayed(3000)),
        (
            "/image-page",
            Page::html(r#"<title>Image</title><img src="/image">"#),
        ),
        ("/image", Page::status(404).delayed(800)),
        (
            "/reflow",
            Page::html(
                r#"<title>Reflow</title><div id="top"></div><button onclick="window.clicked = 'target'">Target</button><button onclick="window.clicked = 'other'">Other</button>"#,
            ),
        ),
        ("/nocontent", Page::status(204)),
    ])
}

fn browser() -> Glass {
    common::incognito(&["--interaction", "fast"])
}

fn find_ref(elements: &Value, role: &str, name: &str) -> String {
    common::ref_of(elements, role, name)
}

#[test]
fn navigate_reports_page_state_and_observation() {
    let web = pages();
    let mut g = browser();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/form")})));
    assert_eq!(loaded["title"], "Form");
    assert_eq!(loaded["status"], 200);
    assert_eq!(loaded["outcome"], "loaded");
    assert!(loaded["revision"].as_u64().unwrap() > 0);
    let elements = &loaded["observation"]["elements"];
    find_ref(elements, "textbox", "City");
    find_ref(elements, "textbox", "Email");
    find_ref(elements, "textbox", "Phone");
    find_ref(elements, "combobox", "Country");
    find_ref(elements, "checkbox", "Accept terms");
    find_ref(elements, "button", "Save");
    find_ref(elements, "link", "Second page");
    // Page-derived text is labelled as untrusted, before it and in structuredContent.
    let raw = g.call(json!("l"), "observe", json!({}));
    let label = raw["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        label.starts_with("Glass: ") && label.contains("untrustedFields") && label.len() <= 60,
        "{label}"
    );
    let structured = &raw["result"]["structuredContent"];
    assert_eq!(structured["trust"], "untrusted_page_content");
    assert!(
        structured["untrustedFields"]
            .as_array()
            .unwrap()
            .contains(&json!("elements"))
    );
    let plain = nav(&mut g, &web, "/second");
    assert!(plain.get("observation").is_none());
    assert_eq!(plain["title"], "Second");
}

#[test]
fn back_to_back_navigations_each_wait_for_their_own_document() {
    // The previous document's late "stopped loading" event must not end the next navigation
    // before its own document commits and loads.
    let web = pages();
    let mut g = browser();
    for i in 0..12 {
        let (path, title) = if i % 2 == 0 {
            ("/second", "Second")
        } else {
            ("/form", "Form")
        };
        let r = nav(&mut g, &web, path);
        assert_eq!(r["outcome"], "loaded", "navigation {i}: {r}");
        assert_eq!(r["title"], title, "navigation {i}: {r}");
        assert_eq!(r["status"], 200, "navigation {i}: {r}");
    }
}

#[test]
fn no_content_and_same_document_navigations_return_promptly() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/form");
    // Each ends with its own outcome, never as "timeout" (the wait a hang would end in).
    let r = nav(&mut g, &web, "/nocontent");
    assert_eq!(r["outcome"], "noContent");
    let r = nav(&mut g, &web, "/form#section");
    assert_eq!(r["outcome"], "sameDocument");
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let r = failed(&g.call(
        json!(4),
        "navigate",
        json!({"url": format!("http://127.0.0.1:{closed_port}/"), "observe": false}),
    ));
    assert_eq!(r["kind"], "navigation");
    assert_eq!(r["outcome"], "error");
    assert_eq!(r["netError"], "ERR_CONNECTION_REFUSED");
}

#[test]
fn compact_observe_of_a_2000_item_page_stays_under_24_kib() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/list");
    let r = g.call(json!(2), "observe", json!({}));
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.len() < 24 * 1024,
        "compact observe is {} bytes",
        text.len()
    );
    let o = tool_json(&r);
    assert_eq!(o["truncated"], true);
    assert!(common::all_elements(&o["elements"]).len() > 50);
    // Levels and explicit extras.
    let summary = ok(&g.call(json!(3), "observe", json!({"level": "summary"})));
    assert!(summary.get("dom").is_none());
    let with_dom = ok(&g.call(
        json!(4),
        "observe",
        json!({"level": "summary", "includeDom": true}),
    ));
    assert!(
        with_dom["dom"]["html"]
            .as_str()
            .unwrap()
            .contains("Buy 1999")
            || with_dom["dom"]["truncated"] == true
    );
}

#[test]
fn click_type_select_check_act_and_verify() {
    let web = pages();
    let mut g = browser();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/form")})));
    let els = loaded["observation"]["elements"].clone();
    let save = find_ref(&els, "button", "Save");
    let r = ok(&g.call(json!(2), "click", json!({"target": save})));
    assert_eq!(r["ok"], true);
    assert!(r.to_string().len() < 1024);
    assert_eq!(eval(&mut g, "window.saved"), 1);
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": find_ref(&els, "textbox", "City"), "text": "Kuching"}),
    ));
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": "css=#city", "text": "Miri", "clear": true}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelector('#city').value"),
        "Miri"
    );
    ok(&g.call(
        json!(5),
        "select",
        json!({"target": find_ref(&els, "combobox", "Country"), "value": "nz"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelector('#country').value"),
        "nz"
    );
    ok(&g.call(
        json!(6),
        "select",
        json!({"target": "name=Country", "label": "Malaysia"}),
    ));
    assert_eq!(
        eval(&mut g, "document.querySelector('#country').value"),
        "my"
    );
    let terms = find_ref(&els, "checkbox", "Accept terms");
    ok(&g.call(json!(7), "check", json!({"target": terms})));
    assert_eq!(
        eval(&mut g, "document.querySelector('#terms').checked"),
        true
    );
    let again = ok(&g.call(json!(8), "check", json!({"target": terms})));
    assert_eq!(again["changed"], false);
    ok(&g.call(json!(9), "uncheck", json!({"target": terms})));
    assert_eq!(
        eval(&mut g, "document.querySelector('#terms').checked"),
        false
    );
    ok(&g.call(json!(10), "clear", json!({"target": "css=#city"})));
    assert_eq!(eval(&mut g, "document.querySelector('#city').value"), "");
    ok(&g.call(
        json!(11),
        "type",
        json!({"target": "role=textbox;name=City", "text": "Sibu", "submit": true}),
    ));
    assert_eq!(eval(&mut g, "document.title"), "submitted");
    ok(&g.call(json!(12), "key", json!({"key": "Tab"})));
    ok(&g.call(json!(13), "shortcut", json!({"keys": "Shift+Tab"})));
    ok(&g.call(json!(14), "hover", json!({"target": save})));
    ok(&g.call(json!(15), "doubleClick", json!({"target": save})));
    assert_eq!(eval(&mut g, "window.saved"), 3);
}

#[test]
fn duplicate_labels_are_ambiguous_and_nothing_is_clicked() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/dupes");
    eval(
        &mut g,
        "document.querySelectorAll('button').forEach(b => b.onclick = () => window.clicked = true)",
    );
    let e = failed(&g.call(json!(2), "click", json!({"target": "text=Delete"})));
    assert_eq!(e["kind"], "targeting");
    assert_eq!(e["failureKind"], "ambiguous");
    let candidates = e["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 2);
    assert!(
        candidates
            .iter()
            .all(|c| c["ref"].is_string() && c["name"] == "Delete")
    );
    assert_eq!(eval(&mut g, "window.clicked === undefined"), true);
    // A candidate ref is exact.
    ok(&g.call(json!(3), "click", json!({"target": candidates[1]["ref"]})));
    assert_eq!(eval(&mut g, "window.clicked"), true);
}

#[test]
fn an_overlay_blocks_the_click_and_is_named() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/overlay");
    // The notice is a dialog over the whole window: the page behind it is out of reach, and
    // the dialog is named as what stands in the way.
    let e = failed(&g.call(json!(2), "click", json!({"target": "role=button;name=Pay"})));
    assert_eq!(e["failureKind"], "notVisible", "{e}");
    assert_eq!(e["blocker"]["name"], "Cookie notice", "{e}");
    assert_eq!(eval(&mut g, "window.hit === undefined"), true);
    // A cover that is no dialog blocks the press, and is named by its words.
    nav(&mut g, &web, "/plain-overlay");
    let e = failed(&g.call(json!(3), "click", json!({"target": "role=button;name=Pay"})));
    assert_eq!(e["failureKind"], "blocked", "{e}");
    assert_eq!(e["blocker"]["name"], "Loading prices", "{e}");
    assert_eq!(eval(&mut g, "window.hit === undefined"), true);
}

#[test]
fn a_click_is_a_move_then_press_and_release_in_order() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/pointer-events");
    ok(&g.call(json!(2), "click", json!({"target": "css=#b"})));
    assert_eq!(
        eval(&mut g, "log.join()"),
        "mouseover,mousemove,mousedown,mouseup,click"
    );
    eval(&mut g, "log.length = 0");
    ok(&g.call(json!(3), "doubleClick", json!({"target": "css=#b"})));
    assert_eq!(
        eval(&mut g, "log.join()"),
        "mousemove,mousedown,mouseup,click,mousedown,mouseup,click,dblclick"
    );
}

#[test]
fn navigate_waits_until_commit_domcontentloaded_or_load() {
    let web = pages();
    let mut g = browser();
    let go = |g: &mut Glass, until: &str| {
        ok(&g.call(
            json!("go"),
            "navigate",
            json!({"url": web.url("/image-page"), "waitUntil": until, "observe": false}),
        ))
    };
    // The image answers after 800 ms, so only "load" waits for it.
    let r = go(&mut g, "load");
    assert_eq!(r["outcome"], "loaded");
    assert_eq!(eval(&mut g, "document.readyState"), "complete");
    let r = go(&mut g, "domcontentloaded");
    assert_eq!(r["title"], "Image");
    assert_eq!(eval(&mut g, "document.readyState"), "interactive");
    let r = go(&mut g, "commit");
    assert_eq!(r["outcome"], "loaded");
    assert_ne!(eval(&mut g, "document.readyState"), "complete");
}

#[test]
fn network_idle_waits_for_a_request_started_after_load() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/busy");
    let r = ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 10000}),
    ));
    assert_eq!(r["satisfied"], true);
    // The fetch begins in the load event and its answer takes 700 ms: idle means it is done.
    assert_eq!(eval(&mut g, "window.fetched"), "slow answer");
    // Quiet now, so a second wait is satisfied at once; a page still loading an image is not.
    ok(&g.call(json!(3), "wait", json!({"kind": "networkIdle"})));
    ok(&g.call(
        json!(4),
        "navigate",
        json!({"url": web.url("/slow-image-page"), "waitUntil": "domcontentloaded", "observe": false}),
    ));
    let r = failed(&g.call(
        json!(5),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 300}),
    ));
    assert_eq!(r["kind"], "waitTimeout");
    // Selecting another page starts its own count (the slow image of the last one does not
    // keep it busy), also when it loaded before it was selected and sends no load event.
    let created = ok(&g.call(json!(6), "createTarget", json!({"url": web.url("/second")})));
    // Until the new page has loaded (its title shows in the target list).
    let end = Instant::now() + Duration::from_secs(20);
    while !ok(&g.call(json!(7), "listTargets", json!({})))
        .to_string()
        .contains("Second")
    {
        assert!(Instant::now() < end, "the created page never loaded");
    }
    ok(&g.call(
        json!(8),
        "selectTarget",
        json!({"targetId": created["targetId"]}),
    ));
    ok(&g.call(
        json!(9),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 5000}),
    ));
}

#[test]
fn wait_sees_an_element_that_appears_after_800_ms() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/late");
    let r = ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "elementVisible", "target": "role=button;name=Ready", "timeoutMs": 5000}),
    ));
    assert_eq!(r["satisfied"], true);
    let r = ok(&g.call(
        json!(3),
        "wait",
        json!({"kind": "textPresent", "text": "Ready"}),
    ));
    assert_eq!(r["satisfied"], true);
    let r = failed(&g.call(
        json!(4),
        "wait",
        json!({"kind": "textPresent", "text": "Never", "timeoutMs": 300}),
    ));
    assert_eq!(r["kind"], "waitTimeout");
    ok(&g.call(
        json!(5),
        "wait",
        json!({"kind": "urlMatches", "url": "*/late"}),
    ));
    ok(&g.call(
        json!(6),
        "wait",
        json!({"kind": "loadState", "state": "load"}),
    ));
}

#[test]
fn a_reflow_between_observe_and_click_still_hits_the_right_element() {
    let web = pages();
    let mut g = browser();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/reflow")})));
    let target = find_ref(&loaded["observation"]["elements"], "button", "Target");
    eval(
        &mut g,
        "document.querySelector('#top').style.height = '600px'",
    );
    ok(&g.call(json!(2), "click", json!({"target": target})));
    assert_eq!(eval(&mut g, "window.clicked"), "target");
}

#[test]
fn navigation_by_link_and_by_script_is_reported() {
    let web = pages();
    let mut g = browser();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/form")})));
    let link = find_ref(&loaded["observation"]["elements"], "link", "Second page");
    let r = ok(&g.call(json!(2), "click", json!({"target": link})));
    assert!(
        r["caused"]["navigation"]["url"]
            .as_str()
            .unwrap()
            .ends_with("/second"),
        "{r}"
    );
    assert_eq!(eval(&mut g, "document.title"), "Second");
    nav(&mut g, &web, "/form");
    let r = ok(&g.call(
        json!(4),
        "click",
        json!({"target": "role=button;name=Go by script"}),
    ));
    assert!(
        r["caused"]["navigation"]["url"]
            .as_str()
            .unwrap()
            .ends_with("/second"),
        "{r}"
    );
}

#[test]
fn refs_from_an_old_document_are_stale_with_recovery_data() {
    let web = pages();
    let mut g = browser();
    let loaded = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/form")})));
    let save = find_ref(&loaded["observation"]["elements"], "button", "Save");
    nav(&mut g, &web, "/form");
    let e = failed(&g.call(json!(3), "click", json!({"target": save})));
    assert_eq!(e["failureKind"], "staleRef");
    assert!(e["refRevision"].as_u64().unwrap() < e["currentRevision"].as_u64().unwrap());
    let fresh = e["candidates"].as_array().unwrap();
    assert_eq!(fresh.len(), 1);
    assert_eq!(fresh[0]["name"], "Save");
    assert_ne!(
        fresh[0]["ref"], save,
        "a ref is never reissued for another node"
    );
    assert_eq!(
        eval(&mut g, "window.saved === undefined"),
        true,
        "never silently retargeted"
    );
    let e = failed(&g.call(json!(4), "click", json!({"target": "e999999"})));
    assert_eq!(e["failureKind"], "notFound");
}

/// Width and height from a base64 PNG's header (IHDR: bytes 16 to 24).
#[test]
fn screenshot_get_text_get_dom_scroll_and_evaluate() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/form");
    let shot = g.call(json!(2), "screenshot", json!({}));
    let image = shot["result"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "image")
        .unwrap();
    assert!(
        shot["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Glass: ")
    );
    assert_eq!(
        shot["result"]["structuredContent"]["trust"],
        "untrusted_page_content"
    );
    assert_eq!(image["type"], "image");
    assert_eq!(image["mimeType"], "image/png");
    assert!(image["data"].as_str().unwrap().starts_with("iVBORw0KGgo"));
    // A 1280 x 720 viewport, as the page sees it and as the PNG shows it.
    assert_eq!(eval(&mut g, "innerWidth + 'x' + innerHeight"), "1280x720");
    assert_eq!(
        common::png_size(image["data"].as_str().unwrap()),
        (1280, 720)
    );
    let el = g.call(json!(3), "screenshot", json!({"target": "css=#save"}));
    assert_eq!(el["result"]["content"][2]["type"], "image");
    let text = ok(&g.call(json!(4), "getText", json!({"maxChars": 20})));
    assert_eq!(text["truncated"], true);
    assert!(text["text"].as_str().unwrap().chars().count() <= 20);
    let dom = ok(&g.call(json!(5), "getDOM", json!({"target": "css=select"})));
    assert!(dom["html"].as_str().unwrap().starts_with("<select"));
    let s = ok(&g.call(json!(6), "scroll", json!({"dy": 500})));
    assert_eq!(s["scrollY"], 500);
    let v = ok(&g.call(
        json!(7),
        "evaluate",
        json!({"expression": "Promise.resolve({a: [1, 2]})"}),
    ));
    assert_eq!(v["value"], json!({"a": [1, 2]}));
    let e = failed(&g.call(
        json!(8),
        "evaluate",
        json!({"expression": "throw new TypeError('SECRET-CANARY')"}),
    ));
    assert_eq!(e["exception"], "TypeError");
    assert!(!e.to_string().contains("SECRET-CANARY"));
}

#[test]
fn hardened_policy_denies_evaluate() {
    let mut g = common::hardened();
    let e = failed(&g.call(json!(1), "evaluate", json!({"expression": "1"})));
    assert_eq!(e["kind"], "policy");
}

#[test]
fn cancelling_a_long_wait_keeps_the_session_usable() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/second");
    g.send(&json!({"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait","arguments":{"kind":"textPresent","text":"never","timeoutMs":60000}}}));
    g.send(&json!({"jsonrpc":"2.0","id":"p","method":"ping"}));
    assert_eq!(g.recv()["id"], "p");
    g.send(&json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w"}}));
    let r = g.recv();
    assert_eq!(r["id"], "w");
    assert_eq!(r["error"]["code"], -32800);
    let loaded = nav(&mut g, &web, "/form");
    assert_eq!(loaded["title"], "Form");
}

#[test]
fn nine_concurrent_long_calls_overload() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/second");
    for i in 1..=8 {
        g.send(&json!({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"wait","arguments":{"kind":"textPresent","text":"never","timeoutMs":60000}}}));
    }
    let r = g.call(
        json!(9),
        "wait",
        json!({"kind": "textPresent", "text": "never"}),
    );
    assert_eq!(r["error"]["code"], -32000);
    for i in 1..=8 {
        g.send(
            &json!({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":i}}),
        );
    }
    for _ in 1..=8 {
        assert_eq!(g.recv()["error"]["code"], -32800);
    }
}

/// Chromium processes started by this glass (their incognito profile names its pid).
fn chromes_of(glass_pid: u32) -> Vec<u32> {
    let marker = format!("glass-incognito-{glass_pid}-");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()))
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|c| String::from_utf8_lossy(&c).contains(&marker))
                .unwrap_or(false)
        })
        .collect()
}

/// The incognito profile folder name this glass gave its Chrome.
fn chrome_profile(glass_pid: u32) -> String {
    let marker = format!("glass-incognito-{glass_pid}-");
    for pid in chromes_of(glass_pid) {
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        for arg in String::from_utf8_lossy(&cmdline).split('\0') {
            if let Some(start) = arg.find(&marker) {
                return arg[start..].split('/').next().unwrap_or("").to_owned();
            }
        }
    }
    panic!("no Chrome of {glass_pid} names its profile");
}

fn wait_until_gone(glass_pid: u32) -> bool {
    let end = Instant::now() + Duration::from_secs(10);
    while Instant::now() < end {
        if chromes_of(glass_pid).is_empty() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn chrome_killed_under_glass_fails_the_call_then_recovers() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/second");
    let pid = g.child.id();
    let chromes = chromes_of(pid);
    assert!(!chromes.is_empty());
    // A call that tells the test server it has reached the page, then never ends.
    g.send(&json!({"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"evaluate","arguments":{"expression":"fetch('/started').then(() => new Promise(() => {}))","timeoutMs":60000}}}));
    let end = Instant::now() + Duration::from_secs(20);
    while !web.hits.lock().unwrap().iter().any(|h| h == "/started") {
        assert!(Instant::now() < end, "the call never reached the page");
        std::thread::sleep(Duration::from_millis(20));
    }
    for c in &chromes {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &c.to_string()])
            .status();
    }
    let r = g.recv();
    let e = failed(&r);
    assert_eq!(e["kind"], "browser");
    assert_eq!(e["failureKind"], "closed");
    let loaded = nav(&mut g, &web, "/form");
    assert_eq!(loaded["title"], "Form");
}

#[test]
fn no_chrome_is_left_after_eof_sigterm_or_sigkill() {
    let web = pages();
    for how in ["eof", "term", "kill"] {
        let mut g = browser();
        nav(&mut g, &web, "/second");
        let pid = g.child.id();
        assert!(!chromes_of(pid).is_empty());
        // This session's profile: the one named in its Chrome's command line.
        let profile = chrome_profile(pid);
        match how {
            "eof" => g.close_stdin(),
            "term" => {
                std::process::Command::new("kill")
                    .args(["-TERM", &pid.to_string()])
                    .status()
                    .unwrap();
            }
            _ => {
                std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status()
                    .unwrap();
            }
        }
        g.wait_exit(Duration::from_secs(10)).expect("glass exited");
        assert!(wait_until_gone(pid), "Chrome left behind after {how}");
        let leftover = std::fs::read_dir(std::env::temp_dir())
            .unwrap()
            .filter_map(|e| e.ok())
            .any(|e| e.file_name().to_string_lossy() == profile);
        if how != "kill" {
            assert!(
                !leftover,
                "the incognito profile was not deleted after {how}"
            );
        }
    }
}

/// An app that fetches its code after its load event and draws what it brought a moment later
/// (React reveals a lazy component up to 300 ms after its chunk arrives): navigate answers with
/// what it drew, not the empty shell of the quiet frames in between.
#[test]
fn navigate_waits_for_what_an_app_draws_after_fetching_its_code() {
    let shell = r#"<title>Shell</title><main id="app">Loading</main>
<script>addEventListener('load', () => {
  const s = document.createElement('script');
  s.src = '/chunk.js';
  document.head.appendChild(s);
});</script>"#;
    let chunk = "setTimeout(() => { document.getElementById('app').innerHTML = \
                 '<button onclick=\"window.ordered = true\">Place order</button>'; window.drawnAt = performance.now(); }, 150);";
    let web = Server::start(vec![
        ("/shell", Page::html(shell)),
        (
            "/chunk.js",
            Page {
                content_type: "text/javascript",
                ..Page::html(chunk)
            }
            .delayed(100),
        ),
    ]);
    let mut g = browser();
    let r = ok(&g.call(json!(1), "navigate", json!({"url": web.url("/shell")})));
    assert_eq!(r["settled"], true, "{r}");
    let place = common::all_elements(&r["observation"]["elements"])
        .into_iter()
        .find(|e| e["name"] == "Place order");
    assert!(place.is_some(), "the shell, not the app: {r}");
    assert!(eval(&mut g, "window.drawnAt > 0").as_bool().unwrap());
}
