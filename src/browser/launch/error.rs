//! What goes wrong finding, starting or attaching to Chrome, each error saying what to do next.

use std::path::PathBuf;
use std::time::Duration;

use crate::browser::cdp::CdpError;

/// Errors of finding, starting and attaching to Chrome. Each says what to do next.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// No Chrome or Chromium anywhere we look.
    #[error("no Chrome or Chromium found; {}", install_hint())]
    NotFound,
    /// A path given explicitly (`--chrome-path` or `GLASS_CHROME`) is not an executable file.
    #[error("{} is not a Chrome executable file; fix --chrome-path or GLASS_CHROME", .0.display())]
    BadExecutable(PathBuf),
    /// Another Chrome holds this profile; Chrome would refuse or hand over to it.
    #[error(
        "the profile {} is in use by another Chrome ({owner}); close it, choose another profile, or use --incognito; if a `glass daemon` holds it, start clients as `glass --mcp --connect`",
        dir.display()
    )]
    ProfileInUse {
        /// The user-data-dir that is locked.
        dir: PathBuf,
        /// Who holds it, e.g. `pid 1234` or `host other, pid 1234`.
        owner: String,
    },
    /// Chrome could not be started at all (exec failed).
    #[error("could not start Chrome: {0}")]
    Spawn(std::io::Error),
    /// Chrome exited before answering its first CDP call.
    #[error("Chrome exited during start-up ({status}): {detail}")]
    Exited {
        /// Exit status as text, e.g. `exit status: 1`.
        status: String,
        /// The most useful line of Chrome's stderr, or a fixed note when there was none.
        detail: String,
        /// Chrome died of a signal (a crash, not a refusal): worth one more try.
        crashed: bool,
    },
    /// Chrome did not answer within the start-up deadline.
    #[error("Chrome did not answer within {after:?} of start-up: {detail}")]
    StartTimeout {
        /// The deadline that passed.
        after: Duration,
        /// The most useful line of Chrome's stderr, or a fixed note when there was none.
        detail: String,
    },
    /// The `--attach` endpoint could not be used.
    #[error("cannot attach to {endpoint}: {reason}")]
    Attach {
        /// The endpoint as the user gave it.
        endpoint: String,
        /// A short reason.
        reason: String,
    },
    /// Launching is not implemented on this platform.
    #[error(
        "launching Chrome is not supported on this platform yet; start it yourself and use --attach"
    )]
    Unsupported,
    /// A CDP failure after the process started.
    #[error(transparent)]
    Cdp(#[from] CdpError),
    /// Preparing the profile directory failed.
    #[error("profile directory: {0}")]
    Io(#[from] std::io::Error),
}

/// Exactly how to install a browser on this platform, for the `NotFound` error and `doctor`.
pub fn install_hint() -> &'static str {
    if cfg!(target_os = "macos") {
        "install one with `brew install --cask chromium` (or Google Chrome), or set GLASS_CHROME / --chrome-path"
    } else if cfg!(windows) {
        "install one with `winget install Google.Chrome`, or set GLASS_CHROME / --chrome-path"
    } else {
        "install one (Debian/Ubuntu: `apt-get install -y chromium`; Fedora: `dnf install -y chromium`; \
         Arch: `pacman -S chromium`), or set GLASS_CHROME / --chrome-path"
    }
}
