//! Renderer health: a page whose renderer crashed or stopped answering (a script that never
//! ends) is reported as such at once, instead of as a timeout many seconds later, and
//! `navigate` recovers the tab by giving it a new renderer.
//!
//! A crash comes as Chrome's `Inspector.targetCrashed` event. A hang has no event: while calls
//! are waiting on Chrome, a monitor asks the selected page for a trivial evaluation each
//! second; no answer within [`PROBE`] marks the renderer hung, an answer clears it.
//! A navigation is only ended by a crash: a new document's scripts may keep a slow machine
//! busy for seconds while it loads, and the navigation has its own deadline.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use super::cdp::{Cdp, CdpError};
use super::events::{PageEvents, RendererFault};
use super::page::Browser;

/// How long the selected page may take to answer a trivial evaluation before it counts as hung:
/// Chrome's own hang monitor waits as long before it calls a renderer unresponsive.
pub const PROBE: Duration = Duration::from_secs(5);

/// How long a page being navigated away from may take to answer before its renderer is
/// replaced: it is being left, so a busy one loses nothing.
const LEAVING: Duration = Duration::from_secs(1);

/// How often the monitor looks while calls are waiting.
const EVERY: Duration = Duration::from_secs(1);

/// Whether the renderer behind `session` answers a trivial evaluation within `within`.
/// `None` when the connection itself failed.
async fn answers(cdp: &Cdp, session: &str, within: Duration) -> Option<bool> {
    match cdp
        .call_raw(
            Some(session),
            "Runtime.evaluate",
            json!({"expression": "0", "returnByValue": true}),
            within,
        )
        .await
    {
        Ok(_) | Err(CdpError::Protocol { .. }) => Some(true),
        Err(CdpError::Timeout { .. }) => Some(false),
        Err(_) => None,
    }
}

/// Watch the selected page's renderer while calls wait on Chrome, until the connection ends.
pub async fn monitor(cdp: Cdp, events: Arc<PageEvents>) {
    loop {
        tokio::time::sleep(EVERY).await;
        if cdp.closed() {
            return;
        }
        if cdp.pending_calls() == 0 {
            continue;
        }
        let Some(session) = events.session.lock().ok().and_then(|s| s.clone()) else {
            continue;
        };
        if events
            .faults
            .lock()
            .is_ok_and(|f| f.get(&session) == Some(&RendererFault::Crashed))
        {
            continue;
        }
        match answers(&cdp, &session, PROBE).await {
            Some(true) => events.set_fault(&session, None),
            Some(false) => {
                tracing::info!("the selected page's renderer does not answer");
                events.set_fault(&session, Some(RendererFault::Hung));
            }
            None => return,
        }
    }
}

/// Health: what Chrome is, and whether the page's renderer still answers.
/// Reached through [`Browser::health`].
pub struct Health<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Health`] handle over this browser.
    pub fn health(&mut self) -> Health<'_> {
        Health { browser: self }
    }
}

impl Health<'_> {
    /// The browser's product and version (`Chrome/…`), asked of the browser itself: what
    /// `glass doctor` shows once a started browser answers, rather than trusting a file name.
    pub async fn product(&self) -> Result<String, super::error::BrowserError> {
        use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
        let version = self
            .browser
            .cdp
            .call(None, GetVersionParams::default(), Duration::from_secs(10))
            .await?;
        Ok(version.product)
    }

    /// The selected page's renderer fault, re-checked for a hang (a page that was busy may
    /// have recovered): what a page tool must refuse to run on.
    pub async fn renderer_check(&self) -> Option<RendererFault> {
        let fault = self.browser.events.renderer_fault()?;
        if fault == RendererFault::Hung {
            let session = self.browser.page().ok()?.session_id.clone();
            if answers(&self.browser.cdp, &session, Duration::from_millis(500)).await == Some(true)
            {
                self.browser.events.set_fault(&session, None);
                return None;
            }
        }
        Some(fault)
    }

    /// Give a hung page a way out before navigating it: crash its renderer (Chrome does this
    /// on the renderer's IO thread, which a stuck script does not block), so the navigation
    /// starts a new one. A crashed page needs nothing: navigating it starts a new renderer.
    pub async fn recover_renderer(&mut self) {
        let Ok(session) = self.browser.page().map(|p| p.session_id.clone()) else {
            return;
        };
        match self.renderer_check().await {
            Some(RendererFault::Hung) => {}
            Some(RendererFault::Crashed) => return,
            // Not known hung yet (the monitor needs seconds to tell): a page that does not
            // answer now is not waited for, since the navigation would wait behind its script.
            None => {
                if answers(&self.browser.cdp, &session, LEAVING).await != Some(false) {
                    return;
                }
                self.browser
                    .events
                    .set_fault(&session, Some(RendererFault::Hung));
            }
        }
        tracing::info!("replacing a hung renderer before navigating");
        let events = Arc::clone(&self.browser.events);
        // Sent, not awaited: a renderer that crashes may never answer it.
        self.browser
            .cdp
            .send_detached(Some(&session), "Page.crash", json!({}), PROBE);
        let crashed =
            events.until(|e| (e.renderer_fault() == Some(RendererFault::Crashed)).then_some(()));
        if tokio::time::timeout(PROBE, crashed).await.is_err() {
            tracing::warn!("the hung renderer did not report its crash");
        }
        self.browser.agent_context = None;
    }
}
