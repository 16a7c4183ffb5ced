//! Chrome profiles: named ones kept under Glass's data directory, throwaway ones deleted with
//! the session (and, when a Glass was killed, at the next start).

use std::time::Duration;

/// Delete throwaway profiles left by Glass processes that no longer run (killed before they
/// could clean up).
pub(super) fn reap_abandoned_profiles() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten().take(10_000) {
        let name = entry.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix("glass-incognito-"))
        else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<i32>().ok()) else {
            continue;
        };
        let alive = pid as u32 == std::process::id() || process_alive(pid);
        if !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Empty the download staging folders of Glass processes that no longer run (and files of the
/// older shared layout), so a killed session's partial downloads do not pile up.
pub(super) fn reap_abandoned_downloads(incoming: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(incoming) else {
        return;
    };
    for entry in entries.flatten().take(10_000) {
        let path = entry.path();
        match entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        {
            Some(pid) if pid as u32 == std::process::id() || process_alive(pid) => {}
            Some(_) => {
                let _ = std::fs::remove_dir_all(&path);
            }
            None if path.is_file() => {
                let _ = std::fs::remove_file(&path);
            }
            None => {}
        }
    }
}

#[cfg(unix)]
/// Whether a process with this pid exists (a Glass that left a profile or downloads behind).
pub(super) fn process_alive(pid: i32) -> bool {
    // Signal 0 checks existence; EPERM still means the process exists.
    match rustix::process::Pid::from_raw(pid) {
        Some(pid) => match rustix::process::test_kill_process(pid) {
            Ok(()) => true,
            Err(e) => e == rustix::io::Errno::PERM,
        },
        None => false,
    }
}

#[cfg(not(unix))]
/// Without a way to ask, every process counts as alive: nothing is deleted.
pub(super) fn process_alive(_pid: i32) -> bool {
    true
}

/// Delete a throwaway profile. Chrome's last helper processes may still be writing into it for
/// a moment after the browser exits, so removal is retried briefly until the folder is gone.
pub(super) async fn remove_profile(dir: &std::path::Path) {
    for _ in 0..20 {
        let _ = std::fs::remove_dir_all(dir);
        if !dir.exists() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tracing::warn!("could not delete the incognito profile");
}

/// Whether `name` can name a profile folder: letters, digits, - and _, so never a path.
pub fn valid_profile_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}
