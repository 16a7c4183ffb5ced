//! `glass daemon` through the real binaries against real Chromium: several clients share one
//! browser through `glass --mcp --connect`; while more than one is connected, a call that may
//! change the page needs the holder's lease, reads never do; a lease ends with its holder's
//! connection or its TTL; and the direct commands use the daemon's session, so a ref from
//! `glass observe` works in `glass click`. Checked on the page's own counter.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::web::{Page, Server};
use common::{Glass, failed, ok, temp_dir};
use serde_json::{Value, json};

const PAGE: &str = r#"<title>Counter</title><script>window.clicks = 0;</script>
<main><h1>Counter</h1><p id="n">Clicked 0</p>
<button onclick="clicks++; document.getElementById('n').textContent = 'Clicked ' + clicks">Add one</button></main>"#;

/// A daemon on its own data directory; stopped (SIGTERM) when dropped.
struct Daemon {
    child: Child,
    data: PathBuf,
}

impl Daemon {
    fn start() -> Daemon {
        let data = temp_dir("daemon");
        let child = common::spawn_daemon(&data);
        Daemon { child, data }
    }

    /// An MCP client through `glass --mcp --connect`, initialized.
    fn client(&self, name: &str) -> Glass {
        self.serving();
        let mut g = Glass::spawn_env(
            &["--mcp", "--connect"],
            &[("GLASS_DATA_DIR", self.data.to_str().unwrap())],
        );
        let r = g.request(
            json!(0),
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}),
        );
        assert!(r["result"].is_object(), "{r}");
        g.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        g
    }

    /// Panics with the daemon's own log (`daemon.log`) when it has exited: a client would only
    /// say that no daemon answers.
    fn serving(&self) {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()));
        let state = stat
            .as_deref()
            .ok()
            .and_then(|s| s.rsplit(')').next()?.split_whitespace().next());
        if matches!(state, None | Some("Z" | "X")) {
            let log = std::fs::read_to_string(self.data.join("daemon.log")).unwrap_or_default();
            panic!("the daemon exited; its log:\n{log}");
        }
    }

    /// A second daemon on this one's data directory, run to its end.
    fn start_another(&self) -> std::process::Output {
        Command::new(env!("CARGO_BIN_EXE_glass"))
            .args(["--incognito", "daemon"])
            .env("GLASS_DATA_DIR", &self.data)
            .output()
            .unwrap()
    }

    /// A direct command against the daemon.
    fn direct(&self, args: &[&str]) -> (bool, Value) {
        let out = Command::new(env!("CARGO_BIN_EXE_glass"))
            .args(args)
            .env("GLASS_DATA_DIR", &self.data)
            .output()
            .unwrap();
        let v = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out.status.success(), v)
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

fn lease(g: &mut Glass, ttl_ms: u64) -> Value {
    g.request(json!("l"), "lease/acquire", json!({"ttlMs": ttl_ms}))
}

