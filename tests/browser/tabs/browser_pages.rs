//! Popups, targets, dialogs, downloads, uploads, forms, drag and consent banners, through the
//! real binary against real Chromium on pages served on 127.0.0.1.

use crate::common;

use std::time::{Duration, Instant};

use common::web::{Page, Server};
use common::{Glass, eval, failed, nav, ok, temp_dir};
use serde_json::json;

const FILE_BODY: &[u8] = b"glass download body\n";

fn pages() -> Server {
    let file = Page {
        status: 200,
        content_type: "application/octet-stream",
        body: FILE_BODY.to_vec(),
        headers: vec![(
            "Content-Disposition".into(),
            "attachment; filename=\"report.txt\"".into(),
        )],
        delay: std::time::Duration::ZERO,
        pause: None,
    };
    Server::start(vec![
        (
            "/popups",
            Page::html(
                r#"<title>Popups</title>
            <a href="/child" target="_blank">Blank link</a>
            <button onclick="window.open('/child')">Open one</button>
            <button onclick="window.open('/child'); window.open('/child')">Open two</button>
            <button onclick="setTimeout(() => window.open('/child'), 200)">Open later</button>
            <button onclick="setTimeout(() => window.open('/late'), 1500)">Open after a round trip</button>
            <button onclick="const w = window.open('/child'); if (window.preview) window.preview.close(); window.preview = w">Preview</button>
            <button>Nothing</button>"#,
            ),
        ),
        (
            "/child",
            Page::html("<title>Child</title><p>child page</p>"),
        ),
        ("/late", Page::html("<title>Late</title>")),
        (
            "/alert",
            Page::html(
                "<title>Alert</title><script>window.onload = () => alert('loaded!')</script>",
            ),
        ),
        (
            "/dialogs",
            Page::html(
                r#"<title>Dialogs</title>
            <button onclick="window.answer = confirm('Sure?')">Confirm</button>
            <button onclick="window.answer = prompt('Name?')">Prompt</button>
            <button onclick="window.onbeforeunload = e => { e.preventDefault(); e.returnValue = '' }">Arm</button>"#,
            ),
        ),
        ("/file", file),
        (
            "/downloads",
            Page::html(r#"<title>Downloads</title><a href="/file">Get report</a>"#),
        ),
        (
            "/upload",
            Page::html(
                r#"<title>Upload</title><input type="file" aria-label="Attachment" multiple
            onchange="document.title = [...this.files].map(f => f.name + ':' + f.size).join(',')">"#,
            ),
        ),
        (
            "/consent",
            Page::html(
                r#"<title>Consent</title>
            <div id="onetrust-banner-sdk"><p>We use cookies</p>
            <button id="onetrust-accept-btn-handler" onclick="window.consent='accept'; this.parentNode.remove()">Accept all</button>
            <button id="onetrust-reject-all-handler" onclick="window.consent='reject'; this.parentNode.remove()">Reject all</button></div>"#,
            ),
        ),
        (
            "/fake-consent",
            Page::html(
                r#"<title>Fake</title><div class="cookies">We use cookies <button onclick="window.clicked=1">Accept</button></div>"#,
            ),
        ),
        (
            "/form",
            Page::html(
                r#"<title>Form</title>
            <label>Name <input id="name"></label>
            <label>Plan <select id="plan"><option value="free">Free</option><option value="pro">Pro</option></select></label>
            <label><input type="checkbox" id="news"> Newsletter</label>"#,
            ),
        ),
        (
            "/drag",
            Page::html(
                r#"<title>Drag</title>
            <div id="item" draggable="true" ondragstart="event.dataTransfer.setData('text/plain', 'x')" style="width:80px;height:40px;background:#ccc">Item</div>
            <div id="zone" aria-label="Drop zone" role="region" style="width:200px;height:100px;margin-top:60px;border:1px solid"
                 ondragover="event.preventDefault()" ondrop="event.preventDefault(); window.dropped = event.dataTransfer.getData('text/plain'); this.textContent = 'Dropped'">Drop here</div>"#,
            ),
        ),
    ])
}

fn browser() -> Glass {
    common::incognito(&[
        "--interaction",
        "fast",
        "--policy-allow",
        "upload",
        "--policy-allow",
        "download",
    ])
}

#[test]
fn popups_are_verified_listed_selected_and_closed() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/popups");
    // A page that replaces its preview window: the old one closing does not make the new one
    // a closed popup (first in the session, so no other popup stands in for either).
    let preview = json!({"target": "role=button;name=Preview"});
    let old = ok(&g.call(json!(32), "clickExpectPopup", preview.clone()));
    let new = ok(&g.call(json!(33), "clickExpectPopup", preview));
    assert_ne!(old["popup"]["targetId"], new["popup"]["targetId"], "{new}");
    assert_eq!(eval(&mut g, "window.preview.closed"), false);
    let r = ok(&g.call(
        json!(1),
        "clickExpectPopup",
        json!({"target": "text=Blank link"}),
    ));
    let first = r["popup"]["targetId"].as_str().unwrap().to_owned();
    assert_eq!(r["popup"]["selected"], false);
    // The popup's URL is the page's choice: labelled untrusted like any page text.
    assert!(
        r["untrustedFields"]
            .as_array()
            .unwrap()
            .contains(&json!("popup")),
        "{r}"
    );
    assert!(
        r["popup"]["url"].as_str().unwrap().ends_with("/child"),
        "{r}"
    );
    let r = ok(&g.call(
        json!(2),
        "clickExpectPopup",
        json!({"target": "role=button;name=Open one"}),
    ));
    let second = r["popup"]["targetId"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    let e = failed(&g.call(
        json!(3),
        "clickExpectPopup",
        json!({"target": "role=button;name=Open two"}),
    ));
    assert_eq!(e["failureKind"], "multiplePopups");
    assert_eq!(e["popups"].as_array().unwrap().len(), 2);
    // A popup the page opens well after the click (once a request came back, say) is waited for.
    let r = ok(&g.call(
        json!(31),
        "clickExpectPopup",
        json!({"target": "role=button;name=Open after a round trip"}),
    ));
    assert!(
        r["popup"]["url"].as_str().unwrap().ends_with("/late"),
        "{r}"
    );
    let e = failed(&g.call(
        json!(4),
        "clickExpectPopup",
        json!({"target": "role=button;name=Nothing", "timeoutMs": 500}),
    ));
    assert_eq!(e["failureKind"], "noPopup");
    // The page that was selected still is; popups are listed with their opener.
    assert_eq!(eval(&mut g, "document.title"), "Popups");
    let list = ok(&g.call(json!(5), "listTargets", json!({})));
    let targets = list["targets"].as_array().unwrap();
    let opener = targets.iter().find(|t| t["selected"] == true).unwrap()["targetId"].clone();
    let child = targets
        .iter()
        .find(|t| t["targetId"] == first.as_str())
        .unwrap();
    assert_eq!(child["openerId"], opener);
    let sel = ok(&g.call(json!(6), "selectTarget", json!({"targetId": first})));
    assert_eq!(sel["title"], "Child");
    assert_eq!(eval(&mut g, "document.title"), "Child");
    let closed = ok(&g.call(json!(7), "closeTarget", json!({"targetId": first})));
    assert_eq!(closed["wasSelected"], true);
    let e = failed(&g.call(json!(8), "observe", json!({})));
    assert_eq!(e["failureKind"], "noPage");
    let e = failed(&g.call(json!(9), "selectTarget", json!({"targetId": "0000"})));
    assert_eq!(e["failureKind"], "unknownTarget");
    let created = ok(&g.call(json!(10), "createTarget", json!({"url": web.url("/child")})));
    assert_eq!(created["selected"], false);
    ok(&g.call(json!(11), "selectTarget", json!({"targetId": opener})));
    assert_eq!(eval(&mut g, "document.title"), "Popups");
}

#[test]
fn a_later_popup_is_reported_in_the_next_result_header() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/popups");
    ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Open later"}),
    ));
    // The next results carry the popup in their header once it opens: poll a cheap tool.
    let end = Instant::now() + Duration::from_secs(20);
    let r = loop {
        let r = ok(&g.call(json!(2), "listTargets", json!({})));
        if r["events"]["popups"].is_array() {
            break r;
        }
        assert!(Instant::now() < end, "no popup reported");
    };
    let popups = r["events"]["popups"].as_array().unwrap();
    assert_eq!(popups.len(), 1);
    let again = ok(&g.call(json!(4), "getText", json!({"maxChars": 10})));
    assert!(again.get("events").is_none(), "reported once: {again}");
}

