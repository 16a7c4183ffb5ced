//! The files a client names for Glass to write (a screenshot, a PDF, a trace, a storage state):
//! where they may be, and how they are written, once for every tool that saves one.

use crate::tools::kernel::args;
use crate::tools::kernel::outcome::ToolOutcome;

/// A file a tool wrote for the client: where, and its sha256 (so the client can check it).
pub struct SavedFile {
    /// The absolute path written.
    pub path: String,
    /// Lowercase hex.
    pub sha256: String,
}

/// Write `bytes` to the client's `path` whole, through the one file writer
/// ([`crate::files`]).
pub fn save_client_file(path: &str, bytes: &[u8]) -> Result<SavedFile, ToolOutcome> {
    use sha2::Digest;
    let target = crate::files::write_client_file(path, bytes)
        .map_err(|e| ToolOutcome::from(args::invalid("path", &e.to_string())))?;
    Ok(SavedFile {
        path: target.to_string_lossy().into_owned(),
        sha256: sha2::Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
    })
}

/// A file a client names for Glass to write or read (see [`crate::files::client_target`]).
pub fn client_file(path: &str) -> Result<std::path::PathBuf, ToolOutcome> {
    crate::files::client_target(path).map_err(|e| args::invalid("path", &e.to_string()).into())
}