fn text(g: &mut Glass) -> String {
    let r = ok(&g.call(json!("t"), "getText", json!({})));
    r["text"].as_str().unwrap().to_owned()
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// Two clients, one browser: the lease holder acts, the other reads the same page and is
/// refused a click with who holds the lease and until when; the holder's process killed, its
/// lease ends and the other's click lands (the page counts it). A lease left to run out ends at
/// its TTL.
#[test]
fn clients_share_one_browser_under_one_lease() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let mut a = d.client("agent-a");
    let mut b = d.client("agent-b");
    // Two clients: navigating needs the lease.
    let f = failed(&a.call(json!(1), "navigate", json!({"url": web.url("/")})));
    assert_eq!(f["failureKind"], "leaseRequired", "{f}");
    let grant = lease(&mut a, 60_000);
    let token = grant["result"]["token"].as_str().unwrap().to_owned();
    assert_eq!(grant["result"]["holder"]["name"], "agent-a", "{grant}");
    let r = a.call(
        json!(2),
        "navigate",
        json!({"url": web.url("/"), "leaseToken": token}),
    );
    ok(&r);
    assert_eq!(r["result"]["_meta"]["glass/lease"]["yours"], true, "{r}");

    // The other client reads the same page (observe needs no lease), and may not click.
    let seen = ok(&b.call(json!("o"), "observe", json!({})));
    assert_eq!(seen["title"], "Counter", "{seen}");
    assert!(seen.to_string().contains("Add one"), "{seen}");
    // Each client compares with what it was sent: b's first look is whole, a's next one (a was
    // sent navigate's) says only what changed, here nothing.
    assert!(seen.get("delta").is_none(), "{seen}");
    let again = ok(&a.call(json!("o2"), "observe", json!({})));
    assert_eq!(again["elements"], json!([]), "{again}");
    assert!(again["delta"]["unchanged"].as_u64().unwrap() > 0, "{again}");
    assert!(text(&mut b).contains("Clicked 0"));
    let r = b.call(
        json!(3),
        "click",
        json!({"target": "role=button;name=Add one"}),
    );
    let f = failed(&r);
    assert_eq!(f["kind"], "lease", "{f}");
    assert_eq!(f["failureKind"], "leaseHeld", "{f}");
    assert_eq!(f["holder"]["name"], "agent-a", "{f}");
    assert!(f["expiresAt"].as_u64().unwrap() > 0, "{f}");
    assert!(
        !r.to_string().contains(&token),
        "a token is never shown to another client"
    );
    let refused = lease(&mut b, 5_000);
    assert_eq!(refused["error"]["code"], -32003, "{refused}");
    assert_eq!(refused["error"]["data"]["holder"]["name"], "agent-a");
    assert!(
        text(&mut b).contains("Clicked 0"),
        "the refused click did nothing"
    );

    // The holder's process dies: its lease ends with its connection.
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let r = b.call(
            json!(4),
            "click",
            json!({"target": "role=button;name=Add one"}),
        );
        if r["result"]["isError"] != true {
            break;
        }
        assert!(Instant::now() < deadline, "{r}");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        text(&mut b).contains("Clicked 1"),
        "the page counted one click"
    );

    // A lease says when it ends (its TTL from now), a renewal moves that by its own TTL from
    // now, and while it runs another client is refused; released, the other takes it. (The end
    // at the TTL itself is the unit test `a_lease_ends_with_its_ttl`, on a clock it moves.)
    let mut c = d.client("agent-c");
    let before = unix_ms();
    let short = lease(&mut b, 1_000);
    let until = short["result"]["expiresAt"].as_u64().unwrap();
    let token = short["result"]["token"].as_str().unwrap().to_owned();
    assert!(
        until >= before + 1_000 && until <= unix_ms() + 1_000,
        "{short}"
    );
    let renewed = b.request(
        json!("r"),
        "lease/renew",
        json!({"token": token, "ttlMs": 600_000}),
    );
    let renewed_until = renewed["result"]["expiresAt"].as_u64().unwrap();
    assert!(renewed_until >= until + 590_000, "{renewed}");
    let status = c.call(json!("s"), "lease", json!({"action": "status"}));
    assert_eq!(ok(&status)["expiresAt"], renewed_until, "{status}");
    let f = failed(&c.call(
        json!(5),
        "click",
        json!({"target": "role=button;name=Add one"}),
    ));
    assert_eq!(f["failureKind"], "leaseHeld", "{f}");
    assert_eq!(f["expiresAt"], renewed_until, "{f}");
    let released = b.request(json!("x"), "lease/release", json!({"token": token}));
    assert!(released["result"]["holder"].is_null(), "{released}");
    let grant = lease(&mut c, 10_000);
    let token = grant["result"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("{grant}"))
        .to_owned();
    ok(&c.call(
        json!(6),
        "click",
        json!({"target": "role=button;name=Add one", "leaseToken": token}),
    ));
    assert!(text(&mut b).contains("Clicked 2"));
}

