//! Finding a Chrome or Chromium executable.
//!
//! Order: `--chrome-path`, the `GLASS_CHROME` environment variable, well-known names on PATH,
//! then the platform's usual install locations. Nothing is ever downloaded.

use std::path::{Path, PathBuf};

/// Why no browser could be chosen.
#[derive(Debug, thiserror::Error)]
pub enum DiscoverError {
    /// The explicitly given path is not an executable file.
    #[error("the Chrome path given with {source_name} is not an executable file")]
    NotExecutable {
        /// `--chrome-path` or `GLASS_CHROME`.
        source_name: &'static str,
    },
    /// Nothing was found anywhere.
    #[error("no Chrome or Chromium found; {}", install_hint())]
    NotFound,
}

const PATH_NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];

#[cfg(target_os = "linux")]
const PLATFORM_PATHS: &[&str] = &[
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/lib/chromium/chromium",
    "/snap/bin/chromium",
    "/usr/bin/google-chrome",
    "/opt/google/chrome/chrome",
];
#[cfg(target_os = "macos")]
const PLATFORM_PATHS: &[&str] = &[
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
];
#[cfg(windows)]
const PLATFORM_PATHS: &[&str] = &[
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files\Chromium\Application\chrome.exe",
];
#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
const PLATFORM_PATHS: &[&str] = &[];

/// How to install a browser on this platform.
pub fn install_hint() -> &'static str {
    if cfg!(target_os = "macos") {
        "install Google Chrome (https://www.google.com/chrome/) or `brew install --cask chromium`, or pass --chrome-path"
    } else if cfg!(windows) {
        "install Google Chrome (https://www.google.com/chrome/), or pass --chrome-path"
    } else {
        "on Debian or Ubuntu run `apt-get install -y chromium` (Fedora: `dnf install chromium`), or pass --chrome-path"
    }
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Choose the browser executable, following the documented order.
pub fn find_chrome(explicit: Option<&Path>) -> Result<PathBuf, DiscoverError> {
    if let Some(path) = explicit {
        return if is_executable(path) {
            Ok(path.to_path_buf())
        } else {
            Err(DiscoverError::NotExecutable {
                source_name: "--chrome-path",
            })
        };
    }
    if let Some(env) = std::env::var_os("GLASS_CHROME").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(env);
        return if is_executable(&path) {
            Ok(path)
        } else {
            Err(DiscoverError::NotExecutable {
                source_name: "GLASS_CHROME",
            })
        };
    }
    if let Some(path_var) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path_var) {
            for name in PATH_NAMES {
                let candidate = dir.join(if cfg!(windows) {
                    format!("{name}.exe")
                } else {
                    (*name).to_owned()
                });
                if is_executable(&candidate) {
                    return Ok(candidate);
                }
            }
        }
    }
    PLATFORM_PATHS
        .iter()
        .map(PathBuf::from)
        .find(|p| is_executable(p))
        .ok_or(DiscoverError::NotFound)
}