#[test]
fn an_alert_on_load_does_not_wedge_navigate_or_later_tools() {
    let web = pages();
    let mut g = browser();
    // A wedged navigation would end as "timeout" after timeoutMs; it ends as "dialog".
    let r = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/alert"), "timeoutMs": 60000}),
    ));
    assert_eq!(r["outcome"], "dialog");
    assert_eq!(r["dialog"]["type"], "alert");
    assert_eq!(r["dialog"]["message"], "loaded!");
    let e = failed(&g.call(json!(2), "observe", json!({})));
    assert_eq!(e["kind"], "dialogOpen");
    let a = ok(&g.call(json!(3), "acceptDialog", json!({})));
    assert_eq!(a["dialog"]["type"], "alert");
    ok(&g.call(json!(4), "observe", json!({})));
    let e = failed(&g.call(json!(5), "dismissDialog", json!({})));
    assert_eq!(e["kind"], "noDialog");
}

#[test]
fn confirm_and_prompt_round_trips() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/dialogs");
    let r = ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Confirm"}),
    ));
    assert_eq!(r["caused"]["dialog"]["type"], "confirm");
    ok(&g.call(json!(2), "dismissDialog", json!({})));
    assert_eq!(eval(&mut g, "window.answer"), false);
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Confirm"}),
    ));
    ok(&g.call(json!(4), "acceptDialog", json!({})));
    assert_eq!(eval(&mut g, "window.answer"), true);
    let r = ok(&g.call(
        json!(5),
        "click",
        json!({"target": "role=button;name=Prompt"}),
    ));
    assert_eq!(r["caused"]["dialog"]["type"], "prompt");
    ok(&g.call(json!(6), "acceptDialog", json!({"promptText": "Ada"})));
    assert_eq!(eval(&mut g, "window.answer"), "Ada");
}

