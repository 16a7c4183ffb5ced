//! Real clients: Claude Code and the official MCP Python SDK start Glass from the
//! configurations `glass mcp-config` prints.

#[path = "../common/mod.rs"]
mod common;

mod clients;
mod mcp_sdk;