/// The direct commands use the daemon's session: `glass observe` gives refs, and `glass click`
/// with one of them clicks that element (the page counts it).
#[test]
fn direct_commands_share_the_daemon_session() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let (ok_nav, nav) = d.direct(&["navigate", &web.url("/")]);
    assert!(ok_nav, "{nav}");
    let (ok_obs, seen) = d.direct(&["observe"]);
    assert!(ok_obs, "{seen}");
    let button = common::ref_of(&seen["elements"], "button", "Add one");
    let (clicked, r) = d.direct(&["click", &button]);
    assert!(clicked, "{r}");
    let (_, t) = d.direct(&["text"]);
    assert!(t["text"].as_str().unwrap().contains("Clicked 1"), "{t}");
    // The daemon owns the socket; a second daemon is refused.
    let second = d.start_another();
    assert_eq!(second.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&second.stderr).contains("already serves"));
    socket_is_owner_only(&d.data.join("daemon.sock"));
}

fn socket_is_owner_only(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}

/// #26 Part B 2: two MCP clients on one daemon could not act (a custom JSON-RPC method and a
/// token no schema names). Driven by the official Python SDK with tools only: the `lease` tool
/// is listed, the holder's connection acts with no token, the other is told who holds it, and
/// after a release the other takes it. The page counts exactly the clicks that were allowed.
#[test]
fn two_sdk_clients_share_a_daemon_with_tools_only() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let python = std::env::var_os("GLASS_MCP_SDK")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/mcp-sdk"))
        .join("bin/python");
    assert!(
        python.exists(),
        "run scripts/test: it installs the MCP SDK once"
    );
    let out = Command::new(python)
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sdk/share.py"))
        .arg(env!("CARGO_BIN_EXE_glass"))
        .arg(web.url("/"))
        .env("GLASS_DATA_DIR", &d.data)
        .output()
        .unwrap();
    let r: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(r["listed"], true, "{r}");
    assert_eq!(
        r["a_navigate_without"]["failureKind"], "leaseRequired",
        "{r}"
    );
    assert_eq!(r["a_acquire"]["yours"], true, "{r}");
    assert!(r["a_acquire"].get("token").is_none(), "{r}");
    assert_eq!(r["a_navigate"]["isError"], false, "{r}");
    assert_eq!(r["b_click"]["failureKind"], "leaseHeld", "{r}");
    assert_eq!(r["b_acquire"]["failureKind"], "leaseHeld", "{r}");
    assert_eq!(r["a_click"]["isError"], false, "{r}");
    assert_eq!(r["a_release"]["holder"], Value::Null, "{r}");
    assert_eq!(r["b_acquire_after"]["yours"], true, "{r}");
    assert_eq!(r["b_click_after"]["isError"], false, "{r}");
    assert!(
        r["text"]["text"].as_str().unwrap().contains("Clicked 2"),
        "{r}"
    );
}

/// #26 Part B 1: with a development daemon running, a client or a direct command given the
/// hardened policy ran under the daemon's (a refused host loaded). Refused at once instead,
/// naming the daemon's options; the page's server never sees a request.
#[test]
fn a_client_never_runs_under_another_sessions_policy() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let hardened = [
        "--policy",
        "hardened",
        "--incognito",
        "--policy-allow-host",
        "127.0.0.2",
    ];
    let mut args = hardened.to_vec();
    args.extend(["--mcp", "--connect"]);
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(&args)
        .env("GLASS_DATA_DIR", &d.data)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(why.contains("development policy with --incognito"), "{why}");
    assert!(why.contains("--policy hardened"), "{why}");
    let mut args = hardened.to_vec();
    let url = web.url("/");
    args.extend(["navigate", url.as_str()]);
    let out = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(&args)
        .env("GLASS_DATA_DIR", &d.data)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(web.count("/"), 0, "the refused command reached the page");
    // The same options as the daemon's, or none, join it.
    let (joined, nav) = d.direct(&["--incognito", "navigate", &url]);
    assert!(joined, "{nav}");
    assert_eq!(web.count("/"), 1);
}

