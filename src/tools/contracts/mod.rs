//! The browser-free contract tools: the Task Protocol and Web IR validators.

pub mod task;
pub mod webir;