#[test]
fn a_beforeunload_dialog_during_navigate_returns_promptly() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/dialogs");
    ok(&g.call(json!(1), "click", json!({"target": "role=button;name=Arm"})));
    let r = ok(&g.call(
        json!(2),
        "navigate",
        json!({"url": web.url("/child"), "timeoutMs": 60000}),
    ));
    assert_eq!(r["outcome"], "dialog", "not a timeout: {r}");
    assert_eq!(r["dialog"]["type"], "beforeunload");
    ok(&g.call(json!(3), "acceptDialog", json!({})));
    ok(&g.call(
        json!(4),
        "wait",
        json!({"kind": "urlMatches", "url": "/child"}),
    ));
}

#[test]
fn downloads_started_by_a_click_or_by_navigation_are_saved_with_their_digest() {
    let web = pages();
    let mut g = browser();
    let dir = temp_dir("downloads");
    nav(&mut g, &web, "/downloads");
    let r = ok(&g.call(json!(1), "click", json!({"target": "text=Get report"})));
    let d = ok(&g.call(
        json!(2),
        "download",
        json!({"directory": dir.to_str().unwrap()}),
    ));
    // The start is reported by the click itself, or (when it comes later) in the next header.
    let reported = r["caused"]["download"] == true
        || r["events"]["downloads"].is_array()
        || d["events"]["downloads"].is_array();
    assert!(reported, "download start not reported: {r} {d}");
    assert_eq!(d["fileName"], "report.txt");
    // The file name (and so the path) is the page's choice: labelled untrusted.
    let labelled = d["untrustedFields"].as_array().unwrap();
    assert!(
        labelled.contains(&json!("fileName")) && labelled.contains(&json!("path")),
        "{d}"
    );
    assert_eq!(d["size"], FILE_BODY.len());
    use sha2::Digest;
    let expected: String = sha2::Sha256::digest(FILE_BODY)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let actual = d["sha256"].as_str().unwrap();
    assert_eq!(actual, expected);
    assert_eq!(std::fs::read(dir.join("report.txt")).unwrap(), FILE_BODY);
    let n = nav(&mut g, &web, "/file");
    assert_eq!(n["outcome"], "download");
    let d2 = ok(&g.call(
        json!(4),
        "download",
        json!({"directory": dir.to_str().unwrap()}),
    ));
    assert_eq!(d2["fileName"], "report (1).txt");
    assert_eq!(d2["sha256"], actual);
    let e = failed(&g.call(json!(5), "download", json!({"timeoutMs": 300})));
    assert_eq!(e["failureKind"], "timeout");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn nested_cross_origin_frames_are_driven_and_parent_overlays_block() {
    // 127.0.0.1 embeds a localhost frame, which embeds a 127.0.0.1 frame: each is cross-site
    // to its parent, so both are out of process, the inner one nested in the middle one. The
    // top page covers the lower part of the middle frame with an overlay.
    // One server answers all three; the frames build their URLs from its port.
    let web = Server::start(vec![
        (
            "/deep",
            Page::html(
                r#"<title>Deep</title><button onclick="top.deepClicks = (top.deepClicks || 0) + 1">Deep</button>"#,
            ),
        ),
        (
            "/middle",
            Page::html(
                r#"<title>Middle</title><body style="margin:0"><button onclick="top.postMessage('middle', '*')">Middle</button>
                <iframe style="display:block;margin:20px 0 0 60px;width:300px;height:80px;border:0"></iframe>
                <button style="position:absolute;left:10px;top:230px">Covered</button>
                <script>document.querySelector('iframe').src = 'http://127.0.0.1:' + location.port + '/deep'</script></body>"#,
            ),
        ),
        (
            "/nest",
            Page::html(
                r#"<title>Nest</title><body style="margin:0"><script>window.addEventListener('message', e => { if (e.data === 'middle') document.getElementById('log').textContent = 'middle clicked' })</script>
                <iframe style="display:block;margin:30px 0 0 40px;width:500px;height:300px;border:0"></iframe>
                <div aria-label="Cover" style="position:absolute;left:0;top:240px;width:600px;height:100px;background:#eee"></div>
                <p id="log">waiting</p>
                <script>document.querySelector('iframe').src = 'http://localhost:' + location.port + '/middle'</script></body>"#,
            ),
        ),
    ]);
    let mut g = browser();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/nest"), "observe": false}),
    ));
    let end = Instant::now() + Duration::from_secs(10);
    let (mid, deep) = loop {
        let frames = ok(&g.call(json!(2), "listFrames", json!({})));
        let list = frames["frames"].as_array().unwrap().clone();
        let find = |part: &str| {
            list.iter()
                .find(|f| f["url"].as_str().unwrap_or("").contains(part))
                .cloned()
        };
        if let (Some(m), Some(d)) = (find("/middle"), find("/deep")) {
            assert_eq!(m["crossProcess"], true, "{frames}");
            assert_eq!(d["crossProcess"], true, "{frames}");
            assert_eq!(d["parentId"], m["frameId"], "{frames}");
            break (
                m["frameId"].as_str().unwrap().to_owned(),
                d["frameId"].as_str().unwrap().to_owned(),
            );
        }
        assert!(Instant::now() < end, "nested frames not listed: {frames}");
        ok(&g.call(json!(3), "wait", json!({"kind": "delay", "delayMs": 100})));
    };
    // The nested frame's button is clicked where it really is: offsets of both frames add up.
    ok(&g.call(json!(4), "selectFrame", json!({"frameId": deep})));
    ok(&g.call(
        json!(5),
        "click",
        json!({"target": "role=button;name=Deep"}),
    ));
    // The middle frame's own button works; the one under the top page's overlay is blocked,
    // and the overlay is named.
    ok(&g.call(json!(6), "selectFrame", json!({"frameId": mid})));
    ok(&g.call(
        json!(7),
        "click",
        json!({"target": "role=button;name=Middle"}),
    ));
    let e = failed(&g.call(
        json!(8),
        "click",
        json!({"target": "role=button;name=Covered"}),
    ));
    assert_eq!(e["failureKind"], "blocked", "{e}");
    assert_eq!(e["blocker"]["name"], "Cover", "{e}");
    ok(&g.call(json!(9), "selectFrame", json!({"frameId": "main"})));
    assert_eq!(eval(&mut g, "window.deepClicks"), 1);
    ok(&g.call(
        json!(10),
        "wait",
        json!({"kind": "textPresent", "text": "middle clicked"}),
    ));
}