/// #26 Part B 9: `screenshot {path}` and `printToPdf {path}` were marked read-only, so a daemon
/// client without the lease overwrote a file while another held it. A call that writes a file
/// needs the lease like any change; a screenshot returned inline stays a read.
#[test]
fn a_client_without_the_lease_writes_no_file() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let mut a = d.client("agent-a");
    let mut b = d.client("agent-b");
    ok(&a.call(json!(1), "lease", json!({"action": "acquire"})));
    ok(&a.call(json!(2), "navigate", json!({"url": web.url("/")})));
    let dir = temp_dir("daemon-files");
    for (tool, file) in [("screenshot", "b.png"), ("printToPdf", "b.pdf")] {
        let f = failed(&b.call(json!(3), tool, json!({"path": dir.join(file)})));
        assert_eq!(f["failureKind"], "leaseHeld", "{tool}: {f}");
        assert!(!dir.join(file).exists(), "{tool} wrote without the lease");
    }
    let shot = b.call(json!(4), "screenshot", json!({}));
    assert_eq!(shot["result"]["isError"], false, "{shot}");
    ok(&a.call(json!(5), "screenshot", json!({"path": dir.join("a.png")})));
    assert!(dir.join("a.png").exists());
}

/// The current Unix time in ms, the clock `expiresAt` is written in.
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// The `lease` tool's raw answer.
fn lease_tool(g: &mut Glass, args: Value) -> Value {
    g.call(json!("lt"), "lease", args)
}

/// `_meta["glass/lease"]` of a tool result, if it has one.
fn lease_meta(r: &Value) -> Option<Value> {
    r["result"]
        .get("_meta")
        .and_then(|m| m.get("glass/lease"))
        .cloned()
}

