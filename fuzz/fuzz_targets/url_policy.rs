//! Fuzz the host rules and URL policy against an independent WHATWG URL parser (the `url`
//! crate, as browsers parse URLs): never a panic; a URL is allowed only when the host a browser
//! would connect to is on the allow list, and never when it is denied.
#![no_main]

#[path = "../../src/policy.rs"]
#[allow(dead_code, unused_imports)]
mod policy;

use libfuzzer_sys::fuzz_target;
use policy::{HostRule, Policy, PolicyPreset};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (rule, url) = s.split_once('\n').unwrap_or(("example.com", s));
    let Ok(p) = Policy::from_flags(
        PolicyPreset::Hardened,
        &[],
        &[],
        &[rule.to_owned()],
        &["evil.test".to_owned()],
    ) else {
        return;
    };
    if p.url(url, true).is_err() {
        return;
    }
    let Ok(parsed) = url::Url::parse(url.trim()) else {
        panic!("allowed a URL a browser cannot parse");
    };
    if !matches!(parsed.scheme(), "http" | "https" | "ws" | "wss") {
        return;
    }
    // The browser's host, normalized here independently of Glass.
    let host = match parsed.host() {
        Some(url::Host::Domain(d)) => d.trim_end_matches('.').to_ascii_lowercase(),
        Some(url::Host::Ipv4(a)) => a.to_string(),
        Some(url::Host::Ipv6(a)) => a.to_string(),
        None => panic!("allowed a web URL without a host"),
    };
    assert!(
        p.allow_hosts().iter().any(|r: &HostRule| r.matches(&host)),
        "allowed a host that is not on the allow list"
    );
    assert_ne!(host, "evil.test", "a denied host was allowed");
});
