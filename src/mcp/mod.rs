//! The MCP server: framing, JSON-RPC, lifecycle, negotiation and dispatch.

pub mod jsonrpc;
pub mod negotiation;
pub mod revision;
pub mod server;
pub mod transcript;
pub mod transport;