#[test]
fn uploads_set_regular_files_only() {
    let web = pages();
    let mut g = browser();
    let dir = temp_dir("upload");
    let a = dir.join("a.txt");
    std::fs::write(&a, b"12345").unwrap();
    let b = dir.join("b.bin");
    std::fs::write(&b, vec![0u8; 1000]).unwrap();
    nav(&mut g, &web, "/upload");
    let r = ok(&g.call(
        json!(1),
        "upload",
        json!({"target": "name=Attachment", "files": [a, b]}),
    ));
    assert_eq!(r["files"], 2);
    assert_eq!(eval(&mut g, "document.title"), "a.txt:5,b.bin:1000");
    let e = failed(&g.call(
        json!(2),
        "upload",
        json!({"target": "name=Attachment", "files": [dir]}),
    ));
    assert_eq!(e["path"], "files[0]");
    let e = failed(&g.call(
        json!(3),
        "upload",
        json!({"target": "name=Attachment", "files": ["/nonexistent/file"]}),
    ));
    assert_eq!(e["reason"], "does not exist");
    let e = failed(&g.call(
        json!(4),
        "upload",
        json!({"target": "name=Attachment", "files": ["/dev/null"]}),
    ));
    assert_eq!(e["reason"], "is not a regular file");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn consent_banners_are_recognized_and_nothing_else_is_clicked() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/consent");
    let r = ok(&g.call(json!(1), "dismissConsent", json!({})));
    assert_eq!(r["framework"], "OneTrust");
    assert_eq!(r["choice"], "reject");
    assert_eq!(eval(&mut g, "window.consent"), "reject");
    let e = failed(&g.call(json!(2), "dismissConsent", json!({})));
    assert_eq!(e["failureKind"], "no_consent_found");
    nav(&mut g, &web, "/fake-consent");
    let e = failed(&g.call(json!(3), "dismissConsent", json!({"choice": "accept"})));
    assert_eq!(e["failureKind"], "no_consent_found");
    assert_eq!(eval(&mut g, "window.clicked === undefined"), true);
}

