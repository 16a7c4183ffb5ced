//! Real-Chromium tests of `browser::cdp` and `browser::launch`.
//!
//! Pages are served by the test itself on 127.0.0.1. No sleeps paper over races: tests wait
//! for events, or poll a real condition (process table, files) with a bounded deadline.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
use chromiumoxide_cdp::cdp::browser_protocol::page::{self, EventLoadEventFired, NavigateParams};
use chromiumoxide_cdp::cdp::js_protocol::runtime::EvaluateParams;
use common::chrome::{SLOTS, chrome_path, new_page_session, options};
use common::temp_dir;
use common::web::{Page, Server};
use glass::browser::cdp::CdpError;
use glass::browser::launch::{ChromeProcess, LaunchError, LaunchOptions, attach, launch};

const T: Duration = Duration::from_secs(10);

/// Pids of live processes whose command line mentions `needle` (our unique profile dir).
fn procs_with(needle: &str) -> Vec<u32> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| *pid != me)
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|c| String::from_utf8_lossy(&c).contains(needle))
                .unwrap_or(false)
        })
        .collect()
}

/// Polls the process table until nothing mentions `dir`, or fails after `within`.
async fn assert_no_procs(dir: &Path, within: Duration) {
    let needle = dir.to_string_lossy().into_owned();
    let deadline = Instant::now() + within;
    loop {
        let left = procs_with(&needle);
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "processes still using {needle} after {within:?}: {left:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn shutdown_clean(chrome: ChromeProcess, dir: &Path) {
    chrome.shutdown().await;
    assert_no_procs(dir, Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(dir);
}

// 1
#[tokio::test]
async fn launch_answers_get_version() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("version");
    let t0 = Instant::now();
    let (chrome, cdp) = launch(options(&dir)).await.unwrap();
    let launched = t0.elapsed();
    let t1 = Instant::now();
    let v = cdp
        .call(None, GetVersionParams::default(), T)
        .await
        .unwrap();
    let call = t1.elapsed();
    eprintln!("launch (spawn -> first answer): {launched:?}; next Browser.getVersion: {call:?}");
    assert!(v.product.contains("Chrome"), "{}", v.product);
    assert_eq!(cdp.pending_calls(), 0);
    shutdown_clean(chrome, &dir).await;
    assert!(cdp.closed());
}

// 2
#[tokio::test]
async fn navigate_on_a_flat_session_and_read_the_title() {
    let _slot = SLOTS.acquire().await.unwrap();
    let web = Server::start(vec![(
        "/",
        Page::html("<!doctype html><title>Glass Fixture Title</title><p>fixture</p>"),
    )]);
    let dir = temp_dir("navigate");
    let (chrome, cdp) = launch(options(&dir)).await.unwrap();
    let session = new_page_session(&cdp, T).await;
    let s = Some(session.as_str());

    let mut events = cdp.subscribe();
    cdp.call(s, page::EnableParams::default(), T).await.unwrap();
    let nav = cdp
        .call(s, NavigateParams::new(web.url("/")), T)
        .await
        .unwrap();
    assert!(nav.error_text.is_none(), "{:?}", nav.error_text);
    let load = tokio::time::timeout(T, async {
        loop {
            let ev = events.recv().await.expect("event bus");
            if ev.is::<EventLoadEventFired>() && ev.session_id.as_deref() == s {
                return ev;
            }
        }
    })
    .await
    .expect("Page.loadEventFired within 10 s");
    let typed: EventLoadEventFired = load.decode().unwrap();
    assert!(*typed.timestamp.inner() > 0.0);

    let mut eval = EvaluateParams::new("document.title");
    eval.return_by_value = Some(true);
    let r = cdp.call(s, eval, T).await.unwrap();
    assert_eq!(
        r.result.value,
        Some(serde_json::json!("Glass Fixture Title"))
    );
    // The same through call_raw.
    let raw = cdp
        .call_raw(
            s,
            "Runtime.evaluate",
            serde_json::json!({"expression": "location.host", "returnByValue": true}),
            T,
        )
        .await
        .unwrap();
    assert_eq!(raw["result"]["value"], format!("127.0.0.1:{}", web.port));
    shutdown_clean(chrome, &dir).await;
}

/// A promise that resolves after `ms` and then marks `globalThis.slowDone`.
fn slow_promise(ms: u64) -> EvaluateParams {
    let mut p = EvaluateParams::new(format!(
        "new Promise(r => setTimeout(() => {{ globalThis.slowDone = (globalThis.slowDone || 0) + 1; r('done'); }}, {ms}))"
    ));
    p.await_promise = Some(true);
    p.return_by_value = Some(true);
    p
}

// 3
#[tokio::test]
async fn a_timed_out_call_leaves_the_connection_usable() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("timeout");
    let (chrome, cdp) = launch(options(&dir)).await.unwrap();
    let session = new_page_session(&cdp, T).await;
    let s = Some(session.as_str());

    let err = cdp
        .call(s, slow_promise(2000), Duration::from_millis(100))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, CdpError::Timeout { method } if method == "Runtime.evaluate"),
        "{err:?}"
    );
    assert_eq!(cdp.pending_calls(), 0, "timed-out call left its entry");

    // The call gave up before the page's promise settled: the page has not marked it yet.
    let mut eval = EvaluateParams::new("[6 * 7, globalThis.slowDone || 0]");
    eval.return_by_value = Some(true);
    let r = cdp.call(s, eval, T).await.unwrap();
    assert_eq!(r.result.value, Some(serde_json::json!([42, 0])));

    // The late answer (after ~2 s) is dropped silently; a call spanning it still works.
    let r = cdp.call(s, slow_promise(2500), T).await.unwrap();
    assert_eq!(r.result.value, Some(serde_json::json!("done")));
    assert_eq!(cdp.pending_calls(), 0);
    shutdown_clean(chrome, &dir).await;
}

