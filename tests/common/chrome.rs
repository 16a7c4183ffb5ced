//! Chromium for the tests that drive `glass::browser` directly, without a Glass process: the
//! executable, launch options on a profile folder, a cap on Chromes alive at once, and a page
//! session to talk to.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use chromiumoxide_cdp::cdp::browser_protocol::target::{AttachToTargetParams, CreateTargetParams};
use glass::browser::cdp::Cdp;
use glass::browser::launch::{LaunchOptions, find_chrome};
use tokio::sync::Semaphore;

/// At most two Chromes at a time from one test binary: the machine has two shared cores.
pub static SLOTS: Semaphore = Semaphore::const_new(2);

pub fn chrome_path() -> PathBuf {
    find_chrome(None).expect("Chromium must be installed for these tests")
}

/// Launch options for the installed Chromium on the profile folder `dir`.
pub fn options(dir: &Path) -> LaunchOptions {
    LaunchOptions::new(chrome_path(), dir)
}

/// Creates an `about:blank` page and attaches to it with a flat session; returns the session id.
pub async fn new_page_session(cdp: &Cdp, timeout: Duration) -> String {
    let target = cdp
        .call(None, CreateTargetParams::new("about:blank"), timeout)
        .await
        .unwrap()
        .target_id;
    let mut attach = AttachToTargetParams::new(target);
    attach.flatten = Some(true);
    cdp.call(None, attach, timeout)
        .await
        .unwrap()
        .session_id
        .as_ref()
        .to_owned()
}