#[test]
fn fill_form_resolves_everything_first_then_fills() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/form");
    let e = failed(&g.call(
        json!(1),
        "fillForm",
        json!({"fields": [
            {"target": "name=Name", "value": "Ada"},
            {"target": "name=Missing", "value": "x"}
        ]}),
    ));
    assert_eq!(e["failureKind"], "unresolvedFields");
    assert_eq!(
        eval(&mut g, "document.querySelector('#name').value"),
        "",
        "nothing was filled"
    );
    let r = ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [
            {"target": "name=Name", "value": "Ada"},
            {"target": "name=Plan", "value": "Pro"},
            {"target": "role=checkbox;name=Newsletter", "value": true}
        ]}),
    ));
    assert_eq!(r["fields"].as_array().unwrap().len(), 3);
    assert!(!r.to_string().contains("Ada"), "values are never echoed");
    assert_eq!(
        eval(
            &mut g,
            "['#name', '#plan'].map(s => document.querySelector(s).value).concat(document.querySelector('#news').checked).join()"
        ),
        "Ada,pro,true"
    );
}

#[test]
fn drag_and_drop_between_verified_targets() {
    let web = pages();
    let mut g = browser();
    nav(&mut g, &web, "/drag");
    ok(&g.call(
        json!(1),
        "drag",
        json!({"source": "text=Item", "destination": "name=Drop zone"}),
    ));
    assert_eq!(eval(&mut g, "window.dropped"), "x");
}

