//! What a tool answers before MCP wraps it: a JSON result (with images, perhaps) or a failure
//! named by the wire vocabulary. The lowest piece of the kernel: everything else answers in it.

use serde_json::Value;

/// A tool's result before it is wrapped in MCP's result envelope.
#[derive(Debug)]
pub enum ToolOutcome {
    /// Success: a JSON object, sent as text and, where the revision allows, as
    /// `structuredContent`.
    Ok(Value),
    /// Success with images: the JSON first, then each image (`mimeType`, base64 data).
    WithImages(Value, Vec<(&'static str, String)>),
    /// A tool-level failure (`isError: true`), named by the wire vocabulary.
    Failed(ToolError),
}

impl ToolOutcome {
    /// A success carrying any serializable result; fields keep their declared order.
    pub fn ok(result: &impl serde::Serialize) -> ToolOutcome {
        match serde_json::to_value(result) {
            Ok(v) => ToolOutcome::Ok(v),
            Err(_) => ToolOutcome::Failed(ToolError::new(
                crate::failure::Kind::Internal,
                "result could not be serialized",
            )),
        }
    }

    /// A failure from a pure module's serializable `{kind, ...}` body (task, Web IR).
    pub fn failed(error: &impl serde::Serialize) -> ToolOutcome {
        ToolOutcome::Failed(match serde_json::to_value(error) {
            Ok(body) => ToolError::from_body(body),
            Err(_) => ToolError::new(
                crate::failure::Kind::Internal,
                "error could not be serialized",
            ),
        })
    }
}

impl From<ToolError> for ToolOutcome {
    fn from(e: ToolError) -> Self {
        ToolOutcome::Failed(e)
    }
}

/// A bounded, client-safe tool failure, named by the wire vocabulary (`crate::failure`).
pub type ToolError = crate::failure::Failure;
