//! What a `glass daemon` adds to a call. Prints; asserts nothing.
//!
//! Run: `cargo bench --bench daemon`
//!
//! Median round trip (request written to answer read) of `ping` and of a browser-free tool
//! call (`compileTask` on the spec's task) through `glass --mcp` on stdio, and through
//! `glass --mcp --connect` to a running daemon; the difference is what the daemon adds.

#[path = "../tests/common/mod.rs"]
mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const RUNS: usize = 500;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn round_trips(g: &mut common::Glass, method: &str, params: &Value) -> Duration {
    // Warm up, then measure.
    for i in 0..20 {
        g.request(json!(i), method, params.clone());
    }
    let times = (0..RUNS)
        .map(|i| {
            let t = Instant::now();
            let r = g.request(json!(1000 + i), method, params.clone());
            assert!(r.get("result").is_some(), "{r}");
            t.elapsed()
        })
        .collect();
    median(times)
}

fn us(d: Duration) -> String {
    format!("{:.1} us", d.as_secs_f64() * 1e6)
}

fn main() {
    let task: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/spec_task.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let call = json!({"name": "compileTask", "arguments": {"task": task}});
    let data = common::temp_dir("bench-daemon");
    let env = [("GLASS_DATA_DIR", data.to_str().unwrap())];

    let mut direct = common::Glass::spawn_env(&["--mcp"], &env);
    direct.initialize();
    let direct_ping = round_trips(&mut direct, "ping", &json!({}));
    let direct_call = round_trips(&mut direct, "tools/call", &call);
    drop(direct);

    let mut daemon = common::spawn_daemon(&data);
    let mut through = common::Glass::spawn_env(&["--mcp", "--connect"], &env);
    through.initialize();
    let daemon_ping = round_trips(&mut through, "ping", &json!({}));
    let daemon_call = round_trips(&mut through, "tools/call", &call);
    drop(through);
    let _ = Command::new("kill")
        .args(["-TERM", &daemon.id().to_string()])
        .status();
    let _ = daemon.wait();

    let added =
        |a: Duration, b: Duration| format!("{:+.1} us", (b.as_secs_f64() - a.as_secs_f64()) * 1e6);
    println!("round trips (median of {RUNS})      direct --mcp   through the daemon   added");
    println!(
        "  ping                             {:>12}   {:>18}   {}",
        us(direct_ping),
        us(daemon_ping),
        added(direct_ping, daemon_ping)
    );
    println!(
        "  tools/call compileTask           {:>12}   {:>18}   {}",
        us(direct_call),
        us(daemon_call),
        added(direct_call, daemon_call)
    );
}
