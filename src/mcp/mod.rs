//! The MCP server, in mini-redis's shape: `transport` parses frames, `connection` owns the
//! byte streams (read loop, frame deadline, writer), `server` runs the lifecycle and dispatches
//! each request, `result` shapes tool outcomes for the request's revision; `jsonrpc`,
//! `revision` and `negotiation` are the pure protocol pieces they share; `asking` puts a
//! confirmation to the person behind the client.

pub mod asking;
pub mod calls;
pub mod connection;
pub mod jsonrpc;
pub mod negotiation;
pub mod result;
pub mod revision;
pub mod server;
pub mod shared;
pub mod transcript;
pub mod transport;
