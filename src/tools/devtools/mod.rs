//! DevTools parity: diagnostics, console, network, performance, PDF, emulation, script,
//! cookies and storage.

pub mod diagnostics;
pub mod emulate;
pub mod evaluate;
pub mod network;
pub mod perf;
pub mod print;
pub mod state;