// 4
#[tokio::test]
async fn killing_chrome_fails_pending_calls_at_once() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("kill");
    let (chrome, cdp) = launch(options(&dir)).await.unwrap();
    let session = new_page_session(&cdp, T).await;

    let mut pending = Vec::new();
    for _ in 0..3 {
        let cdp = cdp.clone();
        let session = session.clone();
        pending.push(tokio::spawn(async move {
            cdp.call(
                Some(&session),
                slow_promise(30_000),
                Duration::from_secs(60),
            )
            .await
        }));
    }
    // Bounded poll until all three are in flight.
    let deadline = Instant::now() + T;
    while cdp.pending_calls() < 3 {
        assert!(Instant::now() < deadline, "calls never became pending");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    let killed = Instant::now();
    let _ = rustix::process::kill_process(pid(chrome.pid()), rustix::process::Signal::KILL);
    for p in pending {
        let r = tokio::time::timeout(Duration::from_secs(3), p)
            .await
            .expect("pending call did not fail promptly")
            .unwrap();
        assert!(matches!(r, Err(CdpError::Closed)), "{r:?}");
    }
    eprintln!("pending calls failed {:?} after SIGKILL", killed.elapsed());
    assert!(cdp.closed());

    // Closed, not a timeout: a dead connection fails calls without waiting out their deadline.
    let r = cdp.call(None, GetVersionParams::default(), T).await;
    assert!(matches!(r, Err(CdpError::Closed)), "{r:?}");
    shutdown_clean(chrome, &dir).await;
}

// 5
#[tokio::test]
async fn dropping_chrome_process_leaves_no_chromium() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("drop");
    let (chrome, cdp) = launch(options(&dir)).await.unwrap();
    // A page means a renderer process too.
    new_page_session(&cdp, T).await;
    assert!(procs_with(&dir.to_string_lossy()).len() > 1);
    drop(chrome);
    assert_no_procs(&dir, Duration::from_secs(5)).await;
    tokio::time::timeout(T, cdp.wait_closed())
        .await
        .expect("connection closes when Chrome dies");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Env vars that turn `pdeathsig_child_helper` into a real child: the profile dir, and
/// optionally an executable to launch instead of Chromium.
const CHILD_DIR_ENV: &str = "GLASS_TEST_PDEATHSIG_DIR";
const CHILD_EXE_ENV: &str = "GLASS_TEST_PDEATHSIG_EXE";
const READY: &str = "GLASS_CHILD_CHROME_READY";

