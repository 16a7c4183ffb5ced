//! A real MCP client for tests: spawns the built `glass` binary and speaks both framings.
#![allow(dead_code)]

pub mod apps;
pub mod chrome;
pub mod web;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How a response was framed on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    Line,
    ContentLength,
}

/// Anything on stdout that is not a well-formed JSON-RPC frame.
#[derive(Debug)]
pub struct Impurity(pub String);

pub struct Glass {
    pub child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Result<(Framing, Value), Impurity>>,
    pub stderr: Arc<Mutex<Vec<u8>>>,
    /// Disconnects when the stderr reader has seen end of file, so a test that reads stderr
    /// after the exit reads all of it, not what the reader thread happened to copy so far.
    stderr_done: Receiver<()>,
    /// `notifications/tools/list_changed` received so far: a lean server sends one after a call
    /// that listed a family more. `recv` counts them instead of returning them, unless
    /// `keep_list_changed` is set (for the tests about the notification itself).
    pub list_changed: usize,
    pub keep_list_changed: bool,
    /// The page as `observe` last showed it whole or merged (its revision, its elements flat).
    pub view: Option<(Value, Vec<Value>)>,
    /// Elements an action told gone, as they last read (one may come `back`).
    pub gone: Vec<Value>,
    /// The data directory made for this Glass when the test named none: removed when it ends,
    /// so a run of the suite leaves no thousands of directories behind in the temp folder.
    own_data: Option<std::path::PathBuf>,
    _slot: Slot,
}

/// Glass processes (each may run a Chrome) alive at once in one test binary. Tests beyond the
/// limit wait for a slot, so a loaded machine slows the suite instead of timing Chromes out.
/// No test holds more than three at once, so two test threads can never deadlock on them.
const MAX_GLASSES: usize = 6;
static RUNNING: (Mutex<usize>, std::sync::Condvar) = (Mutex::new(0), std::sync::Condvar::new());

/// One of the [`MAX_GLASSES`] slots, given back on drop.
struct Slot;

impl Slot {
    fn take() -> Slot {
        let (count, freed) = &RUNNING;
        let mut n = count.lock().unwrap();
        while *n >= MAX_GLASSES {
            n = freed.wait(n).unwrap();
        }
        *n += 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (count, freed) = &RUNNING;
        *count.lock().unwrap() -= 1;
        freed.notify_one();
    }
}

/// How long a test waits for an answer before it calls Glass hung: longer than Glass's own
/// longest deadline (a trace's flush and a print, 60 s), so that on a loaded machine a slow tool
/// still answers, and its own bounded error is what a test sees.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(90);

impl Glass {
    pub fn spawn(args: &[&str]) -> Glass {
        Self::spawn_env(args, &[])
    }

    pub fn spawn_env(args: &[&str], env: &[(&str, &str)]) -> Glass {
        let slot = Slot::take();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_glass"));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Each Glass keeps its store, checkpoints and profiles in its own data directory unless
        // the test names one: nothing a test does lands in the user's own.
        let own_data = (!env.iter().any(|(k, _)| *k == "GLASS_DATA_DIR")).then(|| temp_dir("data"));
        if let Some(dir) = &own_data {
            cmd.env("GLASS_DATA_DIR", dir);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn glass");
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = channel();
        thread::spawn(move || read_frames(stdout, tx));
        let err_buf = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&err_buf);
        let (done_tx, stderr_done) = channel::<()>();
        thread::spawn(move || {
            let _done = done_tx;
            let mut stderr = stderr;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        });
        Glass {
            list_changed: 0,
            keep_list_changed: false,
            view: None,
            gone: Vec::new(),
            stdin: child.stdin.take(),
            child,
            rx,
            stderr: err_buf,
            stderr_done,
            own_data,
            _slot: slot,
        }
    }

