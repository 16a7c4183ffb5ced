//! Reading the page: navigation and history, observe, text and DOM, Web IR, screenshots,
//! scrolling, and the delta since the last observation.

pub mod capture;
pub mod delta;
pub mod navigate;
pub mod observe;
pub mod read;
pub mod scroll;
