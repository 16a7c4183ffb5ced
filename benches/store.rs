//! The local store's figures. Prints; asserts nothing.
//!
//! Run: `cargo bench --bench store`
//!
//! Learns 10,000 distinct knowledge records (100 origins x 100 intents) into a fresh store,
//! then times: learning a new record and learning an existing one again, listing 20 records,
//! one origin's records, the counts, and a snapshot's save and read (a 1,000-entity draft);
//! the database's size once its WAL is checkpointed; and `knowledgeStats`/`knowledgeList`
//! round trips through the real binary over stdio on that store.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use glass::store::knowledge::{self, Scope};
use glass::store::{Store, snapshots};
use serde_json::json;

fn scope(origin: usize, intent: usize) -> Scope {
    Scope {
        origin: format!("https://app{origin}.example.test"),
        profile_scope: "profileBound".into(),
        locale: "en".into(),
        intent: format!("open report {intent}"),
        action: "click".into(),
        region: format!("row:Report {intent}"),
        role: "link".into(),
        name: format!("Report {intent}"),
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn p99(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[(v.len() * 99 / 100).min(v.len() - 1)]
}

fn us(d: Duration) -> String {
    format!("{:.1} us", d.as_secs_f64() * 1e6)
}

fn main() {
    let dir = common::temp_dir("bench-store");
    let path = dir.join(glass::store::FILE_NAME);
    let store = Store::open(&path).unwrap();
    let now = knowledge::now();
    let mut learn_new = Vec::with_capacity(10_000);
    let started = Instant::now();
    for o in 0..100 {
        for i in 0..100 {
            let t = Instant::now();
            knowledge::learn(&store, &scope(o, i), true, now).unwrap();
            learn_new.push(t.elapsed());
        }
    }
    let fill = started.elapsed();
    let mut learn_again = Vec::new();
    for k in 0..1000 {
        let t = Instant::now();
        knowledge::learn(&store, &scope(k % 100, k % 97), k % 5 != 0, now).unwrap();
        learn_again.push(t.elapsed());
    }
    let time = |f: &dyn Fn()| {
        let runs: Vec<Duration> = (0..200)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect();
        median(runs)
    };
    let list20 = time(&|| {
        knowledge::list(&store, None, None, 20, 0).unwrap();
    });
    let one_origin = time(&|| {
        knowledge::of_origin(&store, "https://app42.example.test").unwrap();
    });
    let stats = time(&|| {
        knowledge::stats(&store).unwrap();
    });
    let entities: Vec<_> = (0..1000)
        .map(|i| json!({"id": format!("e{i}"), "kind": "action", "role": "button", "name": format!("Button {i}"),
                        "quality": "strong", "evidenceSources": ["dom"]}))
        .collect();
    let draft =
        json!({"schemaVersion": 1, "revision": 7, "entities": entities, "relationships": []});
    let save = time(&|| {
        snapshots::save(&store, "https://a.test/p", "Page", 7, draft.clone()).unwrap();
    });
    let id = snapshots::list(&store).unwrap()[0].id.clone();
    let read = time(&|| {
        snapshots::get(&store, &id).unwrap();
    });
    store
        .with(|c| c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)"))
        .unwrap();
    let size = std::fs::metadata(&path).unwrap().len();

    println!(
        "store: 10,000 knowledge records learned in {:.2} s",
        fill.as_secs_f64()
    );
    println!(
        "  learn a new record      median {}  p99 {}",
        us(median(learn_new.clone())),
        us(p99(learn_new))
    );
    println!(
        "  learn a known record    median {}  p99 {}",
        us(median(learn_again.clone())),
        us(p99(learn_again))
    );
    println!("  list 20 (newest)        median {}", us(list20));
    println!("  one origin's 100        median {}", us(one_origin));
    println!("  counts (stats)          median {}", us(stats));
    println!("  snapshot save (1,000 entities) median {}", us(save));
    println!("  snapshot read           median {}", us(read));
    println!(
        "  database size after checkpoint: {:.2} MiB ({} bytes)",
        size as f64 / 1048576.0,
        size
    );
    drop(store);

    // Through the binary, on that store.
    let mut g = common::Glass::spawn_env(&["--mcp"], &[("GLASS_DATA_DIR", dir.to_str().unwrap())]);
    g.initialize();
    let mut round = |tool: &str, args: serde_json::Value| {
        let runs: Vec<Duration> = (0..100)
            .map(|i| {
                let t = Instant::now();
                let r = g.call(json!(i), tool, args.clone());
                assert!(r["result"]["isError"] != true, "{r}");
                t.elapsed()
            })
            .collect();
        median(runs)
    };
    println!(
        "  knowledgeStats round trip  median {}",
        us(round("knowledgeStats", json!({})))
    );
    println!(
        "  knowledgeList round trip   median {}",
        us(round("knowledgeList", json!({"limit": 20})))
    );
}
