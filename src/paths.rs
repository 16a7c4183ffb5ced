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
