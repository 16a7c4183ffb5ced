//! Calling the page agent: Glass's JavaScript, run in an isolated world of the page.
//!
//! The isolated world shares the DOM but not the page's globals, so page scripts can neither
//! see the agent nor tamper with the ref table it keeps. A new document gets a new world; the
//! agent is (re)installed on first use after every navigation.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::{Value, json};

use super::session::{Browser, BrowserError, CALL_TIMEOUT};

/// The agent's source.
pub const AGENT_JS: &str = include_str!("agent.js");

/// Name of the agent's isolated world.
pub const WORLD_NAME: &str = "glass";

impl Browser {
    /// The agent's execution context for the current document, installing it when needed.
    async fn agent_context(&mut self) -> Result<(i64, String), BrowserError> {
        let document = self.events.document.load(Ordering::SeqCst);
        let (session, frame) = self.agent_target()?;
        if let Some(c) = &self.agent_context {
            if c.document == document && c.frame == frame {
                return Ok((c.id, c.session.clone()));
            }
        }
        // The world Chrome made for this document, with the agent already in it; only a page
        // that existed before Glass attached lacks one.
        let known = self
            .events
            .agent_worlds
            .lock()
            .ok()
            .and_then(|w| w.get(&frame).copied())
            .filter(|_| self.frame.as_ref().is_none_or(|f| !f.out_of_process));
        if let Some(id) = known {
            self.agent_context = Some(super::session::AgentContext {
                id,
                document,
                frame,
                session: session.clone(),
            });
            return Ok((id, session));
        }
        let world = self
            .cdp
            .call_raw(
                Some(&session),
                "Page.createIsolatedWorld",
                json!({"frameId": frame, "worldName": WORLD_NAME, "grantUniveralAccess": true}),
                CALL_TIMEOUT,
            )
            .await
            .map_err(|e| match e {
                super::cdp::CdpError::Protocol { .. } if self.frame.is_some() => {
                    BrowserError::FrameGone
                }
                e => e.into(),
            })?;
        let ctx = world["executionContextId"]
            .as_i64()
            .ok_or(BrowserError::Agent)?;
        let installed = self
            .cdp
            .call_raw(
                Some(&session),
                "Runtime.evaluate",
                json!({"expression": AGENT_JS, "contextId": ctx, "returnByValue": true}),
                CALL_TIMEOUT,
            )
            .await?;
        if installed.get("exceptionDetails").is_some() {
            tracing::warn!("the page agent failed to install");
            return Err(BrowserError::Agent);
        }
        self.agent_context = Some(super::session::AgentContext {
            id: ctx,
            document,
            frame,
            session: session.clone(),
        });
        Ok((ctx, session))
    }

    /// Call `__glassAgent.<function>(args...)` and return its JSON value.
    ///
    /// A context that vanished (the page navigated) is re-created once.
    pub async fn agent(
        &mut self,
        function: &str,
        args: &[Value],
        timeout: Duration,
    ) -> Result<Value, BrowserError> {
        let args: Vec<String> = args.iter().map(Value::to_string).collect();
        let expression = format!("__glassAgent.{function}({})", args.join(","));
        for attempt in 0..2 {
            let (ctx, session) = self.agent_context().await?;
            let answer = self
                .cdp
                .call_raw(
                    Some(&session),
                    "Runtime.evaluate",
                    json!({"expression": expression, "contextId": ctx, "returnByValue": true, "awaitPromise": true}),
                    timeout,
                )
                .await;
            match answer {
                Ok(v) if v.get("exceptionDetails").is_some() => {
                    tracing::debug!(function, "page agent threw");
                    // The document may have been replaced under us: retry in a fresh world.
                    self.forget_agent_context();
                    if attempt == 1 {
                        return Err(BrowserError::Agent);
                    }
                }
                Ok(mut v) => return Ok(v["result"]["value"].take()),
                Err(super::cdp::CdpError::Protocol { .. }) if attempt == 0 => {
                    self.forget_agent_context();
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(BrowserError::Agent)
    }

    /// Drop the cached agent context, and Chrome's report of it: it belonged to a document
    /// that is gone.
    fn forget_agent_context(&mut self) {
        if let Some(c) = self.agent_context.take() {
            if let Ok(mut worlds) = self.events.agent_worlds.lock() {
                worlds.retain(|_, id| *id != c.id);
            }
        }
    }

    /// Shorthand for [`Browser::agent`] with the default deadline.
    pub async fn agent_call(
        &mut self,
        function: &str,
        args: &[Value],
    ) -> Result<Value, BrowserError> {
        self.agent(function, args, CALL_TIMEOUT).await
    }
}

impl Browser {
    /// Call an agent function that returns an element, and get Chrome's handle to it
    /// (`None` when the function returned null).
    pub async fn agent_object(
        &mut self,
        function: &str,
        args: &[Value],
    ) -> Result<Option<String>, BrowserError> {
        let args: Vec<String> = args.iter().map(Value::to_string).collect();
        let expression = format!("__glassAgent.{function}({})", args.join(","));
        let (ctx, session) = self.agent_context().await?;
        let v = self
            .cdp
            .call_raw(
                Some(&session),
                "Runtime.evaluate",
                json!({"expression": expression, "contextId": ctx}),
                CALL_TIMEOUT,
            )
            .await?;
        if v.get("exceptionDetails").is_some() {
            return Err(BrowserError::Agent);
        }
        Ok(v["result"]["objectId"].as_str().map(str::to_owned))
    }
}
