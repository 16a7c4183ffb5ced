//! Browser-free tool latency through the real binary over stdio. Prints figures; asserts nothing.
//!
//! Run: `cargo bench --bench browser_free`
//!
//! Median round trip (request written to response read) of `validateWebIr` and `diffWebIr` on
//! drafts of 4,096 entities and 4,095 relationships, plus `compileTask` on the spec's task.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn draft(revision: u64, renamed_every: usize) -> Value {
    let mut entities =
        vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
    let mut relationships = Vec::new();
    for i in 0..4095 {
        let name = if renamed_every > 0 && i % renamed_every == 0 {
            format!("Renamed {i}")
        } else {
            format!("Field {i}")
        };
        entities.push(
            json!({"id": format!("e{i}"), "kind": "field", "role": "textbox", "name": name,
            "quality": "strong", "evidenceSources": ["dom", "accessibility"]}),
        );
        relationships.push(json!({"from": "page", "to": format!("e{i}"), "kind": "contains"}));
    }
    json!({"schemaVersion": 1, "revision": revision, "entities": entities, "relationships": relationships,
        "coverage": {"structural": "strong", "semantic": "strong", "interactiveEntitiesObserved": 4095, "opaqueRegions": 0, "reasons": []},
        "limits": {"truncated": false, "omittedFacts": 0, "textBytes": 0, "missingSources": []}})
}

fn median_call(g: &mut common::Glass, tool: &str, args: &Value, runs: usize) -> (Duration, usize) {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": args}});
    let bytes = serde_json::to_vec(&request).unwrap().len();
    let mut times = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        g.send_framed(&request);
        let r = g.recv();
        times.push(started.elapsed());
        assert_eq!(r["result"]["isError"], false, "{tool} failed: {r}");
    }
    times.sort();
    (times[runs / 2], bytes)
}

fn main() {
    let mut g = common::Glass::mcp();
    g.initialize();
    let before = draft(1, 0);
    let after = draft(2, 16);
    let (validate, vbytes) = median_call(&mut g, "validateWebIr", &json!({"draft": before}), 21);
    let (diff, dbytes) = median_call(
        &mut g,
        "diffWebIr",
        &json!({"before": before, "after": after}),
        21,
    );
    let task = json!({"schemaVersion": 1, "task": "form.fill", "scope": {"regionName": "Shipping address", "entityKind": "form"},
        "inputs": {"city": "Kuching"}, "limits": {"maxActions": 16, "timeoutMs": 15000, "maxItems": 128},
        "risk": "localMutation", "ambiguity": "fail", "revision": "exact", "postconditions": [{"kind": "validationClear"}]});
    let (compile, _) = median_call(&mut g, "compileTask", &json!({"task": task}), 101);
    println!(
        "validateWebIr, 4096 entities ({:.0} KiB request): median {:.2} ms",
        vbytes as f64 / 1024.0,
        validate.as_secs_f64() * 1e3
    );
    println!(
        "diffWebIr, 2 x 4096 entities ({:.0} KiB request): median {:.2} ms",
        dbytes as f64 / 1024.0,
        diff.as_secs_f64() * 1e3
    );
    println!(
        "compileTask (spec example): median {:.3} ms",
        compile.as_secs_f64() * 1e3
    );
}