/// Doc items: a lone client never sees a lease; `_meta["glass/lease"]` on every result while
/// shared (refusals included); `lease` tool acquire (default ttlMs 60000), renew, release,
/// status; ttlMs 1000..=900000 (tool and `lease/acquire`); answer fields holder.client,
/// holder.name, expiresAt, yours (both sides), clients; `lease/acquire` yours/clients;
/// `lease/renew {token, ttlMs}`; `lease/release {token}`; -32003 data without a token;
/// methods only after initialize (-32002); a lease ends on release. Checked on the page's
/// own click counter.
#[test]
fn the_lease_tool_and_methods_renew_release_and_report_status() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let click = json!({"target": "role=button;name=Add one"});

    // A lone client acts without a lease and never sees one.
    let mut a = d.client("agent-a");
    let r = a.call(
        json!(1),
        "navigate",
        json!({"url": web.url("/"), "observe": false}),
    );
    ok(&r);
    assert!(lease_meta(&r).is_none(), "{r}");
    let r = a.call(json!(2), "click", click.clone());
    ok(&r);
    assert!(lease_meta(&r).is_none(), "{r}");
    assert!(text(&mut a).contains("Clicked 1"));
    let s = ok(&lease_tool(&mut a, json!({"action": "status"})));
    assert_eq!(s["holder"], Value::Null, "{s}");
    assert_eq!(s["clients"], 1, "{s}");

    // A second client (its initialize answered, so it is registered): every result now says
    // who holds the lease, nobody yet.
    let mut b = d.client("agent-b");
    let r = a.call(json!(3), "getText", json!({}));
    assert_eq!(
        lease_meta(&r),
        Some(json!({"holder": null, "clients": 2})),
        "{r}"
    );

    // ttlMs outside 1000..=900000 is refused, by the tool and by the method, and takes nothing.
    for ttl in [999u64, 900_001] {
        let f = failed(&lease_tool(
            &mut a,
            json!({"action": "acquire", "ttlMs": ttl}),
        ));
        assert_eq!(f["kind"], "invalidArguments", "{ttl}: {f}");
        assert!(
            f["path"].as_str().unwrap_or("").starts_with("ttlMs"),
            "{ttl}: {f}"
        );
        let e = a.request(json!("m"), "lease/acquire", json!({"ttlMs": ttl}));
        assert_eq!(e["error"]["code"], -32602, "{ttl}: {e}");
    }
    let s = ok(&lease_tool(&mut b, json!({"action": "status"})));
    assert_eq!(
        s["holder"],
        Value::Null,
        "a refused acquire took the lease: {s}"
    );

    // acquire with the default TTL: 60000 ms after the moment it was taken (bracketed by the
    // test's own readings of the clock expiresAt is written in; no duration is measured).
    let before = now_ms();
    let mine = ok(&lease_tool(&mut a, json!({"action": "acquire"})));
    let after = now_ms();
    let until = mine["expiresAt"].as_u64().unwrap();
    assert!(
        until >= before + 60_000 && until <= after + 60_000,
        "{before} {after} {mine}"
    );
    assert_eq!(mine["yours"], true, "{mine}");
    assert_eq!(mine["clients"], 2, "{mine}");
    assert_eq!(mine["holder"]["name"], "agent-a", "{mine}");
    assert!(mine["holder"]["client"].is_u64(), "{mine}");
    assert!(mine.get("token").is_none(), "{mine}");
    let theirs = ok(&lease_tool(&mut b, json!({"action": "status"})));
    assert_eq!(theirs["yours"], false, "{theirs}");
    assert_eq!(theirs["holder"], mine["holder"], "{theirs}");
    assert_eq!(theirs["expiresAt"], mine["expiresAt"], "{theirs}");
    assert_eq!(theirs["clients"], 2, "{theirs}");

    // Every result of the other client, a refusal included, carries the lease as it sees it.
    let r = b.call(json!(4), "click", click.clone());
    assert_eq!(failed(&r)["failureKind"], "leaseHeld", "{r}");
    let seen = lease_meta(&r).unwrap_or_else(|| panic!("no lease in {r}"));
    assert_eq!(seen["holder"]["name"], "agent-a", "{r}");
    assert_eq!(seen["yours"], false, "{r}");
    assert!(
        text(&mut b).contains("Clicked 1"),
        "the refused click did nothing"
    );

    // renew: the holder's lease runs from now; the other client can neither renew nor release
    // it (the tool's table names these refusals lease/leaseHeld; the code answers
    // lease/leaseRequired "this connection does not hold the lease": only the kind and the
    // holder are asserted here, see the markdown).
    let before = now_ms();
    let renewed = ok(&lease_tool(
        &mut a,
        json!({"action": "renew", "ttlMs": 900_000}),
    ));
    assert!(
        renewed["expiresAt"].as_u64().unwrap() >= before + 900_000,
        "{renewed}"
    );
    assert_eq!(renewed["yours"], true, "{renewed}");
    for action in ["renew", "release"] {
        let f = failed(&lease_tool(&mut b, json!({"action": action})));
        assert_eq!(f["kind"], "lease", "{action}: {f}");
        assert_eq!(f["holder"]["name"], "agent-a", "{action}: {f}");
    }
    let s = ok(&lease_tool(&mut b, json!({"action": "status"})));
    assert_eq!(s["holder"]["name"], "agent-a", "{s}");
    ok(&a.call(json!(5), "click", click.clone()));
    assert!(text(&mut b).contains("Clicked 2"));

    // release: nobody holds it, and with company a client needs it again.
    let released = ok(&lease_tool(&mut a, json!({"action": "release"})));
    assert_eq!(released["holder"], Value::Null, "{released}");
    assert!(released.get("expiresAt").is_none(), "{released}");
    let f = failed(&a.call(json!(6), "click", click.clone()));
    assert_eq!(f["failureKind"], "leaseRequired", "{f}");
    assert!(
        text(&mut b).contains("Clicked 2"),
        "the refused click did nothing"
    );

    // The same through the JSON-RPC methods, for programs.
    let grant = b.request(json!("b1"), "lease/acquire", json!({}));
    let token = grant["result"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("{grant}"))
        .to_owned();
    assert_eq!(grant["result"]["holder"]["name"], "agent-b", "{grant}");
    assert_eq!(grant["result"]["yours"], true, "{grant}");
    assert_eq!(grant["result"]["clients"], 2, "{grant}");
    let e = b.request(
        json!("b2"),
        "lease/renew",
        json!({"token": "lt_not-this-one", "ttlMs": 5000}),
    );
    assert_eq!(e["error"]["code"], -32003, "{e}");
    assert!(e["error"]["data"].get("token").is_none(), "{e}");
    let e = b.request(json!("b3"), "lease/renew", json!({"ttlMs": 5000}));
    assert_eq!(e["error"]["code"], -32602, "a renew without its token: {e}");
    let before = now_ms();
    let r = b.request(
        json!("b4"),
        "lease/renew",
        json!({"token": token, "ttlMs": 900_000}),
    );
    assert!(
        r["result"]["expiresAt"].as_u64().unwrap() >= before + 900_000,
        "{r}"
    );
    assert_eq!(r["result"]["yours"], true, "{r}");
    // Another client cannot release it with any token, and never sees the holder's.
    let e = a.request(json!("a1"), "lease/release", json!({"token": "lt_guess"}));
    assert_eq!(e["error"]["code"], -32003, "{e}");
    assert_eq!(e["error"]["data"]["holder"]["name"], "agent-b", "{e}");
    assert_eq!(e["error"]["data"]["yours"], false, "{e}");
    assert!(!e.to_string().contains(&token), "{e}");
    ok(&b.call(json!(7), "click", click.clone()));
    assert!(text(&mut a).contains("Clicked 3"));
    let r = b.request(json!("b5"), "lease/release", json!({"token": token}));
    assert_eq!(r["result"]["holder"], Value::Null, "{r}");
    let f = failed(&b.call(json!(8), "click", click.clone()));
    assert_eq!(
        f["failureKind"], "leaseRequired",
        "released by lease/release: {f}"
    );
    assert!(text(&mut a).contains("Clicked 3"));

    // Before initialize, the methods are not served.
    let mut c = Glass::spawn_env(
        &["--mcp", "--connect"],
        &[("GLASS_DATA_DIR", d.data.to_str().unwrap())],
    );
    let e = c.request(json!("c1"), "lease/acquire", json!({}));
    assert_eq!(e["error"]["code"], -32002, "{e}");
}

