//! Policy and safety boundaries through the real binary against real Chromium: hardened
//! denials, host rules enforced inside Chrome, confirmations, and privacy canaries.

use crate::common;

use std::time::Duration;

use common::web::{Page, Server};
use common::{Glass, failed, hardened, ok, tool_json};
use serde_json::{Value, json};

/// The denied hosts' pages are served on `localhost`, which the hardened session may not reach.
fn boundary_pages() -> (Server, Server) {
    let outside = Server::start(vec![
        ("/img.png", Page::status(200)),
        ("/frame", Page::html("<p>outside frame</p>")),
        ("/popup", Page::html("<p>outside popup</p>")),
        ("/target", Page::html("<p>redirect target</p>")),
        ("/ws", Page::status(400)),
    ]);
    let q = outside.port;
    let inside = Server::start(vec![
        (
            "/start",
            Page::html(&format!(
                r#"<title>Inside</title><img src="http://localhost:{q}/img.png">
                <iframe src="http://localhost:{q}/frame"></iframe>
                <script>const ws = new WebSocket('ws://localhost:{q}/ws'); ws.onerror = () => document.body.append('ws blocked');</script>
                <button onclick="window.open('http://localhost:{q}/popup')">Popup</button>"#
            )),
        ),
        (
            "/redirect",
            Page::status(302).header("Location", &format!("http://localhost:{q}/target")),
        ),
        ("/fine", Page::html("<title>Fine</title>")),
    ]);
    (inside, outside)
}

fn blocked_types(v: &Value) -> Vec<String> {
    v["events"]["blocked"]
        .as_array()
        .map(|b| {
            b.iter()
                .map(|x| x["type"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn hardened_host_rules_block_every_way_out_and_report_it() {
    let (inside, outside) = boundary_pages();
    let mut g = hardened();
    let nav = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": inside.url("/start"), "observe": false}),
    ));
    let mut blocked = blocked_types(&nav);
    // Subresources may be refused just after load; collect what the next result reports too.
    let later = ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "ws blocked", "timeoutMs": 5000}),
    ));
    blocked.extend(blocked_types(&later));
    assert!(
        blocked.iter().any(|t| t == "Image"),
        "image not reported: {blocked:?}"
    );
    assert!(
        blocked.iter().any(|t| t == "Document"),
        "frame not reported: {blocked:?}"
    );
    assert!(
        blocked.iter().any(|t| t == "WebSocket"),
        "WebSocket not reported: {blocked:?}"
    );
    // The popup is created, but its navigation to the outside host is refused.
    let click = ok(&g.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Popup"}),
    ));
    // The refusal is reported in a result header once the popup tried: poll a cheap tool.
    let mut popup_blocked = blocked_types(&click);
    let end = std::time::Instant::now() + Duration::from_secs(20);
    while !popup_blocked.iter().any(|t| t == "Document") {
        assert!(
            std::time::Instant::now() < end,
            "popup not reported: {click}"
        );
        let after = ok(&g.call(json!(4), "listTargets", json!({})));
        popup_blocked.extend(blocked_types(&after));
    }
    // A redirect from an allowed host to a denied one stops at the redirect.
    let r = failed(&g.call(
        json!(5),
        "navigate",
        json!({"url": inside.url("/redirect"), "observe": false}),
    ));
    assert_eq!(r["outcome"], "blocked", "{r}");
    assert_eq!(r["blockedHost"], "localhost", "{r}");
    // A direct navigation is refused before Chrome sees it.
    let r = failed(&g.call(
        json!(6),
        "navigate",
        json!({"url": format!("http://localhost:{}/frame", outside.port)}),
    ));
    assert_eq!(r["kind"], "policy");
    assert_eq!(r["failureKind"], "hostNotAllowed");
    let r = failed(&g.call(
        json!(7),
        "createTarget",
        json!({"url": format!("http://localhost:{}/frame", outside.port)}),
    ));
    assert_eq!(r["kind"], "policy");
    // And nothing ever reached the outside server: not the image, frame, popup, redirect
    // target or websocket (checked once the page's own requests have all settled).
    ok(&g.call(
        json!(71),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 20000}),
    ));
    let hits = outside.hits.lock().unwrap().clone();
    assert!(hits.is_empty(), "the denied host was reached: {hits:?}");
    // The allowed host still works.
    let fine = ok(&g.call(
        json!(8),
        "navigate",
        json!({"url": inside.url("/fine"), "observe": false}),
    ));
    assert_eq!(fine["title"], "Fine");
}

