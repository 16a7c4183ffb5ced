//! The browser side: finding, launching and driving Chrome.

pub mod cdp;
pub mod launch;
