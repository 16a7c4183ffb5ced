//! Task-only compilation (the original's 0.2.x compiler): a validated task
//! becomes a two-step, browser-free plan.
//!
//! The plan is a pure function of the task, so compiling twice gives the same
//! bytes. Input values never enter it; only input names do, and only on the
//! steps that consume inputs.

use super::model::{
    AmbiguityPolicy, Operation, PLAN_SCHEMA_VERSION, Plan, PlanStep, RiskClass, TaskError,
    ValidatedTask,
};

/// Fixed compile reasons.
pub(crate) mod reason {
    /// The original's wording.
    pub const UNKNOWN_RISK: &str =
        "unknown risk cannot be represented by a fail-closed execution plan";
    /// Ours: the original failed its plan check at `steps` with a text that
    /// was not available; the field the caller must change is maxActions.
    pub const STEPS_EXCEED_ACTIONS: &str = "maxActions is below the number of plan steps";
}

/// Risk classes that always need the user's confirmation before acting.
fn risk_requires_confirmation(risk: RiskClass) -> bool {
    matches!(
        risk,
        RiskClass::RemoteIrreversible
            | RiskClass::Authentication
            | RiskClass::DataDisclosure
            | RiskClass::UnknownRisk
    )
}

/// Compiles a validated task into its plan.
pub(crate) fn compile_task(validated: &ValidatedTask) -> Result<Plan, TaskError> {
    let task = validated.task();
    if task.risk == RiskClass::UnknownRisk {
        return Err(TaskError::new("risk", reason::UNKNOWN_RISK));
    }
    // Raise, never lower: `RiskClass` is declared in rank order.
    let risk = task.risk.max(task.task.minimum_risk());
    let confirmation_required =
        risk_requires_confirmation(risk) || task.ambiguity == AmbiguityPolicy::RequireConfirmation;

    let operation = task.task.operation();
    let input_names = match operation {
        Operation::FillInputs => Some(task.inputs.names().map(str::to_owned).collect()),
        Operation::SubmitForm => Some(vec!["submit".to_owned()]),
        _ => None,
    };
    let steps = vec![
        PlanStep {
            ordinal: 1,
            operation: Operation::ObserveScope,
            input_names: None,
        },
        PlanStep {
            ordinal: 2,
            operation,
            input_names,
        },
    ];
    if steps.len() > task.limits.max_actions as usize {
        return Err(TaskError::new(
            "limits.maxActions",
            reason::STEPS_EXCEED_ACTIONS,
        ));
    }

    Ok(Plan {
        schema_version: PLAN_SCHEMA_VERSION,
        task_schema_version: validated.schema_version(),
        task: task.task,
        scope: task.scope.clone(),
        limits: task.limits,
        ambiguity: task.ambiguity,
        revision: task.revision,
        risk,
        confirmation_required,
        steps,
        postconditions: task.postconditions.clone(),
    })
}
