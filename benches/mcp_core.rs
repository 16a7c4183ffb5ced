//! MCP core figures, through the real binary over stdio. Prints figures; asserts nothing.
//!
//! Run: `cargo bench --bench mcp_core`
//!
//! - cold start: process spawn to the `initialize` result, median of 20 runs;
//! - idle RSS of `glass --mcp` after initialize;
//! - release binary size;
//! - size of the `tools/list` result, and of the part a model reads (without output schemas).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let exe = env!("CARGO_BIN_EXE_glass");
    let init = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"0\"}}}\n";
    let mut starts = Vec::new();
    let mut idle_rss = Vec::new();
    let mut list_bytes = 0;
    let mut model_bytes = 0;
    let mut output_bytes = 0;
    for run in 0..21 {
        let started = Instant::now();
        let mut child = Command::new(exe)
            .arg("--mcp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn glass");
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdin.write_all(init).unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let elapsed = started.elapsed();
        assert!(line.contains("\"result\""), "initialize failed: {line}");
        if run > 0 {
            starts.push(elapsed);
        }
        stdin
            .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
            .unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        list_bytes = serde_json::to_vec(&v["result"]).unwrap().len();
        let tools = v["result"]["tools"].as_array().cloned().unwrap_or_default();
        // What a model reads, and the output schemas a client may check results against.
        let read: Vec<serde_json::Value> = tools
            .iter()
            .map(|t| {
                let mut t = t.clone();
                if let Some(o) = t.as_object_mut() {
                    o.remove("outputSchema");
                }
                t
            })
            .collect();
        model_bytes = serde_json::to_vec(&read).unwrap().len();
        output_bytes = tools
            .iter()
            .map(|t| serde_json::to_vec(&t["outputSchema"]).unwrap().len())
            .sum::<usize>();
        std::thread::sleep(Duration::from_millis(200));
        idle_rss.push(rss_kib(child.id()));
        drop(stdin);
        let _ = child.wait();
    }
    idle_rss.sort();
    let size = std::fs::metadata(exe).map(|m| m.len()).unwrap_or(0);
    println!(
        "cold start (spawn -> initialize result), median of 20: {:.2} ms",
        median(starts).as_secs_f64() * 1e3
    );
    println!(
        "idle RSS of glass --mcp after initialize, median: {:.1} MiB",
        idle_rss[idle_rss.len() / 2] as f64 / 1024.0
    );
    println!(
        "binary size ({exe}): {:.2} MiB ({size} bytes)",
        size as f64 / (1024.0 * 1024.0)
    );
    println!(
        "tools/list result: {list_bytes} bytes (what a model reads: {model_bytes}; output schemas: {output_bytes})"
    );
}