    pub fn mcp() -> Glass {
        Self::spawn(&["--mcp"])
    }

    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to glass");
        stdin.flush().unwrap();
    }

    pub fn send(&mut self, msg: &Value) {
        let mut line = serde_json::to_vec(msg).unwrap();
        line.push(b'\n');
        self.write_raw(&line);
    }

    pub fn send_framed(&mut self, msg: &Value) {
        let body = serde_json::to_vec(msg).unwrap();
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        self.write_raw(&frame);
    }

    pub fn recv_framed_within(&mut self, timeout: Duration) -> (Framing, Value) {
        match self.rx.recv_timeout(timeout) {
            Ok(Ok((_, m)))
                if !self.keep_list_changed && m["method"] == "notifications/tools/list_changed" =>
            {
                self.list_changed += 1;
                self.recv_framed_within(timeout)
            }
            Ok(Ok(frame)) => frame,
            Ok(Err(Impurity(s))) => panic!("stdout carried a non-protocol byte sequence: {s}"),
            Err(RecvTimeoutError::Timeout) => panic!(
                "no response within {timeout:?}; stderr: {}",
                self.stderr_text()
            ),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("glass closed stdout; stderr: {}", self.stderr_text())
            }
        }
    }

    pub fn recv_framed(&mut self) -> (Framing, Value) {
        self.recv_framed_within(RECV_TIMEOUT)
    }

    pub fn recv(&mut self) -> Value {
        self.recv_framed().1
    }

    /// Assert nothing arrives for `d`.
    pub fn expect_silence(&mut self, d: Duration) {
        let until = std::time::Instant::now() + d;
        while let Ok(msg) = self
            .rx
            .recv_timeout(until.saturating_duration_since(std::time::Instant::now()))
        {
            match msg {
                Ok((_, m))
                    if !self.keep_list_changed
                        && m["method"] == "notifications/tools/list_changed" =>
                {
                    self.list_changed += 1;
                }
                msg => panic!("unexpected message: {msg:?}"),
            }
        }
    }

    pub fn request(&mut self, id: Value, method: &str, params: Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.recv()
    }

    /// `tool` called with a progress token: every message that came before its answer (the
    /// progress notifications), and the answer.
    pub fn call_with_progress(&mut self, tool: &str, args: Value) -> (Vec<Value>, Value) {
        self.send(
            &json!({"jsonrpc": "2.0", "id": "progressed", "method": "tools/call",
            "params": {"name": tool, "arguments": args, "_meta": {"progressToken": "p"}}}),
        );
        let mut before = Vec::new();
        loop {
            let m = self.recv();
            if m.get("id") == Some(&json!("progressed")) {
                return (before, m);
            }
            before.push(m);
        }
    }

    pub fn initialize(&mut self) -> Value {
        let r = self.request(
            json!(0),
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "glass-tests", "version": "0"}
            }),
        );
        assert!(r.get("result").is_some(), "initialize failed: {r}");
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        r
    }

    /// A tool call in a `Content-Length` frame: the framing for requests over 8 KiB.
    pub fn call_framed(&mut self, id: Value, tool: &str, args: Value) -> Value {
        self.send_framed(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": args}}));
        self.recv()
    }

    pub fn call(&mut self, id: Value, tool: &str, args: Value) -> Value {
        let r = self.request(id, "tools/call", json!({"name": tool, "arguments": args}));
        self.apply_changes(&r);
        r
    }

    /// An action's result tells what it changed since the page as this helper last saw it
    /// (`changes`): applied to that view as a model would, the counts must add up.
    fn apply_changes(&mut self, r: &Value) {
        if r["result"]["isError"] != false {
            return;
        }
        let Some(result) = result_json(r) else {
            return;
        };
        let Some(changes) = result.get("changes") else {
            return;
        };
        let Some((_, seen)) = self.view.take().filter(|(rev, _)| *rev == changes["since"]) else {
            return;
        };
        let list = |k: &str| changes[k].as_array().cloned().unwrap_or_default();
        let runs = |k: &str| -> Vec<Value> {
            ref_list(&changes[k]).into_iter().map(Value::from).collect()
        };
        let removed = runs("removed");
        let (went, kept): (Vec<Value>, Vec<Value>) =
            seen.into_iter().partition(|e| removed.contains(&e["ref"]));
        let mut seen = kept;
        self.gone.retain(|g| !removed.contains(&g["ref"]));
        self.gone.extend(went);
        // Back as they were when they went (told gone in a result this helper could not apply
        // to its view: the view is unknown from here).
        for r in runs("back") {
            let Some(i) = self.gone.iter().position(|g| g["ref"] == r) else {
                return;
            };
            seen.push(self.gone.remove(i));
        }
        let told = list("added").len() + list("changed").len() + runs("back").len();
        for mut e in list("added") {
            if let Some(o) = e.as_object_mut() {
                o.remove("in");
            }
            seen.push(e);
        }
        // Changed: merge patches of what was last read.
        for p in list("changed") {
            let old = seen
                .iter_mut()
                .find(|s| s["ref"] == p["ref"])
                .unwrap_or_else(|| panic!("{} changed but was never seen: {result}", p["ref"]));
            for (k, v) in p.as_object().unwrap() {
                match v {
                    Value::Null => {
                        old.as_object_mut().unwrap().remove(k);
                    }
                    v => old[k] = v.clone(),
                }
            }
        }
        if changes["more"].as_u64().unwrap_or(0) == 0 {
            assert_eq!(
                seen.len() as u64,
                changes["unchanged"].as_u64().unwrap_or(0)
                    + changes["unlisted"].as_u64().unwrap_or(0)
                    + told as u64,
                "an action's changes do not add up to the page as last seen: {result}"
            );
        }
        self.view = Some((result["revision"].clone(), seen));
    }

    pub fn close_stdin(&mut self) {
        self.stdin.take();
    }

    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let end = Instant::now() + timeout;
        while Instant::now() < end {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The process is gone; its stderr may still be in the pipe. Wait (within the
                // same bound) for the reader to reach end of file.
                let left = end.saturating_duration_since(Instant::now());
                let _ = self.stderr_done.recv_timeout(left);
                return Some(status);
            }
            thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Whether stdout is finished cleanly: every byte belonged to a frame.
    pub fn assert_stdout_pure_until_eof(&mut self) {
        loop {
            match self.rx.recv_timeout(RECV_TIMEOUT) {
                Ok(Ok(_)) => continue,
                Ok(Err(Impurity(s))) => panic!("stdout impurity: {s}"),
                Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => panic!("stdout did not close"),
            }
        }
    }

    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS")
    }
}