/// Doc items: lease/leaseRequired leaves the page untouched (the refused navigation never
/// reaches the page's server); a direct command takes the lease for the time it runs (refused
/// while another client holds it, acts once it is free, and gives it back); a second daemon on
/// the same directory is refused and the first one keeps serving.
#[test]
fn a_refused_call_leaves_the_page_alone_and_direct_commands_take_the_lease() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let mut a = d.client("agent-a");
    let _b = d.client("agent-b");
    let f = failed(&a.call(json!(1), "navigate", json!({"url": web.url("/")})));
    assert_eq!(f["failureKind"], "leaseRequired", "{f}");
    assert_eq!(
        web.count("/"),
        0,
        "the refused navigation reached the page's server"
    );
    ok(&a.call(json!(2), "lease", json!({"action": "acquire"})));
    ok(&a.call(
        json!(3),
        "navigate",
        json!({"url": web.url("/"), "observe": false}),
    ));
    assert_eq!(web.count("/"), 1);

    // A direct command while another client holds the lease: refused, naming the holder.
    let (clicked, r) = d.direct(&["click", "role=button;name=Add one"]);
    assert!(!clicked, "{r}");
    assert_eq!(r["kind"], "lease", "{r}");
    assert_eq!(r["failureKind"], "leaseHeld", "{r}");
    assert_eq!(r["holder"]["name"], "agent-a", "{r}");
    assert!(
        text(&mut a).contains("Clicked 0"),
        "the refused command clicked"
    );

    // Released: the command (a third client) takes the lease itself and acts...
    ok(&a.call(json!(4), "lease", json!({"action": "release"})));
    let (clicked, r) = d.direct(&["click", "role=button;name=Add one"]);
    assert!(clicked, "{r}");
    assert!(text(&mut a).contains("Clicked 1"));
    // ...and gave it back before it ended (lease/release, answered before it exits).
    ok(&a.call(json!(5), "lease", json!({"action": "acquire"})));

    // A second daemon on the same directory is refused, and the first one still serves.
    let second = d.start_another();
    assert_eq!(second.status.code(), Some(1));
    ok(&a.call(
        json!(6),
        "click",
        json!({"target": "role=button;name=Add one"}),
    ));
    assert!(text(&mut a).contains("Clicked 2"));
}