#[test]
fn same_origin_and_cross_origin_iframes_are_listed_and_driven() {
    // Bug (pgAdmin's Query Tool, a same-origin frame): after selectFrame, `evaluate` ran in the
    // top page and said nothing of it; it runs in the selected frame now.
    // Same-origin frame on 127.0.0.1; the cross-origin one on localhost (another site, so Chrome
    // runs it out of process).
    let inner = Server::start(vec![(
        "/xinner",
        Page::html(
            r#"<title>X</title><button onclick="parent.postMessage('x-clicked', '*')">Cross button</button>"#,
        ),
    )]);
    let outer = Server::start(vec![
        (
            "/inner",
            Page::html(
                r#"<button onclick="parent.window.innerClicks = (parent.window.innerClicks || 0) + 1">Inner button</button>"#,
            ),
        ),
        (
            "/frames",
            Page::html(&format!(
                r#"<title>Frames</title><script>window.addEventListener('message', e => {{ if (e.data === 'x-clicked') window.xclicks = (window.xclicks || 0) + 1 }})</script>
                <iframe src="/inner" style="width:300px;height:80px"></iframe>
                <iframe src="http://localhost:{p}/xinner" style="margin-left:40px;width:300px;height:80px"></iframe>"#,
                p = inner.port
            )),
        ),
    ]);
    let mut g = browser();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": outer.url("/frames"), "observe": false}),
    ));
    // The same-origin frame's content is part of the page's observation and actions.
    ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "elementVisible", "target": "role=button;name=Inner button"}),
    ));
    ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Inner button"}),
    ));
    assert_eq!(eval(&mut g, "window.innerClicks"), 1);
    // The cross-origin frame is listed as its own process and can be selected.
    let end = Instant::now() + Duration::from_secs(10);
    let cross = loop {
        let frames = ok(&g.call(json!(4), "listFrames", json!({})));
        let list = frames["frames"].as_array().unwrap().clone();
        if let Some(f) = list.iter().find(|f| f["crossProcess"] == true) {
            assert_eq!(list.len(), 3, "{frames}");
            break f["frameId"].as_str().unwrap().to_owned();
        }
        assert!(Instant::now() < end, "no cross-process frame in {frames}");
        ok(&g.call(json!(5), "wait", json!({"kind": "delay", "delayMs": 100})));
    };
    ok(&g.call(json!(6), "selectFrame", json!({"frameId": cross})));
    let o = ok(&g.call(json!(7), "observe", json!({})));
    let button = common::all_elements(&o["elements"])
        .into_iter()
        .find(|e| e["name"] == "Cross button")
        .unwrap_or_else(|| panic!("{o}"))["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(&g.call(json!(8), "click", json!({"target": button})));
    // `evaluate` runs in the selected frame too, as every tool does (it ran in the top page).
    assert_eq!(eval(&mut g, "document.title"), "X");
    let frames = ok(&g.call(json!(12), "listFrames", json!({})));
    let same = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| {
            f["crossProcess"] != true && f["url"].as_str().is_some_and(|u| u.ends_with("/inner"))
        })
        .unwrap_or_else(|| panic!("{frames}"))["frameId"]
        .clone();
    ok(&g.call(json!(13), "selectFrame", json!({"frameId": same})));
    assert_eq!(eval(&mut g, "location.pathname"), "/inner");
    ok(&g.call(json!(9), "selectFrame", json!({"frameId": "main"})));
    assert_eq!(eval(&mut g, "document.title"), "Frames");
    ok(&g.call(json!(10), "wait", json!({"kind": "delay", "delayMs": 100})));
    assert_eq!(eval(&mut g, "window.xclicks"), 1);
    // A ref from the cross-origin frame never resolves in the main frame.
    let e = failed(&g.call(json!(11), "click", json!({"target": button})));
    assert_eq!(e["failureKind"], "wrongFrame");
}

