//! The tools: a kernel every tool is built on, the families of tools over it, and the catalog
//! on top.
//!
//! A tool is one value (`kernel::tool::Tool`) in its family's file: its name, description,
//! schemas, effects, group and handler. The catalog lists every family's tools; the server
//! generates `tools/list` from it and dispatches `tools/call` through the kernel's call path,
//! so cross-cutting rules (arguments, policy, revision, lease, failure traces, result shape)
//! live once there rather than in each tool. Families import the kernel, never the catalog;
//! a family above another may use its tools (a batch runs the act tools), never the reverse.

pub mod kernel;

pub mod act;
pub mod contracts;
pub mod devtools;
pub mod page;
pub mod tabs;

pub mod store;

pub mod semantic;

pub mod run;

pub mod catalog;

// What the rest of Glass reaches: the catalog, the call path, and what a tool is.
pub use catalog::{catalog, find, list_entries, list_json, listed, offered, reachable};
pub use kernel::group::{ADDED, AddedFamilies, ToolGroup};
pub use kernel::tool::{ServerFacts, Services, Tool, ToolError, ToolOutcome};
pub use kernel::{call, lease, person, progress};
