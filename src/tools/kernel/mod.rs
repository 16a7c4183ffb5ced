//! The kernel every tool is built on: what a tool is, the call path (arguments, schema,
//! policy gate, revision, lease), the browser gate, output shapes, progress and the services
//! handlers share.

pub mod args;
pub mod audit;
pub mod browser;
pub mod call;
pub mod changes;
pub mod effect;
pub mod effects;
pub mod files;
pub mod gate;
pub mod group;
pub mod journal;
pub mod lease;
pub mod observation;
pub mod observed;
pub mod outcome;
pub mod output;
pub mod person;
pub mod progress;
pub mod schema;
pub mod store;
pub mod tool;
