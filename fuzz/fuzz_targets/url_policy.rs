//! Fuzz the host rules and URL policy: never a panic; a URL whose host is not on the allow list
//! is never allowed; deny always wins.
#![no_main]

#[path = "../../src/policy.rs"]
#[allow(dead_code, unused_imports)]
mod policy;

use libfuzzer_sys::fuzz_target;
use policy::{Policy, PolicyPreset, scheme_and_host};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (rule, url) = s.split_once('\n').unwrap_or(("example.com", s));
    let Ok(p) = Policy::from_flags(PolicyPreset::Hardened, &[], &[], &[rule.to_owned()], &["evil.test".to_owned()]) else {
        return;
    };
    if p.url(url, true).is_ok() {
        if let Some((scheme, host)) = scheme_and_host(url) {
            if matches!(scheme.as_str(), "http" | "https" | "ws" | "wss") {
                assert!(p.allow_hosts().iter().any(|r| r.matches(&host)), "allowed an unlisted host");
                assert!(host != "evil.test", "a denied host was allowed");
            }
        }
    }
});
