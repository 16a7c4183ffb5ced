//! The one exit-code rule of every `glass` command, so a script can tell "fix what you typed"
//! from "it was tried and did not work" without knowing which command it ran.
//!
//! - 0: done.
//! - 1 ([`failed`]): it was tried and did not work: no Chrome, a Chrome that does not answer, no
//!   daemon to connect to, a page or a tool that failed.
//! - 2 ([`refused`]): refused before anything ran: the command line or its options cannot be
//!   served (clap's own usage errors exit 2 too), including options a running daemon does not
//!   serve.

use std::process::ExitCode;

/// It was tried and did not work.
pub const FAILED: u8 = 1;
/// Refused before anything ran: what was typed cannot be served.
pub const REFUSED: u8 = 2;

/// It was tried and did not work (exit 1).
pub fn failed() -> ExitCode {
    ExitCode::from(FAILED)
}

/// Refused before anything ran: what was typed cannot be served (exit 2).
pub fn refused() -> ExitCode {
    ExitCode::from(REFUSED)
}
