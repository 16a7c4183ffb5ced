//! Running many steps as one: batch, tasks, workflows, checkpoints, and recovery of a run.

pub mod batch;
pub mod checkpoint;
pub mod recover;
pub mod task_exec;
pub mod workflow;
