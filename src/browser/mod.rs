//! The browser side: finding, launching and driving Chrome.

pub mod discover;