impl Drop for Glass {
    /// End the session as a client would (stdin closed), so Chrome and any throwaway profile
    /// are cleaned up; kill only if that takes too long.
    fn drop(&mut self) {
        self.stdin.take();
        if self.wait_exit(Duration::from_secs(10)).is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        if let Some(dir) = self.own_data.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Parse stdout strictly: newline-delimited JSON objects or Content-Length frames, nothing else.
fn read_frames(stdout: impl Read, tx: std::sync::mpsc::Sender<Result<(Framing, Value), Impurity>>) {
    let mut r = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        match r.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if let Some(rest) = line.strip_prefix(b"Content-Length: ") {
            let n: usize = match std::str::from_utf8(rest)
                .ok()
                .and_then(|s| s.trim().parse().ok())
            {
                Some(n) => n,
                None => {
                    let _ = tx.send(Err(Impurity(String::from_utf8_lossy(&line).into_owned())));
                    return;
                }
            };
            let mut blank = Vec::new();
            let _ = r.read_until(b'\n', &mut blank);
            if blank != b"\r\n" {
                let _ = tx.send(Err(Impurity("header not followed by CRLF".into())));
                return;
            }
            let mut body = vec![0; n];
            if r.read_exact(&mut body).is_err() {
                return;
            }
            match serde_json::from_slice::<Value>(&body) {
                Ok(v) if v.get("jsonrpc") == Some(&json!("2.0")) => {
                    let _ = tx.send(Ok((Framing::ContentLength, v)));
                }
                _ => {
                    let _ = tx.send(Err(Impurity(String::from_utf8_lossy(&body).into_owned())));
                    return;
                }
            }
        } else {
            match serde_json::from_slice::<Value>(&line) {
                Ok(v) if v.get("jsonrpc") == Some(&json!("2.0")) && line.ends_with(b"\n") => {
                    let _ = tx.send(Ok((Framing::Line, v)));
                }
                _ => {
                    let _ = tx.send(Err(Impurity(String::from_utf8_lossy(&line).into_owned())));
                    return;
                }
            }
        }
    }
}

/// The content text of a tools/call result, parsed as JSON.
/// The JSON item follows Glass's untrusted-content line when there is one.
pub fn tool_json(response: &Value) -> Value {
    result_json(response).unwrap_or_else(|| panic!("no JSON text content in {response}"))
}

/// A tool result's JSON text item (the one Glass's untrusted-content line does not start),
/// parsed; `None` when there is none.
fn result_json(response: &Value) -> Option<Value> {
    response["result"]["content"]
        .as_array()?
        .iter()
        .filter_map(|c| c["text"].as_str())
        .find(|t| !t.starts_with("Glass: "))
        .and_then(|t| serde_json::from_str(t).ok())
}

/// The tool result's JSON, asserting the call succeeded.
pub fn ok(r: &Value) -> Value {
    assert_eq!(r["result"]["isError"], false, "tool failed: {r}");
    tool_json(r)
}

/// The tool result's JSON, asserting the call failed as a tool error.
pub fn failed(r: &Value) -> Value {
    assert_eq!(r["result"]["isError"], true, "tool should have failed: {r}");
    tool_json(r)
}

/// Evaluate `expr` in the page and return its value.
pub fn eval(g: &mut Glass, expr: &str) -> Value {
    ok(&g.call(json!("eval"), "evaluate", json!({"expression": expr})))["value"].clone()
}

/// A fresh, empty directory for one test, removed when the test binary exits (a run left about
/// 70 of them in /tmp before).
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("glass-test-{tag}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    remove_at_exit(&dir);
    dir
}

/// The directories tests made, for [`remove_made`].
static MADE: Mutex<Vec<std::path::PathBuf>> = Mutex::new(Vec::new());

unsafe extern "C" {
    /// The C library's exit hook: the test harness ends through `exit` (all tests passed or
    /// not), after every test and the Glass processes they started are done.
    fn atexit(hook: extern "C" fn()) -> std::ffi::c_int;
}

/// Remove every directory the tests made (at exit).
extern "C" fn remove_made() {
    if let Ok(mut made) = MADE.lock() {
        for dir in made.drain(..) {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn remove_at_exit(dir: &std::path::Path) {
    static HOOK: std::sync::Once = std::sync::Once::new();
    // SAFETY: `remove_made` is a plain function that lives as long as the process, and
    // registering it has no other effect.
    HOOK.call_once(|| unsafe {
        atexit(remove_made);
    });
    if let Ok(mut made) = MADE.lock() {
        made.push(dir.to_path_buf());
    }
}

/// Every `.rs` file under `dir`, at any depth, in directory order.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, &mut files);
    files
}

/// `glass secrets set NAME --host HOST` in data directory `data`, the value on stdin as a
/// person types it; asserts it was stored and returns what the command printed.
pub fn store_secret(data: &std::path::Path, name: &str, host: &str, value: &str) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["secrets", "set", name, "--host", host])
        .env("GLASS_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run glass secrets set");
    writeln!(child.stdin.take().unwrap(), "{value}").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    [out.stdout, out.stderr].concat()
}

/// Glass with its default flags plus `extra`, on a throwaway profile, initialized.
pub fn incognito(extra: &[&str]) -> Glass {
    let mut args = vec!["--incognito"];
    args.extend_from_slice(extra);
    args.push("--mcp");
    let mut g = Glass::spawn(&args);
    g.initialize();
    g
}

/// A Glass under the hardened policy that may visit 127.0.0.1 only, initialized.
pub fn hardened() -> Glass {
    hardened_on("127.0.0.1")
}

/// A Glass under the hardened policy that may visit `host` only, initialized.
pub fn hardened_on(host: &str) -> Glass {
    let mut g = Glass::spawn(&[
        "--incognito",
        "--policy",
        "hardened",
        "--policy-allow-host",
        host,
        "--mcp",
    ]);
    g.initialize();
    g
}

/// The observation an `observe` call with `args` returns, asserting success, whole (regions
/// nest their items under `children`). A later observation of the same document answers only
/// what changed (`delta`): its added and changed elements are applied to the page as this helper
/// last saw it, and the result must add up (the delta's counts against the elements seen); then
/// the page is asked for whole (`full: true`) for the test to read.
pub fn observe(g: &mut Glass, args: Value) -> Value {
    let plain = ["level", "region", "includeFormValues"]
        .iter()
        .all(|k| args.get(*k).is_none());
    let mut r = ok(&g.call(json!("observe"), "observe", args.clone()));
    let Some(delta) = r.get("delta").cloned() else {
        if plain {
            let shallow = all_elements(&r["elements"])
                .into_iter()
                .map(|mut e| {
                    if let Some(o) = e.as_object_mut() {
                        o.remove("children");
                    }
                    e
                })
                .collect();
            g.view = Some((r["revision"].clone(), shallow));
        }
        return r;
    };
    let Some((_, mut seen)) = g.view.take().filter(|(rev, _)| *rev == delta["since"]) else {
        let mut whole = args;
        whole["full"] = json!(true);
        return observe(g, whole);
    };
    r["elements"]
        .as_array_mut()
        .into_iter()
        .flatten()
        .for_each(|e| {
            if let Some(o) = e.as_object_mut() {
                o.remove("in");
            }
        });
    let refs = |k: &str| ref_list(&delta[k]);
    let removed = refs("removed");
    seen.retain(|e| !removed.iter().any(|r| e["ref"] == r.as_str()));
    let listed = r["elements"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        listed.len(),
        refs("added").len() + refs("changed").len(),
        "a delta lists its added and changed elements: {r}"
    );
    for e in listed {
        match seen.iter_mut().find(|s| s["ref"] == e["ref"]) {
            Some(old) => *old = e,
            None => seen.push(e),
        }
    }
    assert_eq!(
        seen.len() as u64,
        delta["unchanged"].as_u64().unwrap_or(0)
            + (refs("added").len() + refs("changed").len()) as u64
            + delta["unlisted"].as_u64().unwrap_or(0),
        "the delta's counts do not add up to the page as last seen: {r}"
    );
    // The test reads the page whole (regions nest their items), as a model that kept the
    // first observation and applied this delta knows it.
    let mut whole = args;
    whole["full"] = json!(true);
    let r = observe(g, whole);
    assert!(
        r.get("delta").is_none(),
        "full: true answers the whole page: {r}"
    );
    r
}

/// Navigate to `path` on `web` without the observation, asserting success.
pub fn nav(g: &mut Glass, web: &web::Server, path: &str) -> Value {
    ok(&g.call(
        json!("nav"),
        "navigate",
        json!({"url": web.url(path), "observe": false}),
    ))
}

/// `fillForm` with these `fields`: its whole answer, success or failure.
pub fn fill_form(g: &mut Glass, fields: Value) -> Value {
    g.call(json!("fill"), "fillForm", json!({ "fields": fields }))
}

/// Every element of an observation's `elements`, depth first: regions nest their items under
/// `children`.
pub fn all_elements(elements: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut todo: Vec<&Value> = elements
        .as_array()
        .map(|a| a.iter().rev().collect())
        .unwrap_or_default();
    while let Some(e) = todo.pop() {
        out.push(e.clone());
        if let Some(children) = e["children"].as_array() {
            todo.extend(children.iter().rev());
        }
    }
    out
}

/// The ref of the one element with this role and name anywhere in `elements`.
pub fn ref_of(elements: &Value, role: &str, name: &str) -> String {
    let found: Vec<Value> = all_elements(elements)
        .into_iter()
        .filter(|e| e["role"] == role && e["name"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{role} named {name:?} in {elements}");
    found[0]["ref"].as_str().unwrap().to_owned()
}

/// Width and height of a base64 PNG, read from its IHDR chunk.
pub fn png_size(b64: &str) -> (u32, u32) {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = b64.as_bytes()[..32]
        .chunks(4)
        .flat_map(|q| {
            let n = q.iter().fold(0u32, |n, &c| n << 6 | u32::from(value(c)));
            [(n >> 16) as u8, (n >> 8) as u8, n as u8]
        })
        .collect();
    let word = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (word(16), word(20))
}

/// A Chromium started by the test (as a user would, with a DevTools port), for `--attach`:
/// the process, its profile folder and its `http://127.0.0.1:PORT` endpoint.
pub fn external_chrome(tag: &str) -> (Child, std::path::PathBuf, String) {
    let profile = temp_dir(tag);
    let chrome = Command::new("chromium")
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            "--remote-debugging-port=0",
            &format!("--user-data-dir={}", profile.display()),
            "about:blank",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let port_file = profile.join("DevToolsActivePort");
    let end = Instant::now() + Duration::from_secs(20);
    let port = loop {
        if let Some(port) = std::fs::read_to_string(&port_file)
            .ok()
            .and_then(|s| s.lines().next().map(str::to_owned))
            .filter(|p| !p.is_empty())
        {
            break port;
        }
        assert!(Instant::now() < end, "chromium wrote no DevToolsActivePort");
        // The file appears when Chrome is listening; nothing to wait on but the next look.
        thread::sleep(Duration::from_millis(50));
    };
    (chrome, profile, format!("http://127.0.0.1:{port}"))
}

/// The page targets a DevTools endpoint lists (`/json/list`): their ids, sorted.
pub fn page_targets(endpoint: &str) -> Vec<String> {
    let addr = endpoint.trim_start_matches("http://");
    let s = std::net::TcpStream::connect(addr).expect("connect to DevTools");
    let mut w = s.try_clone().unwrap();
    write!(w, "GET /json/list HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    // Chrome keeps the connection open: read the headers, then exactly Content-Length bytes.
    let mut r = BufReader::new(s);
    let mut length = 0;
    loop {
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).unwrap();
    let list: Value = serde_json::from_slice(&body).expect("a JSON target list");
    let mut ids: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["type"] == "page")
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect();
    ids.sort();
    ids
}

/// Run `glass <command>` with every Chrome of the machine hidden: a private mount namespace
/// covers each place Glass looks with /dev/null, and PATH finds nothing.
pub fn glass_without_any_chrome(command: &str) -> std::process::Output {
    let script = format!(
        "for f in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome \
         /usr/bin/google-chrome-stable /usr/lib/chromium/chromium /snap/bin/chromium \
         /opt/google/chrome/chrome; do [ -e \"$f\" ] && /usr/bin/mount --bind /dev/null \"$f\"; done; \
         exec /usr/bin/env -u GLASS_CHROME PATH=/nonexistent {} {command}",
        env!("CARGO_BIN_EXE_glass")
    );
    Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "/bin/sh",
            "-c",
            &script,
        ])
        .output()
        .expect("util-linux's unshare runs")
}

/// Every byte of a data directory's store (database and WAL), as text: what a test greps for
/// what must never be stored.
pub fn store_bytes(data: &std::path::Path) -> String {
    ["store.sqlite3", "store.sqlite3-wal"]
        .iter()
        .filter_map(|f| std::fs::read(data.join(f)).ok())
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .collect()
}

/// `glass daemon` on `data`, once its socket is there.
pub fn spawn_daemon(data: &std::path::Path) -> std::process::Child {
    let child = Command::new(env!("CARGO_BIN_EXE_glass"))
        .args(["--incognito", "daemon"])
        .env("GLASS_DATA_DIR", data)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(
            std::fs::File::create(data.join("daemon.log"))
                .map(Stdio::from)
                .unwrap_or_else(|_| Stdio::null()),
        )
        .spawn()
        .expect("spawn glass daemon");
    let sock = data.join("daemon.sock");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !sock.exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "the daemon did not start"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

/// The first image of a tool result: its MIME type and its base64 data.
pub fn image_of(r: &Value) -> (String, String) {
    let c = r["result"]["content"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["type"] == "image")
        .unwrap_or_else(|| panic!("no image in {r}"));
    (
        c["mimeType"].as_str().unwrap_or("").to_owned(),
        c["data"].as_str().unwrap_or("").to_owned(),
    )
}

/// A `listRequests` answer as one object per request, oldest first, as a reader puts its
/// groups back together: `id` (`r12`), the whole URL (origin and group base restored),
/// the group's `type` and `status`, `ms`, `size`, `method` and any `failure`.
pub fn requests_of(list: &Value) -> Vec<Value> {
    let columns: Vec<&str> = list["columns"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let origin = list["origin"].as_str().expect("origin");
    let mut out = Vec::new();
    for group in list["groups"].as_array().expect("groups") {
        let base = group["base"].as_str().unwrap_or("");
        for row in group["rows"].as_array().expect("rows") {
            let mut r = serde_json::Map::new();
            for (c, v) in columns.iter().zip(row.as_array().unwrap()) {
                r.insert(c.to_string(), v.clone());
            }
            let id = r["id"].as_u64().unwrap();
            let url = format!("{base}{}", r["url"].as_str().unwrap());
            let url = if url.starts_with('/') {
                format!("{origin}{url}")
            } else {
                url
            };
            r.insert("url".into(), json!(url));
            r.insert("type".into(), group["type"].clone());
            r.insert("status".into(), group["status"].clone());
            if let Some(f) = list["failed"].get(id.to_string()) {
                r.insert("failure".into(), f.clone());
            }
            let method = list["methods"].get(id.to_string()).cloned();
            r.insert("method".into(), method.unwrap_or(json!("GET")));
            r.insert("id".into(), json!(format!("r{id}")));
            out.push(Value::Object(r));
        }
    }
    out.sort_by_key(|r| r["id"].as_str().unwrap()[1..].parse::<u64>().unwrap());
    out
}

/// The refs a result's ref list names, with each `eA-eB` run written out (results fold runs
/// of refs: a modal's background, a list that went).
pub fn ref_list(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for entry in v.as_array().into_iter().flatten().filter_map(Value::as_str) {
        let run = entry.split_once('-').and_then(|(a, b)| {
            let n = |r: &str| r.strip_prefix('e')?.parse::<u64>().ok();
            Some((n(a)?, n(b)?))
        });
        match run {
            Some((a, b)) => out.extend((a..=b).map(|k| format!("e{k}"))),
            None => out.push(entry.to_owned()),
        }
    }
    out
}
