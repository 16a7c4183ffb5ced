//! The local store's tools: session snapshots and site knowledge.

pub mod knowledge;
pub mod snapshot;