/// Not a test of its own: the child of the PDEATHSIG tests, which run it by name (ignored in a
/// normal run, rather than passing without checking anything). Launches Chrome (or the given
/// stand-in), reports, then waits to be SIGKILLed (at most 60 s).
#[tokio::test]
#[ignore = "the child process of the PDEATHSIG tests, which run it themselves"]
async fn pdeathsig_child_helper() {
    let dir = std::env::var_os(CHILD_DIR_ENV).expect("run as the child of a PDEATHSIG test");
    let mut opts = options(Path::new(&dir));
    if let Some(exe) = std::env::var_os(CHILD_EXE_ENV) {
        opts.executable = exe.into();
    }
    let (_chrome, _cdp) = launch(opts).await.unwrap();
    println!("{READY}");
    tokio::time::sleep(Duration::from_secs(60)).await;
}

/// Runs this test binary as a child that launches a browser, waits for its report, then
/// lets `before_kill` check things and SIGKILLs the child (no destructors run).
async fn run_and_sigkill_child(dir: &Path, exe: Option<&Path>, before_kill: impl AsyncFnOnce()) {
    use std::io::BufRead;
    let mut cmd = std::process::Command::new(std::env::current_exe().unwrap());
    // The helper's full test name: this module's path without the crate's name.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let helper = format!("{module}::pdeathsig_child_helper");
    cmd.args([
        helper.as_str(),
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(CHILD_DIR_ENV, dir)
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::null());
    if let Some(exe) = exe {
        cmd.env(CHILD_EXE_ENV, exe);
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let ready = tokio::task::spawn_blocking(move || {
        std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .any(|l| l.contains(READY))
    });
    let ready = tokio::time::timeout(Duration::from_secs(30), ready)
        .await
        .expect("child never reported")
        .unwrap();
    assert!(ready, "child exited without launching");
    before_kill().await;
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Polls until some process mentions `needle`, or fails after 10 s.
async fn wait_for_proc(needle: &str) {
    let deadline = Instant::now() + T;
    while procs_with(needle).is_empty() {
        assert!(Instant::now() < deadline, "no process mentions {needle}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

// 6: end to end, with real Chromium.
#[tokio::test]
async fn sigkilled_glass_leaves_no_chromium() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("pdeathsig");
    let needle = dir.to_string_lossy().into_owned();
    run_and_sigkill_child(&dir, None, async || wait_for_proc(&needle).await).await;
    assert_no_procs(&dir, Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

// 6, the mechanism: a stand-in that answers the first call and then ignores its pipes
// (so pipe EOF cannot be what stops it) must still die with its parent.
#[tokio::test]
async fn sigkilled_glass_kills_a_browser_that_ignores_pipe_eof() {
    let dir = temp_dir("pdeathsig-fake");
    let marker = format!("3141.{}", std::process::id());
    let exe = fake_chrome(
        &dir,
        &format!(
            "head -c 1 <&3 >/dev/null\n\
             printf '{{\"id\":1,\"result\":{{\"protocolVersion\":\"1.3\",\"product\":\"Fake\",\"revision\":\"r\",\"userAgent\":\"u\",\"jsVersion\":\"j\"}}}}\\000' >&4\n\
             exec sleep {marker}"
        ),
    );
    run_and_sigkill_child(&dir.join("profile"), Some(&exe), async || {
        wait_for_proc(&marker).await
    })
    .await;
    assert_no_procs(Path::new(&marker), Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

// 6b: PDEATHSIG is per *thread*; Chrome must survive the thread that asked for it.
#[test]
fn chrome_outlives_the_thread_that_launched_it() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_keep_alive(Duration::from_millis(50))
        .enable_all()
        .build()
        .unwrap();
    let dir = temp_dir("thread");
    rt.block_on(async {
        let _slot = SLOTS.acquire().await.unwrap();
        let handle = tokio::runtime::Handle::current();
        let opts = options(&dir);
        let (tid, launched) = tokio::task::spawn_blocking(move || {
            let tid = rustix::thread::gettid().as_raw_nonzero().get();
            (tid, handle.block_on(launch(opts)))
        })
        .await
        .unwrap();
        let (chrome, cdp) = launched.unwrap();
        // Wait (bounded) until that blocking-pool thread has really exited.
        let deadline = Instant::now() + Duration::from_secs(15);
        while Path::new(&format!("/proc/self/task/{tid}")).exists() {
            assert!(Instant::now() < deadline, "blocking thread never exited");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let v = cdp.call(None, GetVersionParams::default(), T).await;
        assert!(v.is_ok(), "Chrome died with its launching thread: {v:?}");
        shutdown_clean(chrome, &dir).await;
    });
}

/// A Chrome the test started itself; its process group is SIGKILLed on drop, so a failing
/// assertion cannot leak it.
struct External(std::process::Child);

impl Drop for External {
    fn drop(&mut self) {
        let _ =
            rustix::process::kill_process_group(pid(self.0.id()), rustix::process::Signal::KILL);
        let _ = self.0.wait();
    }
}

/// Starts Chromium ourselves with `--remote-debugging-port=0`, as a user would for `--attach`.
fn start_external_chrome(dir: &Path) -> External {
    use std::os::unix::process::CommandExt;
    let mut args: Vec<std::ffi::OsString> = options(dir)
        .args()
        .into_iter()
        .filter(|a| a != "--remote-debugging-pipe")
        .collect();
    args.insert(0, "--remote-debugging-port=0".into());
    std::process::Command::new(chrome_path())
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .map(External)
        .unwrap()
}

/// Reads `DevToolsActivePort` (port, then browser path) once Chrome has written it fully.
async fn devtools_active_port(dir: &Path) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(text) = std::fs::read_to_string(dir.join("DevToolsActivePort")) {
            let mut lines = text.lines();
            let port = lines.next().and_then(|l| l.parse::<u16>().ok());
            let path = lines.next().filter(|p| p.starts_with("/devtools/browser/"));
            if let (Some(port), Some(path)) = (port, path) {
                return (port, path.to_owned());
            }
        }
        assert!(Instant::now() < deadline, "no DevToolsActivePort");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

// 7
#[tokio::test]
async fn attach_over_http_and_ws_never_kills_that_chrome() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("attach");
    let mut external = start_external_chrome(&dir);
    let (port, path) = devtools_active_port(&dir).await;

    let via_http = attach(&format!("http://127.0.0.1:{port}")).await.unwrap();
    let v = via_http
        .call(None, GetVersionParams::default(), T)
        .await
        .unwrap();
    assert!(v.product.contains("Chrome"));
    let via_ws = attach(&format!("ws://127.0.0.1:{port}{path}"))
        .await
        .unwrap();
    let session = new_page_session(&via_ws, T).await;
    assert!(!session.is_empty());

    let closed_http = via_http.clone();
    drop(via_http);
    drop(via_ws);
    tokio::time::timeout(Duration::from_millis(300), closed_http.wait_closed())
        .await
        .expect_err("a live clone keeps the connection open");
    closed_http.close();
    assert!(closed_http.closed());
    drop(closed_http);

    assert!(
        external.0.try_wait().unwrap().is_none(),
        "attach killed Chrome"
    );
    let again = attach(&format!("127.0.0.1:{port}")).await.unwrap();
    again
        .call(None, GetVersionParams::default(), T)
        .await
        .unwrap();
    drop(again);
    assert!(
        external.0.try_wait().unwrap().is_none(),
        "attach killed Chrome"
    );

    assert!(matches!(
        attach("https://127.0.0.1:1").await,
        Err(LaunchError::Attach { .. })
    ));
    drop(external);
    assert_no_procs(&dir, Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

// 8
#[tokio::test]
async fn a_profile_in_use_is_a_quick_clear_error() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("inuse");
    let (chrome, _cdp) = launch(options(&dir)).await.unwrap();
    let err = launch(options(&dir)).await.unwrap_err();
    assert!(matches!(err, LaunchError::ProfileInUse { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("--incognito"), "{msg}");
    eprintln!("{msg}");
    shutdown_clean(chrome, &dir).await;
}

/// A shell script standing in for Chrome, to exercise start-up failures deterministically.
fn fake_chrome(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("fake-chrome");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[tokio::test]
async fn start_up_failures_are_short_and_useful() {
    let dir = temp_dir("fake");
    let profile = dir.join("profile");

    // Exits at once with an error line among noise.
    let exe = fake_chrome(
        &dir,
        "echo '[1:2:3/4:ERROR:dbus/bus.cc:405] Failed to connect to the bus' >&2\n\
         echo '[1:2:3/4:ERROR:foo.cc:1] Missing X server or $DISPLAY' >&2\nexit 1",
    );
    let err = launch(LaunchOptions::new(&exe, &profile))
        .await
        .unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, LaunchError::Exited { .. }), "{err:?}");
    assert_eq!(
        msg,
        "Chrome exited during start-up (exit status: 1): Missing X server or $DISPLAY"
    );

    // Chrome's own "profile in use" exit.
    let exe = fake_chrome(
        &dir,
        "echo '[1:1:0/0:ERROR:chrome_main_delegate.cc:624] Failed to create a ProcessSingleton for your profile directory.' >&2\nexit 21",
    );
    let err = launch(LaunchOptions::new(&exe, &profile))
        .await
        .unwrap_err();
    assert!(matches!(err, LaunchError::ProfileInUse { .. }), "{err:?}");

    // Never answers: the deadline fires, says why, and the process group is gone.
    let exe = fake_chrome(&dir, "echo 'fake chrome is stuck' >&2\nsleep 31.4159");
    let mut opts = LaunchOptions::new(&exe, &profile);
    opts.startup_timeout = Duration::from_millis(500);
    let err = launch(opts).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "Chrome did not answer within 500ms of start-up: fake chrome is stuck"
    );
    assert_no_procs(&dir, Duration::from_secs(5)).await;
    assert_no_procs(Path::new("31.4159"), Duration::from_secs(5)).await;

    let missing = LaunchOptions::new(dir.join("nope"), &profile);
    assert!(matches!(launch(missing).await, Err(LaunchError::Spawn(_))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Chrome that crashes while starting (now and then, on a busy machine) is started once more,
/// and only a second crash is reported; a refusal is never retried (the cases above start once).
#[tokio::test]
async fn a_chrome_that_crashes_while_starting_is_started_once_more() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("crash-once");
    let starts = dir.join("starts");
    let counted = format!(
        "n=$(cat '{0}' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '{0}'",
        starts.display()
    );
    let starts_seen = || std::fs::read_to_string(&starts).unwrap_or_default();
    // The first start dies of SIGSEGV, the second is the real Chromium: launched, and it answers.
    let exe = fake_chrome(
        &dir,
        &format!(
            "{counted}\nif [ $n -eq 1 ]; then kill -SEGV $$; fi\nexec '{}' \"$@\"",
            chrome_path().display()
        ),
    );
    let mut opts = options(&dir.join("profile"));
    opts.executable = exe;
    let (chrome, cdp) = launch(opts).await.expect("the second start answers");
    let version = cdp
        .call(None, GetVersionParams::default(), T)
        .await
        .unwrap();
    assert!(version.product.contains("Chrom"), "{}", version.product);
    assert_eq!(starts_seen().trim(), "2");
    shutdown_clean(chrome, &dir.join("profile")).await;

    // Crashing every time: two starts, then the crash is reported with its signal.
    let dir = temp_dir("crash-always");
    let starts = dir.join("starts");
    let counted = format!(
        "n=$(cat '{0}' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '{0}'",
        starts.display()
    );
    let exe = fake_chrome(&dir, &format!("{counted}\nkill -SEGV $$"));
    let err = launch(LaunchOptions::new(&exe, dir.join("profile")))
        .await
        .unwrap_err();
    assert!(
        matches!(err, LaunchError::Exited { crashed: true, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("SIGSEGV"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&starts).unwrap_or_default().trim(),
        "2"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn chromes_sandbox_refusal_as_root_is_reported_with_its_reason() {
    let _slot = SLOTS.acquire().await.unwrap();
    let dir = temp_dir("sandbox");
    let mut opts = options(&dir);
    opts.no_sandbox = false;
    if !rustix::process::geteuid().is_root() {
        // Not root: Chrome's sandbox works, and a launch with it succeeds.
        let (chrome, _cdp) = launch(opts)
            .await
            .expect("a sandboxed launch as a normal user");
        shutdown_clean(chrome, &dir).await;
        return;
    }
    let err = launch(opts).await.unwrap_err();
    let msg = err.to_string();
    eprintln!("{msg}");
    assert!(msg.contains("--no-sandbox"), "{msg}");
    assert!(msg.len() < 300, "{msg}");
    assert_no_procs(&dir, Duration::from_secs(5)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A process id as rustix takes it.
fn pid(raw: u32) -> rustix::process::Pid {
    rustix::process::Pid::from_raw(raw as i32).expect("a child's pid is positive")
}
