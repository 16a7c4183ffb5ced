//! Glass: a single-binary MCP server that drives a real Chrome over the DevTools Protocol.
//!
//! The binary is a thin clap entry point; everything lives in this library so that protocol
//! pieces can be tested and fuzzed directly.

pub mod browser;
pub mod cli;
pub mod client_config;
pub mod confirm;
pub mod daemon;
pub mod demo;
pub mod direct;
pub mod doctor;
pub mod exit;
pub mod failure;
pub mod files;
pub mod mcp;
pub mod normalize;
pub mod paths;
pub mod policy;
pub mod redact;
pub mod secrets;
pub mod store;
pub mod task;
#[cfg(test)]
mod test_json;
pub mod tools;
pub mod webir;
pub mod workflow;