#[test]
fn diagnostics_report_console_errors_and_failed_requests_redacted() {
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let web = Server::start(vec![(
        "/diag",
        Page::html(&format!(
            r#"<title>Diag</title><script>
            console.log('hello', 42);
            console.error('boom');
            setTimeout(() => {{ throw new TypeError('bad thing') }}, 0);
            fetch('http://127.0.0.1:{closed_port}/api?token=SECRET').catch(() => {{}});
            </script><img src="/missing.png?session=SECRET">"#
        )),
    )]);
    let mut g = browser();
    nav(&mut g, &web, "/diag");
    let r = ok(&g.call(json!(1), "diagnostics", json!({"durationMs": 300})));
    let messages = r["messages"].as_array().unwrap();
    assert!(
        messages
            .iter()
            .any(|m| m["level"] == "info" && m["text"] == "hello 42"),
        "{r}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m["level"] == "error" && m["text"] == "boom")
    );
    assert!(
        messages
            .iter()
            .any(|m| m["uncaught"] == true && m["text"].as_str().unwrap().contains("TypeError"))
    );
    let requests = r["requests"].as_array().unwrap();
    assert!(
        requests
            .iter()
            .any(|q| q["status"] == 404 && q["url"].as_str().unwrap().ends_with("/missing.png")),
        "{r}"
    );
    assert!(
        requests
            .iter()
            .any(|q| q["error"] == "ERR_CONNECTION_REFUSED"
                && q["url"].as_str().unwrap().ends_with("/api")),
        "{r}"
    );
    assert!(
        !r.to_string().contains("SECRET"),
        "queries are never reported"
    );
    assert_eq!(r["dropped"]["console"], 0);
    let again = ok(&g.call(json!(2), "diagnostics", json!({})));
    assert!(
        again["messages"].as_array().unwrap().is_empty(),
        "each call reports what is new"
    );
}

// [D1] diagnostics: keep, durationMs (a response the server gives only after the call started),
// text bound 200, 5xx reported, successes not, request `type`, dropped.console and
// dropped.network (against what the page did and the server saw), and (docs/policy.md) a
// request the host rules refused is in diagnostics, never reaching its server.

const DIAG: &str = r#"<title>D</title><link rel="icon" href="data:,"><img src="/nope.png?k=QUERYVAL"><script>
window.ready = (async () => {
  console.log('x'.repeat(300));
  const codes = [];
  for (const p of ['/fine', '/boom', '/api404']) { const r = await fetch(p); await r.text(); codes.push(r.status); }
  return codes.join(' ');
})();
window.spam = (n) => { for (let i = 0; i < n; i++) console.log('spam ' + i); return n; };
window.fail = (n) => Promise.all(Array.from({length: n}, (_, i) => fetch('/gone/' + i).then((r) => r.status))).then((s) => s.length);
window.late = () => { fetch('http://127.0.0.1:HELD/late').catch(() => {}); return 'sent'; };
</script>"#;