/// Every process under `root` (children, grandchildren...), from /proc.
fn descendants(root: u32) -> Vec<u32> {
    let mut parent = std::collections::HashMap::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command name may hold spaces and parentheses: the fields follow the last ')'.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        if let Some(pp) = rest
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok())
        {
            parent.insert(pid, pp);
        }
    }
    let mut out = Vec::new();
    let mut todo = vec![root];
    while let Some(p) = todo.pop() {
        for (&c, &pp) in &parent {
            if pp == p {
                out.push(c);
                todo.push(c);
            }
        }
    }
    out
}

/// Whether `pid` has ended (gone, or a zombie waiting for its reaper).
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(s) => s
            .rsplit_once(')')
            .is_some_and(|(_, r)| r.trim_start().starts_with('Z')),
    }
}

/// Doc items: a stale socket file (a daemon that died) is replaced; a client leaving never
/// closes the Chrome; stopping the daemon (SIGTERM) closes the Chrome it started and removes
/// its socket.
#[test]
fn stopping_the_daemon_closes_its_chrome_and_a_stale_socket_is_replaced() {
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let data = temp_dir("daemon-stale");
    let sock = data.join("daemon.sock");
    // A socket file nobody serves any more.
    drop(std::os::unix::net::UnixListener::bind(&sock).unwrap());
    assert!(std::os::unix::net::UnixStream::connect(&sock).is_err());
    let child = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["--incognito", "daemon"])
        .env("GLASS_DATA_DIR", &data)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut d = Daemon { child, data };
    // The event waited for: the socket answers (the stale file was replaced).
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::os::unix::net::UnixStream::connect(&sock).is_err() {
        assert!(
            Instant::now() < deadline,
            "the daemon did not replace the stale socket"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut a = d.client("agent-a");
    // The probe connection above may still be counted for a moment: take the lease, which
    // works alone and in company alike.
    ok(&a.call(json!(1), "lease", json!({"action": "acquire"})));
    ok(&a.call(
        json!(2),
        "navigate",
        json!({"url": web.url("/"), "observe": false}),
    ));
    let chrome = descendants(d.child.id());
    assert!(!chrome.is_empty(), "no Chrome under the daemon");

    // A client leaving never closes it: the next client reads the same page.
    drop(a);
    let mut b = d.client("agent-b");
    assert!(text(&mut b).contains("Clicked 0"));
    drop(b);

    // Stopping the daemon does, and removes the socket.
    let term = Command::new("kill")
        .args(["-TERM", &d.child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let status = d.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let deadline = Instant::now() + Duration::from_secs(15);
    while !chrome.iter().all(|p| ended(*p)) {
        assert!(
            Instant::now() < deadline,
            "Chrome outlived the daemon: {:?}",
            chrome.iter().filter(|p| !ended(**p)).collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!sock.exists(), "the socket outlived the daemon");
}

// -------------------------------------------------------------------------------------
// Section 4: needs the proposed test clock (GLASS_TEST_LEASE_CLOCK=1, `lease/testAdvanceClock`).
// It replaces the real one-second wait in `clients_share_one_browser_under_one_lease` (whose
// last block can then call `advance` instead of `wait_until_unix_ms`).
// -------------------------------------------------------------------------------------

/// A connection that only asks for the daemon's session options (what `--connect` and the
/// direct commands send first) is not a client: while one stays open, a lone client still
/// clicks without a lease (the page counts it) and the status counts one client.
#[test]
fn a_session_probe_is_not_company_for_a_lone_client() {
    use std::io::{BufRead, BufReader, Write};
    use std::os::unix::net::UnixStream;
    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let d = Daemon::start();
    let mut a = d.client("agent-a");
    let mut probe = UnixStream::connect(d.data.join("daemon.sock")).unwrap();
    probe
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"glass/session\",\"params\":{}}\n")
        .unwrap();
    let mut answer = String::new();
    BufReader::new(probe.try_clone().unwrap())
        .read_line(&mut answer)
        .unwrap();
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert!(answer["result"]["policy"].is_string(), "{answer}");
    // The probe stays connected while the lone client acts.
    ok(&a.call(json!(1), "navigate", json!({"url": web.url("/")})));
    ok(&a.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Add one"}),
    ));
    assert_eq!(common::eval(&mut a, "clicks"), 1);
    let listed = ok(&a.call(json!(4), "lease", json!({"action": "status"})));
    assert_eq!(listed["clients"], 1, "{listed}");
    // A second client that makes a request is company: now the lease is needed.
    let mut b = d.client("agent-b");
    let f = failed(&b.call(
        json!(5),
        "click",
        json!({"target": "role=button;name=Add one"}),
    ));
    assert_eq!(f["failureKind"], "leaseRequired", "{f}");
    // Read without a lease: the page still counts one click.
    assert!(text(&mut a).contains("Clicked 1"));
    drop(probe);
}

/// A direct command through the daemon asks for confirmation as one without a daemon does:
/// no token the command line could not take back, a reason naming `--confirm`, nothing typed;
/// with `--confirm` the text reaches the page (its own counter of typed characters).
#[test]
fn a_direct_command_through_the_daemon_confirms_with_the_flag() {
    let page = r#"<title>Login</title><label>Password <input type="password"
        oninput="document.getElementById('n').textContent = 'Typed ' + this.value.length"></label>
        <p id="n">Typed 0</p>"#;
    let web = Server::start(vec![("/", Page::html(page))]);
    let d = Daemon::start();
    let (ok_nav, nav) = d.direct(&["navigate", &web.url("/")]);
    assert!(ok_nav, "{nav}");
    let (typed, e) = d.direct(&["type", "role=textbox;name=Password", "secret"]);
    assert!(!typed, "{e}");
    assert_eq!(e["kind"], "confirmationRequired", "{e}");
    assert!(e.get("confirmToken").is_none(), "{e}");
    assert!(e["reason"].as_str().unwrap().contains("--confirm"), "{e}");
    let (_, t) = d.direct(&["text"]);
    assert!(t["text"].as_str().unwrap().contains("Typed 0"), "{t}");
    let (typed, r) = d.direct(&["--confirm", "type", "role=textbox;name=Password", "secret"]);
    assert!(typed, "{r}");
    let (_, t) = d.direct(&["text"]);
    assert!(t["text"].as_str().unwrap().contains("Typed 6"), "{t}");
}

/// `mcp-config --connect` prints a configuration whose command joins the running daemon; with
/// no daemon running the same command says how to start one and exits 1 (tried, not refused).
#[test]
fn a_daemon_client_config_connects_and_no_daemon_is_a_failure() {
    let data = temp_dir("daemon-config");
    let config = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["mcp-config", "--connect"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&config.stdout).unwrap();
    let args: Vec<String> = v["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_owned())
        .collect();
    let alone = Command::new(v["command"].as_str().unwrap())
        .args(&args)
        .env("GLASS_DATA_DIR", &data)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(alone.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&alone.stderr).contains("glass daemon"));

    let web = Server::start(vec![("/", Page::html(PAGE))]);
    let child = common::spawn_daemon(&data);
    let d = Daemon { child, data };
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut g = Glass::spawn_env(&arg_refs, &[("GLASS_DATA_DIR", d.data.to_str().unwrap())]);
    g.initialize();
    ok(&g.call(json!(1), "navigate", json!({"url": web.url("/")})));
    ok(&g.call(
        json!(2),
        "click",
        json!({"target": "role=button;name=Add one"}),
    ));
    // The daemon's session is the one that clicked: a direct command reads its page.
    let (_, t) = d.direct(&["text"]);
    assert!(t["text"].as_str().unwrap().contains("Clicked 1"), "{t}");
}
