//! The browser side: finding, launching and driving Chrome.

pub mod act;
pub mod agent;
pub mod cdp;
pub mod enforce;
pub mod frames;
pub mod health;
pub mod input;
pub mod keys;
pub mod launch;
pub mod locator;
pub mod navigate;
pub mod network;
pub mod refs;
pub mod session;
