//! Reading the page: navigation and history, observe, text and DOM, Web IR, screenshots,
//! scrolling, and the delta since the last observation.

pub mod delta;
pub mod pages;