#[test]
fn hardened_denies_evaluate_upload_and_download_unless_allowed() {
    let web = Server::start(vec![(
        "/p",
        Page::html(r#"<title>P</title><input type="file" aria-label="File">"#),
    )]);
    let mut g = hardened();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    for (tool, args) in [
        ("evaluate", json!({"expression": "1"})),
        ("download", json!({})),
        (
            "upload",
            json!({"target": "name=File", "files": ["/etc/hostname"]}),
        ),
    ] {
        let e = failed(&g.call(json!(tool), tool, args));
        assert_eq!(e["kind"], "policy", "{tool}: {e}");
        assert_eq!(e["decision"], "deny");
    }
    let m = g.request(
        json!("m"),
        "initialize",
        json!({"protocolVersion": "2025-06-18"}),
    );
    assert_eq!(m["error"]["code"], -32600, "already initialized");
    let mut allowed = Glass::spawn(&[
        "--incognito",
        "--policy",
        "hardened",
        "--policy-allow-host",
        "127.0.0.1",
        "--policy-allow",
        "evaluate",
        "--mcp",
    ]);
    let init = allowed.initialize();
    assert_eq!(
        init["result"]["glass"]["policy"]["capabilities"]["evaluate"],
        "allow"
    );
    assert_eq!(
        init["result"]["glass"]["policy"]["capabilities"]["upload"],
        "deny"
    );
    ok(&allowed.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    assert_eq!(
        ok(&allowed.call(json!(2), "evaluate", json!({"expression": "1 + 1"})))["value"],
        2
    );
}

#[test]
fn hardened_needs_incognito_and_an_allowed_host() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_glass"))
        .args([
            "--policy",
            "hardened",
            "--policy-allow-host",
            "example.com",
            "--mcp",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--incognito"));
    assert!(out.stdout.is_empty());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["--policy", "hardened", "--incognito", "--mcp"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--policy-allow-host"));
}

#[test]
fn confirmation_round_trip_reuse_and_mismatch() {
    let dir = common::temp_dir("confirm");
    let file = dir.join("a.txt");
    std::fs::write(&file, b"abc").unwrap();
    let web = Server::start(vec![(
        "/p",
        Page::html(
            r#"<title>P</title><input type="file" aria-label="File" onchange="document.title = this.files[0].name">
            <input type="password" aria-label="Password">"#,
        ),
    )]);
    let mut g = Glass::spawn(&["--incognito", "--mcp"]);
    g.initialize();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    let args = json!({"target": "name=File", "files": [file]});
    let e = failed(&g.call(json!(2), "upload", args.clone()));
    assert_eq!(e["kind"], "confirmationRequired");
    assert!(e["summary"].as_str().unwrap().contains("1 local file"));
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    // Another call's arguments do not fit the token (and spend it).
    let mut other = args.clone();
    other["target"] = json!("css=input[type=file]");
    other["confirmToken"] = json!(token);
    assert_eq!(
        failed(&g.call(json!(3), "upload", other))["failureKind"],
        "tokenMismatch"
    );
    // A fresh token for the exact call works once.
    let token = failed(&g.call(json!(4), "upload", args.clone()))["confirmToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut confirmed = args.clone();
    confirmed["confirmToken"] = json!(token);
    ok(&g.call(json!(5), "upload", confirmed.clone()));
    let title = g.call(json!(6), "getText", json!({"maxChars": 10}));
    assert_eq!(title["result"]["isError"], false);
    assert_eq!(
        failed(&g.call(json!(7), "upload", confirmed))["failureKind"],
        "unknownToken"
    );
    // Typing into a password field is confirm class too.
    let e = failed(&g.call(
        json!(8),
        "type",
        json!({"target": "name=Password", "text": "hunter2"}),
    ));
    assert_eq!(e["kind"], "confirmationRequired");
    assert!(!e.to_string().contains("hunter2"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn canaries_never_appear_in_responses_logs_or_the_transcript() {
    let web = Server::start(vec![(
        "/p",
        Page::html(
            r#"<title>P</title><input aria-label="Field"><input type="password" aria-label="Secret">"#,
        ),
    )]);
    let transcript =
        std::env::temp_dir().join(format!("glass-transcript-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&transcript);
    let mut g = Glass::spawn_env(
        &["--incognito", "--mcp"],
        &[
            ("GLASS_LOG", "trace"),
            ("GLASS_MCP_TRANSCRIPT", transcript.to_str().unwrap()),
        ],
    );
    g.initialize();
    let mut responses = String::new();
    let mut call = |g: &mut Glass, id: i64, tool: &str, args: Value| {
        let r = g.call(json!(id), tool, args);
        responses.push_str(&r.to_string());
        r
    };
    call(
        &mut g,
        1,
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    );
    call(
        &mut g,
        2,
        "click",
        json!({"target": "css=#CANARY-SELECTOR-1"}),
    );
    call(
        &mut g,
        3,
        "click",
        json!({"target": "text=CANARY-TEXT-LOCATOR-2"}),
    );
    call(
        &mut g,
        4,
        "type",
        json!({"target": "name=Field", "text": "CANARY-TYPED-3"}),
    );
    let confirm = call(
        &mut g,
        5,
        "type",
        json!({"target": "name=Secret", "text": "CANARY-PASSWORD-4"}),
    );
    let token = tool_json(&confirm)["confirmToken"]
        .as_str()
        .unwrap()
        .to_owned();
    call(
        &mut g,
        6,
        "type",
        json!({"target": "name=Secret", "text": "CANARY-PASSWORD-4", "confirmToken": token}),
    );
    call(
        &mut g,
        7,
        "evaluate",
        json!({"expression": "throw new Error('CANARY-SCRIPT-5')"}),
    );
    call(
        &mut g,
        8,
        "evaluate",
        json!({"expression": "'CANARY-SCRIPT-6'.length"}),
    );
    call(
        &mut g,
        9,
        "wait",
        json!({"kind": "elementVisible", "target": "css=#CANARY-WAIT-7", "timeoutMs": 50}),
    );
    call(
        &mut g,
        10,
        "fillForm",
        json!({"fields": [{"target": "name=Field", "value": "CANARY-FILL-8"}]}),
    );
    g.close_stdin();
    g.wait_exit(Duration::from_secs(10));
    let logs = g.stderr_text();
    let written = std::fs::read_to_string(&transcript).unwrap();
    assert!(
        written.lines().count() > 10,
        "the transcript records messages both ways"
    );
    assert!(
        !written.contains(&token),
        "confirmation tokens never reach the transcript"
    );
    for canary in [
        "CANARY-SELECTOR-1",
        "CANARY-TEXT-LOCATOR-2",
        "CANARY-TYPED-3",
        "CANARY-PASSWORD-4",
        "CANARY-SCRIPT-5",
        "CANARY-SCRIPT-6",
        "CANARY-WAIT-7",
        "CANARY-FILL-8",
    ] {
        assert!(!responses.contains(canary), "{canary} in a response");
        assert!(!logs.contains(canary), "{canary} in the logs");
        assert!(!written.contains(canary), "{canary} in the transcript");
    }
    let _ = std::fs::remove_file(transcript);
}

#[test]
fn policy_confirm_can_put_any_capability_behind_a_confirmation() {
    let web = Server::start(vec![("/p", Page::html("<title>P</title>"))]);
    let mut g = Glass::spawn(&["--incognito", "--policy-confirm", "navigate", "--mcp"]);
    let init = g.initialize();
    assert_eq!(
        init["result"]["glass"]["policy"]["capabilities"]["navigate"],
        "confirm"
    );
    let args = json!({"url": web.url("/p"), "observe": false});
    let e = failed(&g.call(json!(1), "navigate", args.clone()));
    assert_eq!(e["kind"], "confirmationRequired");
    let mut confirmed = args;
    confirmed["confirmToken"] = e["confirmToken"].clone();
    assert_eq!(ok(&g.call(json!(2), "navigate", confirmed))["title"], "P");
}

/// The answer without what differs between any two calls (the execution id, the header).
fn refusal_of(e: &Value) -> Value {
    let mut e = e.clone();
    if let Some(m) = e.as_object_mut() {
        m.remove("executionId");
        m.remove("events");
    }
    e
}

/// #26 Part A: `storageState save` and `screenshot` answered differently for a path that
/// exists, one that does not and a directory, before the policy's denial: an oracle of which
/// paths exist. The policy is decided from the tool's effects first, and a path outside the
/// allowed directories is refused by what it says, not by what is on the disk.
#[test]
fn refusals_say_nothing_about_which_paths_exist() {
    let web = Server::start(vec![("/p", Page::html("<title>P</title><p>x</p>"))]);
    let mut g = hardened();
    ok(&g.call(
        json!(0),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    let paths = ["/root/.ssh/x", "/nonexistent/x", "/root", "/etc/hostname"];
    for tool in ["storageState", "screenshot"] {
        let answers: Vec<Value> = paths
            .iter()
            .map(|p| {
                let args = if tool == "storageState" {
                    json!({"action": "save", "path": p})
                } else {
                    json!({"path": p})
                };
                refusal_of(&failed(&g.call(json!(p), tool, args)))
            })
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "{tool}: {answers:?}"
        );
        let expected = if tool == "storageState" {
            "policy"
        } else {
            "invalidArguments"
        };
        assert_eq!(answers[0]["kind"], expected, "{tool}: {}", answers[0]);
    }
    assert_eq!(
        std::fs::read_to_string("/etc/hostname")
            .map(|s| s.is_empty())
            .ok(),
        Some(false)
    );
}

/// #26 Part A: one way to write a file. Screenshots and PDFs were 0644, the traces folder
/// 0755; a directory reached through a symbolic link took the bytes elsewhere; `download`
/// saved anywhere. Every file is the owner's only, every folder Glass makes too, a link on the
/// way is refused (the link's target stays empty), and downloads stay inside the allowed
/// directories.
#[test]
fn every_file_glass_writes_is_private_and_stays_where_it_may() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let web = Server::start(vec![("/p", Page::html("<title>P</title><p>hello</p>"))]);
    let data = common::temp_dir("files-data");
    let mut g = Glass::spawn_env(
        &[
            "--incognito",
            "--policy-allow",
            "download",
            "--policy-allow",
            "persist-page-data",
            "--mcp",
        ],
        &[("GLASS_DATA_DIR", data.to_str().unwrap())],
    );
    g.initialize();
    ok(&g.call(
        json!(0),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    let dir = common::temp_dir("files-out");
    let shot = dir.join("shot.png");
    ok(&g.call(json!(1), "screenshot", json!({"path": shot})));
    assert_eq!(mode(&shot), 0o600);
    let pdf = dir.join("page.pdf");
    ok(&g.call(json!(2), "printToPdf", json!({"path": pdf})));
    assert_eq!(mode(&pdf), 0o600);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    // A folder reached through a symbolic link: refused, and nothing lands behind the link.
    let victim = common::temp_dir("files-victim");
    let link = dir.join("link");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let e = failed(&g.call(json!(3), "screenshot", json!({"path": link.join("x.png")})));
    assert_eq!(e["kind"], "invalidArguments", "{e}");
    let e = failed(&g.call(json!(4), "printToPdf", json!({"path": link.join("x.pdf")})));
    assert_eq!(e["kind"], "invalidArguments", "{e}");
    assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 0);
    // A trace in the data directory: the folder 0700, the file 0600.
    ok(&g.call(json!(5), "performanceTrace", json!({"action": "start"})));
    let stop = ok(&g.call(json!(6), "performanceTrace", json!({"action": "stop"})));
    let trace = std::path::PathBuf::from(stop["trace"]["path"].as_str().unwrap());
    assert_eq!(mode(&trace), 0o600);
    assert_eq!(mode(trace.parent().unwrap()), 0o700);
    assert!(trace.starts_with(&data), "{trace:?}");
    // A download folder outside the allowed directories is refused before any wait.
    let e = failed(&g.call(
        json!(7),
        "download",
        json!({"directory": "/var/tmp", "timeoutMs": 1000}),
    ));
    assert_eq!(e["kind"], "invalidArguments", "{e}");
    assert_eq!(e["path"], "directory", "{e}");
}

/// #26 Part B 10: `performanceTrace start {reload: true}` reloaded without the confirmation
/// `--policy-confirm navigate` asks of `reload`. Its effects declare the reload, so the call
/// path asks; the server sees no second load until the token comes back.
#[test]
fn a_trace_that_reloads_asks_as_a_reload_does() {
    let web = Server::start(vec![("/p", Page::html("<title>P</title>"))]);
    let mut g = common::incognito(&["--policy-confirm", "navigate"]);
    let e = failed(&g.call(
        json!(0),
        "navigate",
        json!({"url": web.url("/p"), "observe": false}),
    ));
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/p"), "observe": false, "confirmToken": token}),
    ));
    assert_eq!(web.count("/p"), 1);
    let e = failed(&g.call(
        json!(2),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    assert_eq!(e["kind"], "confirmationRequired", "{e}");
    assert_eq!(e["summary"], "reload the selected page", "{e}");
    assert_eq!(
        web.count("/p"),
        1,
        "the page was reloaded without confirmation"
    );
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    let started = ok(&g.call(
        json!(3),
        "performanceTrace",
        json!({"action": "start", "reload": true, "confirmToken": token}),
    ));
    assert_eq!(started["reloaded"], true, "{started}");
    assert_eq!(web.count("/p"), 2);
}

/// #26 Part B 6: under hardened and with `--incognito`, `sessionSnapshot create` wrote a row
/// that outlived the session and `performanceTrace stop` kept a trace holding the page's query
/// token in the data directory. Page-derived data is kept only where `persist-page-data` is
/// allowed: nothing of the page is in the data directory afterwards.
#[test]
fn throwaway_sessions_keep_nothing_of_the_page() {
    let web = Server::start(vec![
        ("/p", Page::html("<title>P</title><p>QUERYPAGE</p>")),
        ("/wf-CHECKPOINTPAGE", Page::html("<title>W</title><p>W</p>")),
    ]);
    for flags in [
        vec![
            "--incognito",
            "--policy",
            "hardened",
            "--policy-allow-host",
            "127.0.0.1",
        ],
        vec!["--incognito"],
    ] {
        let data = common::temp_dir("throwaway");
        let mut args = flags.clone();
        args.push("--mcp");
        let mut g = Glass::spawn_env(&args, &[("GLASS_DATA_DIR", data.to_str().unwrap())]);
        g.initialize();
        ok(&g.call(
            json!(1),
            "navigate",
            json!({"url": web.url("/p?token=QUERYTOKEN123"), "observe": false}),
        ));
        let e = failed(&g.call(json!(2), "sessionSnapshot", json!({"action": "create"})));
        assert_eq!(e["capability"], "persist-page-data", "{flags:?}: {e}");
        ok(&g.call(json!(3), "performanceTrace", json!({"action": "start"})));
        let stop = ok(&g.call(json!(4), "performanceTrace", json!({"action": "stop"})));
        assert_eq!(stop["trace"]["kept"], false, "{stop}");
        assert!(stop["vitals"].is_object(), "{stop}");
        // A workflow's checkpoint stays in the process: it runs, and no file of it is kept.
        let wf = json!({"schemaVersion": 1, "name": "throwaway",
            "steps": [{"id": "open", "action": "navigate", "url": web.url("/wf-CHECKPOINTPAGE")}]});
        let run = ok(&g.call(json!(5), "workflow", json!({"workflow": wf})));
        assert_eq!(run["status"], "completed", "{flags:?}: {run}");
        assert!(web.count("/wf-CHECKPOINTPAGE") >= 1);
        g.close_stdin();
        g.wait_exit(Duration::from_secs(10));
        for page_text in ["QUERYTOKEN123", "CHECKPOINTPAGE"] {
            let kept = files_holding(&data, page_text);
            assert!(
                kept.is_empty(),
                "{flags:?}: the data directory kept the page: {kept:?}"
            );
        }
        assert!(
            !data.join("traces").exists()
                || std::fs::read_dir(data.join("traces")).unwrap().count() == 0
        );
    }
}

/// The files under `dir`, at any depth, whose bytes hold `needle`.
fn files_holding(dir: &std::path::Path, needle: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if std::fs::read(&p)
                .is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
            {
                found.push(p);
            }
        }
    }
    found
}

/// #26 Part B 5: `getDOM` and `observe {includeDom}` returned `<input type=password
/// value="hunter2">` and a card number while `read-form-values` was denied, and a confirmed
/// password the page mirrored into its attribute came back. A secret field's value never comes
/// back; other values only where the policy lets form values be read.
#[test]
fn the_dom_never_returns_passwords_and_values_only_where_allowed() {
    let web = Server::start(vec![(
        "/f",
        Page::html(
            r#"<title>F</title><form>
            <input type="password" id="pw" value="hunter2">
            <input name="card" value="4111111111111111">
            <textarea name="note">NOTETEXT</textarea>
            <input type="password" id="mirror" oninput="this.setAttribute('value', this.value)">
            <input type="submit" value="Pay now"></form>"#,
        ),
    )]);
    let dom_of = |g: &mut Glass| {
        let d = ok(&g.call(json!("d"), "getDOM", json!({})));
        let o = ok(&g.call(
            json!("o"),
            "observe",
            json!({"level": "summary", "includeDom": true}),
        ));
        format!("{}{}", d["html"], o["dom"]["html"])
    };
    let mut g = hardened();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/f"), "observe": false}),
    ));
    let html = dom_of(&mut g);
    for secret in ["hunter2", "4111111111111111", "NOTETEXT"] {
        assert!(!html.contains(secret), "hardened showed {secret}: {html}");
    }
    assert!(
        html.contains("Pay now"),
        "a button's label is not a form value: {html}"
    );
    // Development reads form values, never a password; a confirmed password typed into a page
    // that mirrors it into the attribute stays out too.
    let mut g = common::incognito(&[]);
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/f"), "observe": false}),
    ));
    let e = failed(&g.call(
        json!(2),
        "type",
        json!({"target": "css=#mirror", "text": "s3cretX"}),
    ));
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "css=#mirror", "text": "s3cretX", "confirmToken": token}),
    ));
    assert_eq!(
        common::eval(
            &mut g,
            "document.getElementById('mirror').getAttribute('value')"
        ),
        "s3cretX"
    );
    let html = dom_of(&mut g);
    assert!(
        html.contains("4111111111111111") && html.contains("NOTETEXT"),
        "{html}"
    );
    for secret in ["hunter2", "s3cretX"] {
        assert!(
            !html.contains(secret),
            "development showed {secret}: {html}"
        );
    }
}

/// #26 Part B 10: `file:///etc/hostname` loaded under development with `--policy-allow-host
/// 127.0.0.1`. An allow list is the whole boundary: a file URL is refused, by `navigate` and by
/// a new page alike; without an allow list, development still opens local files.
#[test]
fn an_allow_list_keeps_local_files_out() {
    let mut g = common::incognito(&["--policy-allow-host", "127.0.0.1"]);
    for (tool, args) in [
        (
            "navigate",
            json!({"url": "file:///etc/hostname", "observe": false}),
        ),
        ("createTarget", json!({"url": "file:///etc/hostname"})),
    ] {
        let e = failed(&g.call(json!(tool), tool, args));
        assert_eq!(e["failureKind"], "schemeNotAllowed", "{tool}: {e}");
    }
    let targets = ok(&g.call(json!(2), "listTargets", json!({})));
    assert!(!targets.to_string().contains("hostname"), "{targets}");
    let mut open = common::incognito(&[]);
    let r = ok(&open.call(
        json!(1),
        "navigate",
        json!({"url": "file:///etc/hostname", "observe": false}),
    ));
    assert_eq!(r["outcome"], "loaded", "{r}");
}

/// #26 Part B 11: under hardened (downloads denied), a click on a download link left the file's
/// bytes on disk once in three runs under load. Every way a page starts a download (a link, a
/// `download` link, a new tab, a script's window, a navigation) is tried while two threads keep
/// both cores busy; no file under the session's temporary or data directory ever holds the
/// download's bytes, during the session or after it.
#[test]
fn denied_downloads_never_reach_the_disk_under_load() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let marker = "DENIEDDOWNLOADBYTES";
    let file = Page {
        content_type: "application/octet-stream",
        body: marker.repeat(200_000).into_bytes(),
        ..Page::html("")
    }
    .header("Content-Disposition", "attachment; filename=\"x.bin\"")
    .header("Cache-Control", "no-store");
    let web = Server::start(vec![
        (
            "/d",
            Page::html(
                r#"<title>D</title><a href="/f">One</a> <a href="/f" download>Two</a>
                <a href="/f" target="_blank">Three</a> <button onclick="window.open('/f')">Four</button>"#,
            ),
        ),
        ("/f", file),
    ]);
    let tmp = common::temp_dir("dl-tmp");
    let data = common::temp_dir("dl-data");
    let busy = std::sync::Arc::new(AtomicBool::new(true));
    let load: Vec<_> = (0..2)
        .map(|_| {
            let busy = std::sync::Arc::clone(&busy);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while busy.load(Ordering::Relaxed) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                }
                x
            })
        })
        .collect();
    let mut g = Glass::spawn_env(
        &[
            "--incognito",
            "--policy",
            "hardened",
            "--policy-allow-host",
            "127.0.0.1",
            "--mcp",
        ],
        &[
            ("TMPDIR", tmp.to_str().unwrap()),
            ("GLASS_DATA_DIR", data.to_str().unwrap()),
        ],
    );
    g.initialize();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/d"), "observe": false}),
    ));
    for (i, target) in [
        "role=link;name=One",
        "role=link;name=Two",
        "role=link;name=Three",
        "role=button;name=Four",
    ]
    .iter()
    .enumerate()
    {
        let r = g.call(json!(10 + i), "click", json!({"target": target}));
        if i == 0 {
            // The refusal is reported as any refused request is.
            let body = tool_json(&r);
            assert!(
                body["events"]["blocked"]
                    .to_string()
                    .contains("downloadDenied"),
                "{body}"
            );
        }
        let leaked = [&tmp, &data]
            .iter()
            .flat_map(|d| files_holding(d, marker))
            .collect::<Vec<_>>();
        assert!(leaked.is_empty(), "{target}: {leaked:?}");
    }
    let _ = g.call(
        json!(20),
        "navigate",
        json!({"url": web.url("/f"), "observe": false}),
    );
    g.close_stdin();
    g.wait_exit(Duration::from_secs(15));
    busy.store(false, Ordering::Relaxed);
    for t in load {
        t.join().unwrap();
    }
    let leaked = [&tmp, &data]
        .iter()
        .flat_map(|d| files_holding(d, marker))
        .collect::<Vec<_>>();
    assert!(leaked.is_empty(), "{leaked:?}");
    assert!(web.count("/d") >= 1);
}

