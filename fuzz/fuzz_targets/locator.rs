//! Fuzz the locator grammar: any input parses, or fails with a short fixed reason; what
//! parses prints back to a string that parses to the same locator.
#![no_main]

#[path = "../../src/browser/refs.rs"]
#[allow(dead_code, unused_imports)]
mod refs;
#[path = "../../src/browser/locator.rs"]
#[allow(dead_code, unused_imports)]
mod locator;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    match locator::parse(s) {
        Ok(l) => {
            let agent = l.to_agent();
            assert!(agent["kind"].is_string());
            let again = locator::parse(&l.to_source()).expect("a printed locator parses");
            assert_eq!(again, l, "the printed locator parses to the same one");
        }
        // Reasons are `&'static str`, so they cannot carry the input; keep them short.
        Err(e) => assert!(e.0.len() < 100),
    }
});
