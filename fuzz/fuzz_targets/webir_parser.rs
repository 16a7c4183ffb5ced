//! Fuzz Web IR parsing, inspection, diff and continuity: never a panic, bounded errors, and diff
//! of a draft against itself reports no change.
#![no_main]

#[path = "../../src/webir/mod.rs"]
#[allow(dead_code, unused_imports)]
mod webir;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    match webir::parse_draft(&value) {
        Ok(draft) => {
            let _ = serde_json::to_string(&webir::inspect(&draft)).unwrap();
            let same = webir::diff(&draft, &draft).expect("a draft follows itself");
            let text = serde_json::to_string(&same).unwrap();
            assert!(text.contains("\"entityChangedCount\":0"));
            let _ = webir::continuity(&draft, &draft, "page");
        }
        Err(e) => assert!(e.path.len() <= 256 && e.reason.len() <= 256),
    }
});
