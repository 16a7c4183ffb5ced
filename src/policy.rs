//! Safety policy: which privileged capabilities a session may use.
//!
//! Policy is fixed by command-line flags when Glass starts and reported to clients in the
//! capability manifest; no tool can change it. This module holds the presets; the capability
//! table and host rules grow with the policy issue.

use clap::ValueEnum;

/// A named safety preset chosen with `--policy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PolicyPreset {
    /// Trusted local development: privileged capabilities allowed.
    #[default]
    Development,
    /// Untrusted pages: everything not explicitly allowed is denied.
    Hardened,
}

impl PolicyPreset {
    /// The preset's name as it appears in flags and in the manifest.
    pub fn as_str(self) -> &'static str {
        match self {
            PolicyPreset::Development => "development",
            PolicyPreset::Hardened => "hardened",
        }
    }

    /// Whether a persistent browser profile (and anything stored beside it) may be used.
    pub fn allows_persistent_profile(self) -> bool {
        matches!(self, PolicyPreset::Development)
    }
}