// [T2] performanceTrace: URLs in a kept trace lose their query values unless network-details
// is allowed; under hardened a `path` still keeps the trace (owner-only).

#[test]
fn a_kept_trace_holds_query_values_only_where_network_details_are_allowed() {
    let web = Server::start(vec![
        (
            "/p",
            Page::html(
                "<title>P</title><link rel=\"icon\" href=\"data:,\"><script>fetch('/api?key=TRACEKEY123').then((r) => r.text());</script>",
            ),
        ),
        ("/api", Page::html("{}")),
    ]);
    for under_hardened in [true, false] {
        let mut g = if under_hardened {
            hardened()
        } else {
            common::incognito(&[])
        };
        ok(&g.call(
            json!(1),
            "navigate",
            json!({"url": web.url("/p?token=TRACETOKEN123"), "observe": false}),
        ));
        ok(&g.call(
            json!(2),
            "performanceTrace",
            json!({"action": "start", "reload": true}),
        ));
        ok(&g.call(
            json!(3),
            "wait",
            json!({"kind": "networkIdle", "timeoutMs": 20000}),
        ));
        let file = common::temp_dir("kept-trace").join("trace.json");
        let stop = ok(&g.call(
            json!(4),
            "performanceTrace",
            json!({"action": "stop", "path": file}),
        ));
        assert!(stop["trace"]["path"].is_string(), "{stop}");
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        assert!(text.contains("/api"), "the page's request is in the trace");
        for secret in ["TRACETOKEN123", "TRACEKEY123"] {
            assert_eq!(
                text.contains(secret),
                !under_hardened,
                "{secret} in the trace, hardened {under_hardened}"
            );
        }
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}

/// Under `hardened` only the person confirms (`--confirm-by person` is its default): a client
/// that declared no elicitation is refused typing into a password field, with no token to
/// spend, and a token the model makes up is not taken. The page's own beacon, sent on every
/// key that reaches the field, never arrives.
#[test]
fn hardened_lets_only_the_person_confirm_and_refuses_a_client_that_cannot_ask() {
    let web = Server::start(vec![
        (
            "/login",
            Page::html(
                r#"<title>Sign in</title><label>Password <input id="pw" type="password"></label>
                <label>Note <input id="note"></label>
                <script>document.getElementById('pw').addEventListener('input', () => fetch('/key'));
                document.getElementById('note').addEventListener('input', () => fetch('/note'));</script>"#,
            ),
        ),
        ("/key", Page::status(204)),
        ("/note", Page::status(204)),
    ]);
    let mut g = hardened();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/login"), "observe": false}),
    ));
    let r = g.call(
        json!(2),
        "type",
        json!({"target": "css=#pw", "text": "hunter2"}),
    );
    let e = failed(&r);
    assert_eq!(e["failureKind"], "noPersonToAsk", "{e}");
    assert!(!r.to_string().contains("confirmToken"), "{r}");
    let e = failed(&g.call(
        json!(3),
        "type",
        json!({"target": "css=#pw", "text": "hunter2", "confirmToken": "ct_guess"}),
    ));
    assert_eq!(e["failureKind"], "personConfirms", "{e}");
    // A key into a plain field needs no confirmation: once its beacon is in, any key that had
    // reached the password field before it would have sent its own.
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": "css=#note", "text": "k"}),
    ));
    assert_eq!(web.wait_for("/note", 1, Duration::from_secs(5)), 1);
    assert_eq!(web.count("/key"), 0, "a key reached the password field");
}

