//! Which Chrome to run: `--chrome-path`, `GLASS_CHROME`, then the PATH and each platform's usual
//! places; a Debian-style launcher script is seen through to the binary it runs.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::error::LaunchError;

/// Executable names searched on PATH, in order of preference.
const PATH_NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];

/// Finds Chrome: the explicit path, then `GLASS_CHROME`, then PATH, then the usual install
/// locations. An explicit path or `GLASS_CHROME` that is wrong is an error, not skipped,
/// because the user asked for exactly that browser.
pub fn find_chrome(explicit: Option<&Path>) -> Result<PathBuf, LaunchError> {
    find_chrome_in(
        explicit,
        std::env::var_os("GLASS_CHROME"),
        std::env::var_os("PATH"),
        &platform_locations(),
    )
}

/// The lookup with its inputs passed in, so it is testable without touching the process env.
pub(super) fn find_chrome_in(
    explicit: Option<&Path>,
    glass_chrome: Option<OsString>,
    path_var: Option<OsString>,
    fixed: &[PathBuf],
) -> Result<PathBuf, LaunchError> {
    let chosen = explicit
        .map(Path::to_path_buf)
        .or_else(|| glass_chrome.filter(|v| !v.is_empty()).map(PathBuf::from));
    if let Some(p) = chosen {
        return if is_executable(&p) {
            Ok(p)
        } else {
            Err(LaunchError::BadExecutable(p))
        };
    }
    if let Some(path_var) = path_var {
        for dir in std::env::split_paths(&path_var) {
            for name in PATH_NAMES {
                let candidate = dir.join(exe_name(name));
                if is_executable(&candidate) {
                    return Ok(candidate);
                }
            }
        }
    }
    fixed
        .iter()
        .find(|p| is_executable(p))
        .cloned()
        .ok_or(LaunchError::NotFound)
}

/// The binary behind Debian's `chromium` launcher script, which greps /proc/cpuinfo, runs
/// findmnt and sources /etc/chromium.d before it execs `$LIBDIR/$APPNAME`: 25 to 40 ms of every
/// launch here, for flags Glass does not need. `None` for anything else.
pub fn launcher_target(exe: &Path) -> Option<PathBuf> {
    let resolved = std::fs::canonicalize(exe).ok()?;
    if std::fs::metadata(&resolved).ok()?.len() > 64 * 1024 {
        return None;
    }
    let script = std::fs::read_to_string(&resolved).ok()?;
    let target = debian_launcher_target(&script)?;
    is_executable(&target).then_some(target)
}

/// `$LIBDIR/$APPNAME` of a Debian Chromium launcher script's text.
pub(super) fn debian_launcher_target(script: &str) -> Option<PathBuf> {
    if !script.starts_with("#!") || !script.contains("# Chromium launcher") {
        return None;
    }
    let value = |key: &str| {
        script
            .lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .map(|v| v.trim().trim_matches('"').to_owned())
    };
    let app = value("APPNAME=")?;
    let libdir = value("LIBDIR=")?.replace("$APPNAME", &app);
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
    };
    (ok(&app) && ok(&libdir) && libdir.starts_with('/')).then(|| Path::new(&libdir).join(app))
}

fn exe_name(name: &str) -> String {
    if cfg!(windows) {
        format!("{name}.exe")
    } else {
        name.to_owned()
    }
}

fn is_executable(p: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else {
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

/// Well-known install locations, after PATH.
fn platform_locations() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = Vec::new();
    #[cfg(target_os = "linux")]
    v.extend(
        [
            "/usr/bin/chromium",
            "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome",
            "/usr/bin/google-chrome-stable",
            "/usr/lib/chromium/chromium",
            "/snap/bin/chromium",
            "/opt/google/chrome/chrome",
        ]
        .map(PathBuf::from),
    );
    #[cfg(target_os = "macos")]
    {
        let apps = [
            "Google Chrome.app/Contents/MacOS/Google Chrome",
            "Chromium.app/Contents/MacOS/Chromium",
            "Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
        ];
        for app in apps {
            v.push(Path::new("/Applications").join(app));
        }
        if let Some(home) = std::env::var_os("HOME") {
            for app in apps {
                v.push(Path::new(&home).join("Applications").join(app));
            }
        }
    }
    #[cfg(windows)]
    {
        for var in ["ProgramFiles", "ProgramFiles(x86)", "LocalAppData"] {
            if let Some(base) = std::env::var_os(var) {
                let base = PathBuf::from(base);
                v.push(base.join(r"Google\Chrome\Application\chrome.exe"));
                v.push(base.join(r"Chromium\Application\chrome.exe"));
            }
        }
    }
    v
}
