//! What a new user hit in the first hour (issue 13), through the real binary against real
//! Chromium: results that tell the truth about failed navigations, unknown regions, option
//! labels, frames and dialogs. Each is checked on the page's own state as well as the answer.

use crate::common;

use common::web::{Page, Server};
use common::{Glass, eval, failed, hardened, incognito, nav, ok, tool_json};
use serde_json::json;

fn pages() -> Server {
    Server::start(vec![
        (
            "/second",
            Page::html("<title>Second</title><button>Only here</button>"),
        ),
        ("/slow", Page::html("<title>Slow</title>").delayed(5_000)),
        (
            "/framed",
            Page::html(r#"<title>Framed</title><iframe src="/inner" title="Inner"></iframe>"#),
        ),
        (
            "/inner",
            Page::html("<title>Inner</title><button>Inside</button>"),
        ),
        (
            "/alert",
            Page::html(r#"<title>Alert</title><button onclick="alert('hello')">Warn</button>"#),
        ),
    ])
}

/// A select with 40 options, for the bounded option list of `noSuchOption`.
fn many_options() -> String {
    let options: String = (0..40)
        .map(|i| format!("<option value=\"v{i}\">Option {i}</option>"))
        .collect();
    format!(r#"<title>Many</title><select aria-label="Many">{options}</select>"#)
}

/// A refused connection: the answer says `error` with Chrome's network error, the URL the tab
/// is on (not an empty one) and a new revision; the next call works instead of `staleRef`.
#[test]
fn a_refused_navigation_says_error_with_the_url_and_a_new_revision() {
    let web = pages();
    let mut g = incognito(&[]);
    let before = nav(&mut g, &web, "/second")["revision"].as_u64().unwrap();
    let port = common::apps::free_port();
    let refused = format!("http://127.0.0.1:{port}/nothing");
    let e = failed(&g.call(json!(1), "navigate", json!({"url": refused})));
    assert_eq!(e["kind"], "navigation", "{e}");
    assert_eq!(e["outcome"], "error", "{e}");
    assert_eq!(e["netError"], "ERR_CONNECTION_REFUSED", "{e}");
    assert_eq!(e["url"], refused.as_str(), "{e}");
    assert_ne!(e["title"], "Second", "{e}");
    assert!(e["revision"].as_u64().unwrap() > before, "{e}");
    // The tab really is off the old page, and the session goes on.
    let after = ok(&g.call(json!(2), "navigate", json!({"url": web.url("/second")})));
    assert_eq!(after["title"], "Second");
    let r = common::ref_of(&after["observation"]["elements"], "button", "Only here");
    ok(&g.call(json!(3), "click", json!({"target": r})));
}

/// A navigation that runs out of time says `outcome: "timeout"` (a navigation failure), not
/// a browser that stopped answering.
#[test]
fn a_navigation_timeout_says_timeout() {
    let web = pages();
    let mut g = incognito(&[]);
    let e = failed(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/slow"), "timeoutMs": 500}),
    ));
    assert_eq!(e["kind"], "navigation", "{e}");
    assert_eq!(e["outcome"], "timeout", "{e}");
    assert!(e["revision"].is_u64(), "{e}");
}

/// `observe` of a region ref that was never issued is a targeting failure, not an empty page.
#[test]
fn observing_an_unknown_region_fails() {
    let web = pages();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/second");
    let e = failed(&g.call(json!(1), "observe", json!({"region": "e999"})));
    assert_eq!(e["kind"], "targeting", "{e}");
    assert_eq!(e["failureKind"], "notFound", "{e}");
}

/// `select` with the visible label in `value` (what the observation shows) selects that
/// option; values win over labels; a label two options share is refused; a miss lists the
/// options (at most 16, labelled as page content).
#[test]
fn select_matches_values_then_unique_labels() {
    let web = Server::start(vec![
        (
            "/form",
            Page::html(
                r#"<title>Form</title><select id="s" aria-label="Country">
                <option value="my">Malaysia</option><option value="de">Germany</option>
                <option value="x1">Twin</option><option value="x2">Twin</option>
                <option value="Japan">Nippon</option><option value="jp">Japan</option>
                </select>"#,
            ),
        ),
        ("/many", Page::html(&many_options())),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/form");
    let select = |g: &mut Glass, value: &str| {
        g.call(
            json!("s"),
            "select",
            json!({"target": "role=combobox;name=Country", "value": value}),
        )
    };
    ok(&select(&mut g, "Germany"));
    assert_eq!(eval(&mut g, "document.getElementById('s').value"), "de");
    ok(&select(&mut g, "my"));
    assert_eq!(eval(&mut g, "document.getElementById('s').value"), "my");
    // "Japan" is one option's value and another's label: the value wins.
    ok(&select(&mut g, "Japan"));
    assert_eq!(eval(&mut g, "document.getElementById('s').value"), "Japan");
    let e = failed(&select(&mut g, "Twin"));
    assert_eq!(e["failureKind"], "ambiguousOption", "{e}");
    assert_eq!(e["options"].as_array().unwrap().len(), 2, "{e}");
    assert_eq!(eval(&mut g, "document.getElementById('s').value"), "Japan");
    let e = failed(&select(&mut g, "France"));
    assert_eq!(e["failureKind"], "noSuchOption", "{e}");
    assert_eq!(e["options"].as_array().unwrap().len(), 6, "{e}");
    assert_eq!(
        e["options"][1],
        json!({"value": "de", "label": "Germany"}),
        "{e}"
    );
    assert!(
        e["untrustedFields"]
            .as_array()
            .unwrap()
            .contains(&json!("options")),
        "{e}"
    );
    nav(&mut g, &web, "/many");
    let e = failed(&g.call(
        json!(2),
        "select",
        json!({"target": "role=combobox;name=Many", "value": "Option 99"}),
    ));
    assert_eq!(e["options"].as_array().unwrap().len(), 16, "{e}");
    assert_eq!(e["optionCount"], 40, "{e}");
}

/// `navigate` while a child frame is selected navigates the tab and selects its main frame.
#[test]
fn navigate_from_a_selected_frame_navigates_the_tab() {
    let web = pages();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/framed");
    let frames = ok(&g.call(json!(1), "listFrames", json!({})));
    let child = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| !f["parentId"].is_null())
        .expect("the iframe is listed")["frameId"]
        .clone();
    ok(&g.call(json!(2), "selectFrame", json!({"frameId": child})));
    let r = ok(&g.call(json!(3), "navigate", json!({"url": web.url("/second")})));
    assert_eq!(r["title"], "Second", "{r}");
    assert_eq!(eval(&mut g, "document.title"), "Second");
    assert_eq!(eval(&mut g, "window.top === window"), true);
    let frames = ok(&g.call(json!(4), "listFrames", json!({})));
    let list = frames["frames"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{frames}");
    assert_eq!(list[0]["selected"], true, "{frames}");
    let o = common::observe(&mut g, json!({}));
    common::ref_of(&o["elements"], "button", "Only here");
}

/// The small ones: a delay says `elapsedMs` like every other wait; a click that opens a
/// dialog reports it once; `hostNotAllowed` names the host.
#[test]
fn small_truths() {
    let web = pages();
    let mut g = incognito(&[]);
    let w = ok(&g.call(json!(1), "wait", json!({"kind": "delay", "delayMs": 50})));
    assert!(w["elapsedMs"].as_u64().unwrap() >= 50, "{w}");
    assert!(w.get("waitedMs").is_none(), "{w}");
    nav(&mut g, &web, "/alert");
    let r = g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Warn"}),
    );
    let v = tool_json(&r);
    let text = v.to_string();
    assert_eq!(text.matches("hello").count(), 1, "{v}");
    assert_eq!(v["caused"]["dialog"]["message"], "hello", "{v}");
    ok(&g.call(json!(3), "acceptDialog", json!({})));
    let mut h = hardened();
    let e = failed(&h.call(
        json!(1),
        "navigate",
        json!({"url": "http://example.test/a"}),
    ));
    assert_eq!(e["failureKind"], "hostNotAllowed", "{e}");
    assert_eq!(e["host"], "example.test", "{e}");
}

/// `--attach` to something that is not Chrome says so, and how to start Chrome for it.
#[test]
fn attaching_to_a_web_server_says_it_is_not_devtools() {
    let web = pages();
    let endpoint = web.url("");
    let mut g = Glass::spawn(&["--attach", &endpoint, "--mcp"]);
    g.initialize();
    let e = failed(&g.call(json!(1), "navigate", json!({"url": web.url("/second")})));
    let reason = e["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("not a Chrome DevTools endpoint"), "{e}");
    assert!(reason.contains("--remote-debugging-port"), "{e}");
}