#[test]
fn diagnostics_keep_bound_wait_and_report_refusals() {
    let (hport, held) = common::web::held();
    let web = Server::start(vec![
        ("/d", Page::html(&DIAG.replace("HELD", &hport.to_string()))),
        ("/fine", Page::html("ok")),
        ("/boom", Page::status(500)),
    ]);
    let mut g = browser();
    nav(&mut g, &web, "/d");
    assert_eq!(eval(&mut g, "ready"), "200 500 404");

    // keep: the next call reports the same; the one after that, nothing.
    let kept = ok(&g.call(json!(1), "diagnostics", json!({"keep": true})));
    let again = ok(&g.call(json!(2), "diagnostics", json!({})));
    assert_eq!(
        (&again["messages"], &again["requests"]),
        (&kept["messages"], &kept["requests"]),
        "keep: true left them for the next call"
    );
    let empty = ok(&g.call(json!(3), "diagnostics", json!({})));
    assert!(
        empty["messages"].as_array().unwrap().is_empty()
            && empty["requests"].as_array().unwrap().is_empty(),
        "{empty}"
    );
    // A text is cut to 200 characters.
    let long = kept["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"].as_str().unwrap_or("").starts_with("xxx"))
        .unwrap_or_else(|| panic!("{kept}"))
        .clone();
    let text = long["text"].as_str().unwrap();
    assert_eq!(text.chars().count(), 200, "{long}");
    assert!(
        text.starts_with(&"x".repeat(199)) && text.ends_with('…'),
        "{long}"
    );
    // Error responses of every class, with their type; a success is no diagnostic.
    let reqs = kept["requests"].as_array().unwrap();
    let entry = |path: &str| {
        reqs.iter()
            .find(|q| q["url"] == web.url(path))
            .map(|q| (q["status"].clone(), q["type"].clone()))
    };
    assert_eq!(entry("/boom"), Some((json!(500), json!("Fetch"))), "{kept}");
    assert_eq!(
        entry("/api404"),
        Some((json!(404), json!("Fetch"))),
        "{kept}"
    );
    assert_eq!(
        entry("/nope.png"),
        Some((json!(404), json!("Image"))),
        "{kept}"
    );
    assert_eq!(entry("/fine"), None, "a success is no diagnostic: {kept}");
    assert_eq!(web.count("/fine"), 1, "the page did fetch it");
    assert!(!kept.to_string().contains("QUERYVAL"), "{kept}");

    // The lists keep 200 each; the rest is counted.
    assert_eq!(eval(&mut g, "spam(205)"), 205);
    let d = ok(&g.call(json!(4), "diagnostics", json!({})));
    let msgs = d["messages"].as_array().unwrap();
    assert_eq!(
        (msgs.len(), d["dropped"]["console"].as_u64()),
        (200, Some(5)),
        "{d}"
    );
    assert_eq!(msgs[0]["text"], "spam 5", "the oldest were dropped");
    assert_eq!(eval(&mut g, "fail(203)"), 203);
    let gone = web
        .hits
        .lock()
        .unwrap()
        .iter()
        .filter(|p| p.starts_with("/gone/"))
        .count();
    assert_eq!(gone, 203, "the server saw every failing request");
    let d = ok(&g.call(json!(5), "diagnostics", json!({})));
    assert_eq!(
        (
            d["requests"].as_array().unwrap().len(),
            d["dropped"]["network"].as_u64()
        ),
        (200, Some(3)),
        "{d}"
    );

    // durationMs: the call is under way before the server answers the page's request, and its
    // answer still reports it. (If the wait were skipped, the call would answer first.)
    assert_eq!(eval(&mut g, "late()"), "sent");
    let (path, stream) = held
        .recv_timeout(Duration::from_secs(30))
        .expect("the page's request reached the server");
    assert_eq!(path, "/late");
    g.send(&json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
        "params": {"name": "diagnostics", "arguments": {"durationMs": 5000}}}));
    common::web::answer(stream, 404, &[("Access-Control-Allow-Origin", "*")], "");
    let d = ok(&g.recv());
    assert!(
        d["requests"].as_array().unwrap().iter().any(|q| {
            q["url"] == format!("http://127.0.0.1:{hport}/late") && q["status"] == 404
        }),
        "what came during durationMs is missing: {d}"
    );

    // docs/policy.md: a request the host rules refused is in diagnostics; its server saw nothing.
    let outside = Server::start(vec![("/img.png", Page::status(200))]);
    let inside = Server::start(vec![(
        "/p",
        Page::html(&format!(
            "<title>P</title><link rel=\"icon\" href=\"data:,\"><img src=\"http://localhost:{}/img.png?t=BLOCKEDQ\">",
            outside.port
        )),
    )]);
    let mut h = common::hardened();
    nav(&mut h, &inside, "/p");
    let d = ok(&h.call(json!(7), "diagnostics", json!({})));
    let refused = d["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["url"] == format!("http://localhost:{}/img.png", outside.port))
        .cloned()
        .unwrap_or_else(|| panic!("the refused image is not in diagnostics: {d}"));
    assert_eq!(refused["type"], "Image", "{refused}");
    let why = refused["error"].as_str().unwrap_or("");
    assert!(
        why == "ERR_BLOCKED_BY_CLIENT" || why.starts_with("blocked:"),
        "{refused}"
    );
    assert!(
        outside.hits.lock().unwrap().is_empty(),
        "the refused host was reached"
    );
    assert!(!d.to_string().contains("BLOCKEDQ"), "{d}");
}
