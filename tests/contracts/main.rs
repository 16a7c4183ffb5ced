//! Browser-free contracts: the MCP protocol through the real binary over stdio, the Task
//! Protocol and Web IR tools, the failure vocabulary, and the source's import layers. No Chrome.

#[path = "../common/mod.rs"]
mod common;

mod browser_free;
mod failure_vocabulary;
mod layers;
mod protocol;
