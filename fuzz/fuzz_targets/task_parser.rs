//! Fuzz Task Protocol validation and compilation: any JSON must give a plan or a bounded
//! `{path, reason}`, never a panic, and compiling must be deterministic.
#![no_main]

#[path = "../../src/task/mod.rs"]
#[allow(dead_code, unused_imports)]
mod task;
#[path = "../../src/webir/mod.rs"]
#[allow(dead_code, unused_imports)]
mod webir;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    match task::compile(&value) {
        Ok(plan) => {
            let again = task::compile(&value).expect("compiles twice");
            let a = serde_json::to_string(&task::plan_response(&plan)).unwrap();
            let b = serde_json::to_string(&task::plan_response(&again)).unwrap();
            assert_eq!(a, b);
        }
        Err(e) => assert!(e.path.len() <= 256 && e.reason.len() <= 256),
    }
    let _ = task::validate(&value);
});
