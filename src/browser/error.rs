//! Why a browser operation could not run, in fixed texts that are safe to show a client.

use super::cdp::CdpError;
use super::events::{OpenDialog, RendererFault};
use super::launch::LaunchError;

/// Why a browser operation could not run. Display texts are fixed and safe for clients.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// Chrome could not be started or attached; the text says why in a line or two.
    #[error("{0}")]
    Unavailable(String),
    /// The connection to Chrome broke during this call.
    #[error("the browser connection closed; the next browser call starts a fresh session")]
    Closed,
    /// A CDP call did not answer in time.
    #[error("the browser did not answer in time")]
    Timeout,
    /// Chrome refused a call (only the code is kept).
    #[error("the browser refused the operation (code {0})")]
    Refused(i64),
    /// No page target is selected.
    #[error("no page is selected; use listTargets and selectTarget, or navigate")]
    NoPage,
    /// The in-page agent failed unexpectedly.
    #[error("the page agent failed")]
    Agent,
    /// The selected frame no longer exists.
    #[error("the selected frame is gone; use listFrames and selectFrame")]
    FrameGone,
    /// A JavaScript dialog opened while the call waited on the page, which cannot answer
    /// until the dialog is resolved.
    #[error("a JavaScript dialog is open; resolve it with acceptDialog or dismissDialog")]
    DialogOpen(OpenDialog),
    /// The page's renderer does not answer: a script that never ends holds it.
    #[error("the page does not answer (a script is stuck); navigate to replace its renderer")]
    RendererHung,
    /// The page's renderer crashed (out of memory, killed).
    #[error("the page's renderer crashed; navigate to start a new one")]
    RendererCrashed,
}

impl From<CdpError> for BrowserError {
    fn from(e: CdpError) -> Self {
        match e {
            CdpError::Closed | CdpError::Io(_) => BrowserError::Closed,
            CdpError::Timeout { .. } => BrowserError::Timeout,
            CdpError::Protocol { code, message } => {
                tracing::debug!(code, %message, "CDP refused a call");
                BrowserError::Refused(code)
            }
            CdpError::Decode { method, detail } => {
                tracing::debug!(%method, %detail, "CDP answer did not decode");
                BrowserError::Refused(0)
            }
        }
    }
}

impl From<LaunchError> for BrowserError {
    fn from(e: LaunchError) -> Self {
        BrowserError::Unavailable(e.to_string())
    }
}

impl From<RendererFault> for BrowserError {
    fn from(f: RendererFault) -> Self {
        match f {
            RendererFault::Hung => BrowserError::RendererHung,
            RendererFault::Crashed => BrowserError::RendererCrashed,
        }
    }
}
