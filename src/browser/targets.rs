//! Tabs: listing, opening, selecting and closing page targets, and following the popups a
//! click opens. The tab tools call these; only this file speaks CDP's `Target` domain for them.

use std::sync::Arc;
use std::time::Duration;

use chromiumoxide_cdp::cdp::browser_protocol::target::{
    ActivateTargetParams, CloseTargetParams, CreateTargetParams, GetTargetInfoParams,
    GetTargetsParams, TargetId, TargetInfo,
};
use tokio::sync::broadcast;

use super::cdp::{CALL_TIMEOUT, CdpEvent};
use super::error::BrowserError;
use super::page::Browser;

/// Most tabs `tabs` lists.
pub const MAX_TABS: usize = 64;

/// A tab as Chrome reports it (its URL and title are the page's: bound them before showing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabInfo {
    /// Chrome's target id.
    pub target_id: String,
    /// The tab's URL.
    pub url: String,
    /// The tab's title.
    pub title: String,
    /// The tab that opened it, if any.
    pub opener_id: Option<String>,
}

/// Window opens of the selected page, counted from the moment the watch began: taken just
/// before a click, it says how many popups the click's handlers opened synchronously.
pub struct PopupWatch {
    rx: broadcast::Receiver<Arc<CdpEvent>>,
    session: Option<String>,
}

impl PopupWatch {
    /// How many `window.open`s (and target=_blank links) the page reported since the watch
    /// began: Chrome reports each before it acknowledges the input that caused it.
    pub fn opened(&mut self) -> usize {
        let mut n = 0;
        loop {
            match self.rx.try_recv() {
                Ok(ev)
                    if ev.method == "Page.windowOpen"
                        && ev.session_id.as_deref() == self.session.as_deref() =>
                {
                    n += 1
                }
                Ok(_) | Err(broadcast::error::TryRecvError::Lagged(_)) => {}
                Err(_) => return n,
            }
        }
    }
}

/// Tabs: listing, opening, selecting and closing page targets, and popups.
/// Reached through [`Browser::tabs`].
pub struct Tabs<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Tabs`] handle over this browser.
    pub fn tabs(&mut self) -> Tabs<'_> {
        Tabs { browser: self }
    }
}

impl Tabs<'_> {
    /// Every page target Chrome reports.
    async fn page_targets(&self) -> Result<Vec<TargetInfo>, BrowserError> {
        let list = self
            .browser
            .cdp
            .call(None, GetTargetsParams::default(), CALL_TIMEOUT)
            .await?;
        Ok(list
            .target_infos
            .into_iter()
            .filter(|t| t.r#type == "page")
            .collect())
    }

    /// The page tabs, at most [`MAX_TABS`].
    pub async fn list(&self) -> Result<Vec<TabInfo>, BrowserError> {
        Ok(self
            .page_targets()
            .await?
            .into_iter()
            .take(MAX_TABS)
            .map(|t| TabInfo {
                target_id: t.target_id.into(),
                url: t.url,
                title: t.title,
                opener_id: t.opener_id.map(String::from),
            })
            .collect())
    }

    /// Whether a page tab with this id is open.
    pub async fn exists(&self, id: &str) -> Result<bool, BrowserError> {
        Ok(self
            .page_targets()
            .await?
            .iter()
            .any(|t| t.target_id.as_ref() == id))
    }

    /// Open a tab in the background (it is not selected); its target id.
    pub async fn create(&self, url: &str) -> Result<String, BrowserError> {
        let mut params = CreateTargetParams::new(url);
        params.background = Some(true);
        let created = self.browser.cdp.call(None, params, CALL_TIMEOUT).await?;
        Ok(created.target_id.into())
    }

    /// Select a tab: attach to it, drive it from now on, and bring it to the front.
    pub async fn select(&mut self, id: &str) -> Result<(), BrowserError> {
        self.browser.attach_page(id).await?;
        let _ = self
            .browser
            .cdp
            .call(
                None,
                ActivateTargetParams::new(TargetId::new(id)),
                CALL_TIMEOUT,
            )
            .await;
        Ok(())
    }

    /// Close a tab and answer once Chrome has removed it (it acknowledges the close before the
    /// tab is gone), so the next listing no longer shows it. Whether it was the selected tab;
    /// if so, none is selected now.
    pub async fn close(&mut self, id: &str) -> Result<bool, BrowserError> {
        // Subscribed before closing, so the destruction cannot be missed.
        let mut events = self.browser.cdp.subscribe();
        self.browser
            .cdp
            .call(
                None,
                CloseTargetParams::new(TargetId::new(id)),
                CALL_TIMEOUT,
            )
            .await?;
        let gone = tokio::time::timeout(CALL_TIMEOUT, async {
            loop {
                match events.recv().await {
                    Ok(ev) => {
                        if ev.method == "Target.targetDestroyed" && ev.params["targetId"] == id {
                            return true;
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        if !self.exists(id).await.unwrap_or(true) {
                            return true;
                        }
                    }
                    Err(broadcast::error::RecvError::Closed) => return false,
                }
            }
        })
        .await
        .unwrap_or(false);
        if !gone {
            tracing::warn!("a closed target was still listed when closeTarget answered");
        }
        let was_selected = self
            .browser
            .page
            .as_ref()
            .is_some_and(|p| p.target_id == id);
        if was_selected {
            self.browser.unselect();
        }
        Ok(was_selected)
    }

    /// Start counting the selected page's window opens (see [`PopupWatch`]).
    pub fn watch_popups(&self) -> PopupWatch {
        PopupWatch {
            rx: self.browser.cdp.subscribe(),
            session: self.browser.page.as_ref().map(|p| p.session_id.clone()),
        }
    }

    /// A popup's URL once it commits one (Chrome reports it with `Target.targetInfoChanged`,
    /// within 2 s); `None` if the popup closed.
    pub async fn committed_url(&self, id: &str) -> Option<String> {
        let committed = |url: &str| !url.is_empty() && url != "about:blank";
        // Subscribe before asking, so a commit between the two is not missed.
        let mut rx = self.browser.cdp.subscribe();
        let params = GetTargetInfoParams {
            target_id: Some(TargetId::new(id)),
        };
        let info = self
            .browser
            .cdp
            .call(None, params, CALL_TIMEOUT)
            .await
            .ok()?;
        let mut url = info.target_info.url;
        let until = tokio::time::Instant::now() + Duration::from_secs(2);
        while !committed(&url) {
            let ev = match tokio::time::timeout_at(until, rx.recv()).await {
                Err(_) => break,
                Ok(Ok(ev)) => ev,
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
                Ok(Err(_)) => return None,
            };
            match ev.method.as_str() {
                "Target.targetInfoChanged" if ev.params["targetInfo"]["targetId"] == id => {
                    url = ev.params["targetInfo"]["url"]
                        .as_str()
                        .unwrap_or("")
                        .to_owned();
                }
                "Target.targetDestroyed" if ev.params["targetId"] == id => return None,
                _ => {}
            }
        }
        Some(url)
    }
}
