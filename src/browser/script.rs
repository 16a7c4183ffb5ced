//! Client JavaScript: `evaluate` runs an expression in the page's main world, when the policy
//! allows it. The source is never logged or echoed.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use super::error::BrowserError;
use super::events::OpenDialog;
use super::page::Browser;

/// What an evaluation gave.
#[derive(Debug)]
pub enum Evaluated {
    /// Its value (JSON) and JavaScript type.
    Value {
        /// The value, by value.
        value: Value,
        /// Its `typeof`.
        kind: String,
    },
    /// It threw; the exception's class name as the page reports it (page-defined classes
    /// carry text of the page's choosing: show only built-in ones).
    Threw(String),
    /// A JavaScript dialog opened while it ran.
    Dialog(OpenDialog),
}

/// Script: the page's own JavaScript, evaluated in its main world.
/// Reached through [`Browser::script`].
pub struct Script<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Script`] handle over this browser.
    pub fn script(&mut self) -> Script<'_> {
        Script { browser: self }
    }
}

impl Script<'_> {
    /// Evaluate `expression` in the selected page (promises awaited), as a user gesture, for
    /// at most `timeout`.
    pub async fn evaluate(
        &self,
        expression: &str,
        timeout: Duration,
    ) -> Result<Evaluated, BrowserError> {
        // In the selected frame, as every tool that reads or acts is: its own process's
        // session, or its page world in the page's process.
        let (session, frame) = self.browser.agent_target()?;
        let ms = timeout.as_millis() as u64;
        let mut params = json!({"expression": expression, "returnByValue": true,
                                "awaitPromise": true, "timeout": ms, "userGesture": true});
        if self
            .browser
            .frame
            .as_ref()
            .is_some_and(|f| !f.out_of_process)
        {
            let world = self
                .browser
                .events
                .page_worlds
                .lock()
                .ok()
                .and_then(|w| w.get(&frame).copied());
            params["contextId"] = json!(world.ok_or(BrowserError::FrameGone)?);
        }
        // An expression may change anything: it counts as input for the execution journal.
        super::cdp::note_input();
        let events = Arc::clone(&self.browser.events);
        let mut answer = Value::Null;
        for again in [false, true] {
            // One that does not compile (nothing ran then) because an earlier call declared its
            // top-level `const`, `let` or `class` is run once more inside a block of its own,
            // where they may be declared again; its value is the block's, its last statement's.
            if again {
                params["expression"] = json!(format!("{{\n{expression}\n}}"));
            }
            let call = self.browser.cdp.call_raw(
                Some(&session),
                "Runtime.evaluate",
                params.clone(),
                timeout + Duration::from_secs(2),
            );
            answer = tokio::select! {
                r = call => r?,
                d = events.dialog_opened() => return Ok(Evaluated::Dialog(d)),
            };
            let Some(ex) = answer.get("exceptionDetails") else {
                break;
            };
            let class = ex["exception"]["className"].as_str().unwrap_or("Error");
            if again || class != "SyntaxError" {
                return Ok(Evaluated::Threw(class.to_owned()));
            }
        }
        let mut result = answer["result"].take();
        Ok(Evaluated::Value {
            kind: result["type"].as_str().unwrap_or("undefined").to_owned(),
            value: result
                .get_mut("value")
                .map(Value::take)
                .unwrap_or(Value::Null),
        })
    }
}