/// A batch asks the person once for all its steps, in the stateless revision's rounds: its
/// first round answers `input_required` with one question and a state the model never sees;
/// the round carrying a decline does nothing, and a new round carrying the person's accept and
/// that state runs every step. Checked on the page's own beacons, one per key that reached the
/// password field.
#[test]
fn a_batch_asks_the_person_once_between_rounds_and_runs_only_on_their_accept() {
    let web = Server::start(vec![
        (
            "/login",
            Page::html(
                r#"<title>Sign in</title><label>User <input id="u"></label><label>Password <input id="pw" type="password"></label>
                <script>document.getElementById('pw').addEventListener('input', () => fetch('/key'));</script>"#,
            ),
        ),
        ("/key", Page::status(204)),
    ]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    let mut g = Glass::spawn(&["--incognito", "--mcp"]);
    let call = |g: &mut Glass, id: i64, extra: Value| {
        let mut params = json!({"_meta": meta, "name": "batch", "arguments": {"steps": [
            {"action": "navigate", "url": web.url("/login")},
            {"action": "type", "target": "css=#u", "text": "grace"},
            {"action": "type", "target": "css=#pw", "text": "abc"}
        ]}});
        for (k, v) in extra.as_object().unwrap() {
            params[k] = v.clone();
        }
        g.request(json!(id), "tools/call", params)["result"].clone()
    };
    let nav = g.request(
        json!(0),
        "tools/call",
        json!({"_meta": meta, "name": "navigate", "arguments": {"url": web.url("/login"), "observe": false}}),
    );
    assert_eq!(nav["result"]["isError"], false, "{nav}");
    let asked = call(&mut g, 1, json!({}));
    assert_eq!(asked["resultType"], "input_required", "{asked}");
    let question = &asked["inputRequests"]["confirm"];
    assert_eq!(question["method"], "elicitation/create", "{asked}");
    assert!(
        question["params"]["message"]
            .as_str()
            .unwrap()
            .contains("password field"),
        "{asked}"
    );
    let state = asked["requestState"].as_str().unwrap().to_owned();
    let declined = call(
        &mut g,
        2,
        json!({"inputResponses": {"confirm": {"action": "decline"}}, "requestState": state}),
    );
    assert_eq!(
        declined["structuredContent"]["failureKind"], "declined",
        "{declined}"
    );
    assert_eq!(web.count("/key"), 0);
    let asked = call(&mut g, 3, json!({}));
    let state = asked["requestState"].as_str().unwrap().to_owned();
    let done = call(
        &mut g,
        4,
        json!({"inputResponses": {"confirm": {"action": "accept"}}, "requestState": state}),
    );
    assert_eq!(done["structuredContent"]["ok"], true, "{done}");
    assert_eq!(done["structuredContent"]["completed"], 3, "{done}");
    web.wait_for("/key", 3, Duration::from_secs(5));
    assert_eq!(
        web.count("/key"),
        3,
        "each key of the accepted batch reached the field"
    );
}

/// `--audit-log`: one JSON line per call with an effect, in the order the calls ran, naming
/// the tool, its effects, the host, what it acted on without its text, how it ended, its
/// execution id and who confirmed it; reads are not logged, and nothing typed, no selector and
/// no token is ever in the file, which only its owner can read.
#[test]
fn the_audit_log_records_each_call_with_an_effect_and_never_its_text() {
    use std::os::unix::fs::PermissionsExt;
    let web = Server::start(vec![(
        "/form",
        Page::html(
            r#"<title>Form</title><button id="go" onclick="window.hits = (window.hits || 0) + 1">Go</button>
            <label>Name <input id="name-field"></label><label>Password <input id="pw" type="password"></label>"#,
        ),
    )]);
    let dir = common::temp_dir("audit");
    let log = dir.join("audit.jsonl");
    let mut g = Glass::spawn(&["--incognito", "--audit-log", log.to_str().unwrap(), "--mcp"]);
    g.initialize();
    let nav = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/form"), "observe": false}),
    ));
    let click = ok(&g.call(json!(2), "click", json!({"target": "css=#go"})));
    ok(&g.call(json!(3), "observe", json!({})));
    let typed = ok(&g.call(
        json!(4),
        "type",
        json!({"target": "css=#name-field", "text": "Ada Lovelace-7"}),
    ));
    let asked = failed(&g.call(
        json!(5),
        "type",
        json!({"target": "css=#pw", "text": "hunter2-audit"}),
    ));
    let token = asked["confirmToken"].as_str().unwrap().to_owned();
    let confirmed = ok(&g.call(
        json!(6),
        "type",
        json!({"target": "css=#pw", "text": "hunter2-audit", "confirmToken": token}),
    ));
    ok(&g.call(json!(7), "getText", json!({})));
    assert_eq!(common::eval(&mut g, "window.hits"), 1);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tools: Vec<&str> = lines.iter().map(|l| l["tool"].as_str().unwrap()).collect();
    // The reads (observe, getText) are not there; evaluate runs script, so it is.
    assert_eq!(
        tools,
        ["navigate", "click", "type", "type", "type", "evaluate"],
        "{text}"
    );
    assert_eq!(lines[0]["target"], format!("http://127.0.0.1"), "{text}");
    assert_eq!(lines[0]["executionId"], nav["executionId"], "{text}");
    assert_eq!(lines[1]["target"], "css locator", "{text}");
    assert_eq!(lines[1]["executionId"], click["executionId"], "{text}");
    assert_eq!(lines[1]["host"], "127.0.0.1", "{text}");
    assert_eq!(lines[2]["executionId"], typed["executionId"], "{text}");
    assert_eq!(lines[3]["outcome"], "confirmationRequired", "{text}");
    assert_eq!(lines[4]["outcome"], "ok", "{text}");
    assert_eq!(lines[4]["confirmation"], json!({"by": "model"}), "{text}");
    assert_eq!(lines[4]["executionId"], confirmed["executionId"], "{text}");
    assert!(
        lines
            .iter()
            .all(|l| l["time"].as_str().is_some_and(|t| t.ends_with('Z')))
    );
    for secret in [
        "Ada Lovelace",
        "hunter2",
        "#go",
        "name-field",
        "#pw",
        token.as_str(),
    ] {
        assert!(
            !text.contains(secret),
            "{secret:?} in the audit log: {text}"
        );
    }
    let mode = std::fs::metadata(&log).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let _ = std::fs::remove_dir_all(dir);
}

