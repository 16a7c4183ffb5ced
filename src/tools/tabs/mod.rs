//! Tabs, popups and frames: which page and frame the other tools act on, and the daemon's
//! mutation lease: which client may act on them.

pub mod lease;
pub mod targets;
