//! Where Glass keeps its files (profiles, downloads, stored records).

use std::path::PathBuf;

/// Glass's data directory: `GLASS_DATA_DIR` if set, else the platform's per-user data folder.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GLASS_DATA_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if cfg!(target_os = "macos") {
        if let Some(home) = home {
            return home.join("Library/Application Support/glass");
        }
    } else if cfg!(windows) {
        if let Some(local) = std::env::var_os("LOCALAPPDATA") {
            return PathBuf::from(local).join("glass");
        }
    } else {
        if let Some(xdg) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
            return PathBuf::from(xdg).join("glass");
        }
        if let Some(home) = home {
            return home.join(".local/share/glass");
        }
    }
    std::env::temp_dir().join("glass")
}

/// Write `bytes` to `path`, readable by the owner only: saved logins, traces and other
/// files that hold what a person browsed.
pub fn write_owner_only(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    let mut f = o.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    f.write_all(bytes)
}