/// Secrets by reference (issue 31): the person stores a secret bound to 127.0.0.1 with `glass
/// secrets set` (the value on stdin); the model sees its name only (`listSecrets`), names it in
/// `type` and `fillForm`, and Glass types its value only into the password field of a page on
/// the bound host, after the policy's confirmation. The page's own record shows the value in
/// the password field and nowhere else; a page that echoes it is answered `[secret]`; and no
/// byte Glass wrote (stdout, stderr, transcript, audit log, data directory) holds the value.
#[test]
fn a_secret_is_typed_by_name_only_into_a_password_field_of_its_host_and_never_shown() {
    const VALUE: &str = "Tr0ub4dor-and-3-horses";
    let page = r#"<title>Sign in</title><label>User <input id="user"></label>
        <label>Password <input id="pw" type="password"></label><p id="echo"></p>
        <script>
          for (const id of ['user', 'pw']) document.getElementById(id).addEventListener('change', e =>
            fetch('/got?' + new URLSearchParams({field: id, value: e.target.value})));
          document.getElementById('pw').addEventListener('input', e => {
            document.getElementById('echo').textContent = 'You typed ' + e.target.value;
            document.title = 'Signing in with ' + e.target.value; });
        </script>"#;
    let web = Server::start(vec![
        ("/login", Page::html(page)),
        ("/got", Page::status(204)),
    ]);
    let dir = common::temp_dir("secrets");
    let data = dir.join("data");
    let transcript = dir.join("transcript.jsonl");
    let audit = dir.join("audit.jsonl");
    let mut written = common::store_secret(&data, "login", "127.0.0.1", VALUE);
    let mut g = Glass::spawn_env(
        &[
            "--incognito",
            "--policy-allow",
            "persist-page-data",
            "--audit-log",
            audit.to_str().unwrap(),
            "--mcp",
        ],
        &[
            ("GLASS_DATA_DIR", data.to_str().unwrap()),
            ("GLASS_MCP_TRANSCRIPT", transcript.to_str().unwrap()),
        ],
    );
    g.initialize();
    let mut answers = Vec::new();
    let mut call = |g: &mut Glass, tool: &str, args: Value| {
        let r = g.call(json!(tool), tool, args);
        answers.push(r.to_string());
        r
    };
    // With secrets stored, `type` publishes its `secret` argument.
    let list = g.request(json!("list"), "tools/list", json!({}));
    let typ = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "type")
        .unwrap()
        .clone();
    assert!(
        typ["inputSchema"]["properties"]["secret"].is_object(),
        "{typ}"
    );
    let listed = ok(&call(&mut g, "listSecrets", json!({})));
    assert_eq!(
        listed["secrets"],
        json!([{"name": "login", "hosts": ["127.0.0.1"]}])
    );
    ok(&call(
        &mut g,
        "navigate",
        json!({"url": web.url("/login"), "observe": false}),
    ));
    // Not into a field that is not a password's, by either tool.
    let e = failed(&call(
        &mut g,
        "type",
        json!({"target": "css=#user", "secret": "login"}),
    ));
    assert_eq!(e["failureKind"], "notSecretField", "{e}");
    let e = failed(&call(
        &mut g,
        "fillForm",
        json!({"fields": [{"target": "css=#user", "secret": "login"}]}),
    ));
    assert_eq!(e["failureKind"], "notSecretField", "{e}");
    let e = failed(&call(
        &mut g,
        "type",
        json!({"target": "css=#pw", "secret": "nope"}),
    ));
    assert_eq!(e["path"], "secret", "{e}");
    // Into the password field, once confirmed (by the model's token here: this client cannot
    // ask the person).
    let args = json!({"target": "css=#pw", "secret": "login"});
    let asked = failed(&call(&mut g, "type", args.clone()));
    let mut confirmed = args.clone();
    confirmed["confirmToken"] = asked["confirmToken"].clone();
    ok(&call(&mut g, "type", confirmed));
    ok(&call(&mut g, "key", json!({"key": "Tab"})));
    // The page echoes it: what Glass answers has it scrubbed.
    let text = ok(&call(&mut g, "getText", json!({})));
    assert!(text.to_string().contains("You typed [secret]"), "{text}");
    // Nor is it kept in a snapshot of that page (the store in the data directory).
    let snap = ok(&call(
        &mut g,
        "sessionSnapshot",
        json!({"action": "create"}),
    ));
    // (Its title held the value; the scan of the data directory below checks the store.)
    assert!(snap["snapshot"]["id"].is_string(), "{snap}");
    // Not on a host it is not bound to (the same server as localhost).
    let other = web.url("/login").replace("127.0.0.1", "localhost");
    ok(&call(
        &mut g,
        "navigate",
        json!({"url": other, "observe": false}),
    ));
    let e = failed(&call(
        &mut g,
        "type",
        json!({"target": "css=#pw", "secret": "login"}),
    ));
    assert_eq!(e["failureKind"], "secretHostNotBound", "{e}");
    let e = failed(&call(
        &mut g,
        "fillForm",
        json!({"fields": [{"target": "css=#pw", "secret": "login"}]}),
    ));
    assert_eq!(e["failureKind"], "secretHostNotBound", "{e}");
    // The page's record: the value reached the password field on 127.0.0.1, nothing else did.
    web.wait_for("/got", 1, Duration::from_secs(5));
    let got = web.requests("/got");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].contains("field=pw") && got[0].contains(VALUE),
        "{got:?}"
    );
    g.close_stdin();
    let _ = g.wait_exit(Duration::from_secs(10));
    written.extend(g.stderr_text().into_bytes());
    written.extend(answers.concat().into_bytes());
    for entry in std::fs::read_dir(&dir)
        .unwrap()
        .chain(std::fs::read_dir(&data).unwrap())
    {
        let path = entry.unwrap().path();
        if path.is_file() {
            written.extend(std::fs::read(&path).unwrap());
        }
    }
    assert!(!written.is_empty());
    let all = String::from_utf8_lossy(&written);
    assert_eq!(
        all.matches(VALUE).count(),
        0,
        "the secret's value was written somewhere"
    );
    assert!(
        std::fs::read_to_string(&transcript)
            .unwrap()
            .contains("listSecrets")
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// An upload the policy confirms (development's default) goes to the person where the client
/// can ask: the question names the file and the host; after a decline the page has no file,
/// and on a later round's accept it reads the file. Checked on the page's beacons.
#[test]
fn an_upload_goes_to_the_person_and_the_page_gets_the_file_only_on_their_accept() {
    let web = Server::start(vec![
        (
            "/up",
            Page::html(
                r#"<title>Up</title><label>Attachment <input type="file"></label>
                <script>document.querySelector('input').onchange = async (e) => {
                  for (const f of e.target.files) fetch('/got?' + new URLSearchParams({name: f.name, text: await f.text()}));
                };</script>"#,
            ),
        ),
        ("/got", Page::status(204)),
    ]);
    let dir = common::temp_dir("person-upload");
    let file = dir.join("report-q3.txt");
    std::fs::write(&file, "quarterly").unwrap();
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    let mut g = Glass::spawn(&["--incognito", "--mcp"]);
    let call = |g: &mut Glass, id: i64, tool: &str, args: Value, extra: Value| {
        let mut params = json!({"_meta": meta, "name": tool, "arguments": args});
        for (k, v) in extra.as_object().unwrap() {
            params[k] = v.clone();
        }
        g.request(json!(id), "tools/call", params)["result"].clone()
    };
    let nav = call(
        &mut g,
        0,
        "navigate",
        json!({"url": web.url("/up"), "observe": false}),
        json!({}),
    );
    assert_eq!(nav["isError"], false, "{nav}");
    let upload = json!({"target": "name=Attachment", "files": [file]});
    let asked = call(&mut g, 1, "upload", upload.clone(), json!({}));
    assert_eq!(asked["resultType"], "input_required", "{asked}");
    let question = asked["inputRequests"]["confirm"]["params"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        question.contains("report-q3.txt") && question.contains("127.0.0.1"),
        "{question}"
    );
    let state = asked["requestState"].as_str().unwrap().to_owned();
    let no = call(
        &mut g,
        2,
        "upload",
        upload.clone(),
        json!({"inputResponses": {"confirm": {"action": "decline"}}, "requestState": state}),
    );
    assert_eq!(no["structuredContent"]["failureKind"], "declined", "{no}");
    let asked = call(&mut g, 3, "upload", upload.clone(), json!({}));
    let state = asked["requestState"].as_str().unwrap().to_owned();
    let yes = call(
        &mut g,
        4,
        "upload",
        upload,
        json!({"inputResponses": {"confirm": {"action": "accept"}}, "requestState": state}),
    );
    assert_eq!(yes["isError"], false, "{yes}");
    web.wait_for("/got", 1, Duration::from_secs(5));
    let got = web.requests("/got");
    assert_eq!(
        got.len(),
        1,
        "only the accepted upload reached the page: {got:?}"
    );
    assert!(
        got[0].contains("report-q3.txt") && got[0].contains("quarterly"),
        "{got:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
