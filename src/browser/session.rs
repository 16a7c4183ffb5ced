//! The single browser session of a Glass process.
//!
//! One `Session` owns at most one Chrome (launched lazily, or attached) and one selected page.
//! Every browser operation holds the session lock for its whole duration, so operations run
//! one at a time in arrival order; browser-free tools never touch it. Cancelling a call drops
//! its future, which releases the lock and drops its pending CDP answers; input Chrome already
//! accepted is not undone. If Chrome dies or the connection breaks, the current call fails
//! and the next one starts a fresh session.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chromiumoxide_cdp::cdp::browser_protocol::{browser, target};
use serde_json::{Value, json};
use tokio::sync::{MappedMutexGuard, MutexGuard};

use super::agent::MISSED_BINDING;
use super::error::BrowserError;
use super::events::{Diagnostics, PageEvents, WORLD_NAME, watch};
use super::launch::{self, LaunchOptions};
use super::page::{Browser, CALL_TIMEOUT, Interaction, PageTarget, VIEWPORT};
use super::profile::{
    reap_abandoned_downloads, reap_abandoned_profiles, remove_profile, valid_profile_name,
};

/// Which profile a launched Chrome uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileChoice {
    /// A named profile kept under Glass's data directory.
    Persistent(String),
    /// A throwaway profile deleted when the session ends.
    Incognito,
}

/// How the session starts Chrome: fixed at start-up from the command line.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// `--chrome-path`, if given.
    pub chrome_path: Option<PathBuf>,
    /// Headless unless `--headed`.
    pub headless: bool,
    /// The profile to launch with.
    pub profile: ProfileChoice,
    /// `--attach` endpoint: connect instead of launching.
    pub attach: Option<String>,
    /// Input style.
    pub interaction: Interaction,
    /// Host rules Chrome must enforce, when any are set.
    pub host_rules: Option<crate::policy::Policy>,
    /// The policy denies downloads: Chrome itself then refuses them, so a page cannot write
    /// files to disk that no tool will ever claim.
    pub downloads_denied: bool,
    /// Downloads past this size are cancelled (`--download-max-mb`).
    pub download_max_bytes: u64,
    /// The policy lets `getRequest` read bodies (network-details): Chrome keeps them.
    pub keep_bodies: bool,
}

/// Bytes of response bodies Chrome keeps per page, when bodies are kept.
const BODY_BUFFER_TOTAL: u64 = 16 * 1024 * 1024;

/// Bytes of one response body Chrome keeps, when bodies are kept.
const BODY_BUFFER_ONE: u64 = 2 * 1024 * 1024;

/// The session: configuration plus the lazily started browser behind one lock.
#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    browser: tokio::sync::Mutex<Option<Browser>>,
    /// Event state of the running browser, readable without waiting for the lock.
    events: Mutex<Option<Arc<PageEvents>>>,
}

/// Exclusive access to the running browser for one operation.
pub type BrowserGuard<'a> = MappedMutexGuard<'a, Browser>;

impl Session {
    /// A session that starts Chrome on first use.
    pub fn new(config: SessionConfig) -> Session {
        Session {
            config,
            browser: tokio::sync::Mutex::new(None),
            events: Mutex::new(None),
        }
    }

    /// What happened since the last result (popups, downloads, an open dialog), if a browser
    /// is running; reading it marks it reported.
    pub fn take_header(&self) -> Option<Value> {
        let events = self.events.lock().ok()?.clone()?;
        events.take_header()
    }

    /// Which page is current: the selected tab's CDP session and its document count, or
    /// `none` before a browser runs. Confirmation tokens are bound to it, so a token issued on
    /// one page cannot be spent after a navigation or on another tab. Read without the lock.
    pub fn page_identity(&self) -> String {
        let Some(events) = self.events.lock().ok().and_then(|e| e.clone()) else {
            return "none".to_owned();
        };
        let session = events
            .session
            .lock()
            .ok()
            .and_then(|s| s.clone())
            .unwrap_or_default();
        let document = events.document.load(std::sync::atomic::Ordering::SeqCst);
        format!("{session}:{document}")
    }

    /// The host of the selected page (as its last navigation left it), if a browser runs and
    /// the page has one: what a question to the person names. Read without the lock.
    pub fn page_host(&self) -> Option<String> {
        let events = self.events.lock().ok()?.clone()?;
        let url = events.url.lock().ok()?.clone();
        crate::policy::scheme_and_host(&url)
            .map(|(_, host)| host)
            .filter(|h| !h.is_empty())
    }

    /// Exclusive access to the browser, starting it first if needed, or again if it died.
    pub async fn acquire(&self) -> Result<BrowserGuard<'_>, BrowserError> {
        let mut guard = self.browser.lock().await;
        if guard.as_ref().is_some_and(|b| b.cdp.closed()) {
            tracing::info!("browser connection lost; starting a fresh session");
            *guard = None;
        }
        if guard.is_none() {
            let browser = start(&self.config).await?;
            if let Ok(mut events) = self.events.lock() {
                *events = Some(Arc::clone(&browser.events));
            }
            *guard = Some(browser);
        }
        Ok(MutexGuard::map(guard, |b| {
            let b = b.as_mut().expect("browser was just ensured");
            b.turn = b.turn.wrapping_add(1);
            b
        }))
    }

    /// End the session: close the Chrome Glass started (or the tabs it opened when attached).
    pub async fn shutdown(&self) {
        let Some(mut browser) = self.browser.lock().await.take() else {
            return;
        };
        if browser.attached {
            for target in std::mem::take(&mut browser.created_targets) {
                let _ = browser
                    .cdp
                    .call(
                        None,
                        target::CloseTargetParams::new(target::TargetId::new(target)),
                        Duration::from_secs(2),
                    )
                    .await;
            }
        } else if let Some(chrome) = browser.chrome.take() {
            chrome.shutdown().await;
        }
        let profile = browser.incognito_dir.take();
        let staging = browser.download_dir.clone();
        drop(browser);
        if let Some(dir) = profile {
            remove_profile(&dir).await;
        } else {
            // Downloads no tool claimed go with the session, like an incognito profile's.
            let _ = std::fs::remove_dir_all(&staging);
        }
    }
}

/// Start or attach Chrome and select a page.
async fn start(config: &SessionConfig) -> Result<Browser, BrowserError> {
    let (cdp, chrome, incognito_dir, attached) = match &config.attach {
        Some(endpoint) => (launch::attach(endpoint).await?, None, None, true),
        None => {
            let exe = launch::find_chrome(config.chrome_path.as_deref())?;
            let (dir, incognito) = match &config.profile {
                ProfileChoice::Persistent(name) => {
                    if !valid_profile_name(name) {
                        return Err(BrowserError::Unavailable(
                            "profile names use 1 to 64 ASCII letters, digits, - and _".into(),
                        ));
                    }
                    (crate::paths::data_dir().join("profiles").join(name), false)
                }
                ProfileChoice::Incognito => {
                    reap_abandoned_profiles();
                    let nanos = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos())
                        .unwrap_or(0);
                    let dir = std::env::temp_dir()
                        .join(format!("glass-incognito-{}-{nanos}", std::process::id()));
                    (dir, true)
                }
            };
            std::fs::create_dir_all(&dir).map_err(|_| {
                BrowserError::Unavailable("cannot create the browser profile directory".into())
            })?;
            // Chrome reads this profile preference at start; the matching switch is ignored.
            super::enforce::confine_webrtc(&dir, config.host_rules.is_some());
            let mut opts = LaunchOptions::new(exe, &dir);
            opts.headless = config.headless;
            opts.extra_args
                .push(format!("--window-size={},{}", VIEWPORT.0, VIEWPORT.1));
            if let Some(rules) = config
                .host_rules
                .as_ref()
                .and_then(super::enforce::resolver_rules)
            {
                opts.extra_args
                    .push(format!("--host-resolver-rules={rules}"));
            }
            // Popups are reported and verified (clickExpectPopup), not silently blocked.
            opts.extra_args.push("--disable-popup-blocking".to_owned());
            // An automated page must not be slowed down as a background or occluded tab.
            opts.extra_args.extend(
                [
                    "--disable-renderer-backgrounding",
                    "--disable-background-timer-throttling",
                    "--disable-backgrounding-occluded-windows",
                    "--hide-scrollbars",
                    "--mute-audio",
                    // No back/forward cache (back/forward reloads, as automation expects) and
                    // no proactive BrowsingInstance swaps: less renderer work per navigation.
                    // RenderDocument stays on: without it Chromium 156 stopped starting
                    // downloads from `download` links after the tenth in one tab.
                    "--disable-features=BackForwardCache,ProactivelySwapBrowsingInstance",
                ]
                .map(str::to_owned),
            );
            match launch::launch(opts).await {
                Ok((chrome, cdp)) => (cdp, Some(chrome), incognito.then_some(dir), false),
                Err(e) => {
                    if incognito {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    return Err(e.into());
                }
            }
        }
    };
    let events = Arc::new(PageEvents::default());
    // Subscribed here, so no event after this line is missed.
    let watcher = tokio::spawn(watch(
        cdp.clone(),
        cdp.subscribe(),
        Arc::clone(&events),
        config.download_max_bytes,
        config.downloads_denied,
    ));
    tokio::spawn(super::health::monitor(cdp.clone(), Arc::clone(&events)));
    let download_dir = match &incognito_dir {
        Some(dir) => dir.join("glass-downloads"),
        None => {
            // One staging folder per process: partial or unclaimed files of a Glass that was
            // killed are removed here, never those of one still running.
            let incoming = crate::paths::data_dir().join("downloads").join(".incoming");
            reap_abandoned_downloads(&incoming);
            incoming.join(std::process::id().to_string())
        }
    };
    let _ = crate::files::private_dir(&download_dir);
    // The enforcer subscribes here, before any target can be held for it.
    let enforcer = config.host_rules.as_ref().map(|policy| {
        tokio::spawn(super::enforce::run(
            cdp.clone(),
            cdp.subscribe(),
            policy.clone(),
            Arc::clone(&events),
        ))
    });
    // Independent browser-level settings, sent together.
    let discover = cdp.call(
        None,
        target::SetDiscoverTargetsParams::new(true),
        CALL_TIMEOUT,
    );
    // Under host rules, new targets (popups, workers, pages we create) start paused until
    // they are intercepted.
    let hold = async {
        if enforcer.is_none() {
            return Ok(());
        }
        let mut hold = target::SetAutoAttachParams::new(true, true);
        hold.flatten = Some(true);
        cdp.call(None, hold, CALL_TIMEOUT).await.map(|_| ())
    };
    let downloads = async {
        if attached {
            return Ok(());
        }
        let behavior = if config.downloads_denied {
            browser::SetDownloadBehaviorBehavior::Deny
        } else {
            browser::SetDownloadBehaviorBehavior::AllowAndName
        };
        let mut params = browser::SetDownloadBehaviorParams::new(behavior);
        if !config.downloads_denied {
            params.download_path = Some(download_dir.to_string_lossy().into_owned());
        }
        params.events_enabled = Some(true);
        cdp.call(None, params, CALL_TIMEOUT).await.map(|_| ())
    };
    let (discover, hold, downloads) = tokio::join!(discover, hold, downloads);
    discover?;
    hold?;
    downloads?;
    let mut browser = Browser {
        cdp,
        chrome,
        incognito_dir,
        attached,
        page: None,
        created_targets: Vec::new(),
        events,
        watcher,
        agent_context: None,
        turn: 0,
        frame: None,
        next_ref: 1,
        interaction: config.interaction,
        pointer: (0.0, 0.0),
        keys_sent: None,
        held: 0,
        refs: Default::default(),
        download_dir,
        enforcer,
        keep_bodies: config.keep_bodies,
        downloads_denied: config.downloads_denied,
        trace_session: None,
    };
    browser.select_initial_page().await?;
    if !browser.attached {
        browser.size_viewport(VIEWPORT.0, VIEWPORT.1).await;
    }
    Ok(browser)
}

impl Browser {
    /// Make the selected page's viewport `width` x `height`: `--window-size` sizes the whole
    /// window, and even headless Chrome keeps room for its toolbar in it (720 tall gave a
    /// 577-pixel viewport), so the window grows by what is not viewport. Best effort.
    async fn size_viewport(&self, width: i64, height: i64) {
        let Ok(page) = self.page() else { return };
        let target = page.target_id.clone();
        let (inner, window) = tokio::join!(
            self.page_call(
                "Runtime.evaluate",
                json!({"expression": "[outerWidth - innerWidth, outerHeight - innerHeight]",
                       "returnByValue": true}),
            ),
            self.cdp.call(
                None,
                browser::GetWindowForTargetParams {
                    target_id: Some(target::TargetId::new(target)),
                },
                CALL_TIMEOUT,
            ),
        );
        let (Ok(inner), Ok(window)) = (inner, window) else {
            return;
        };
        let extra = &inner["result"]["value"];
        let (Some(dw), Some(dh)) = (extra[0].as_i64(), extra[1].as_i64()) else {
            return;
        };
        if (0..=1000).contains(&dw) && (0..=1000).contains(&dh) && (dw, dh) != (0, 0) {
            let bounds = browser::Bounds {
                width: Some(width + dw),
                height: Some(height + dh),
                ..Default::default()
            };
            let _ = self
                .cdp
                .call(
                    None,
                    browser::SetWindowBoundsParams::new(window.window_id, bounds),
                    CALL_TIMEOUT,
                )
                .await;
        }
    }

    /// Pick the page to drive: the blank page Chrome opened, or a new tab when attached.
    async fn select_initial_page(&mut self) -> Result<(), BrowserError> {
        let target_id = if self.attached {
            let created = self
                .cdp
                .call(
                    None,
                    target::CreateTargetParams::new("about:blank"),
                    CALL_TIMEOUT,
                )
                .await?;
            let id = String::from(created.target_id);
            self.created_targets.push(id.clone());
            id
        } else {
            let targets = self
                .cdp
                .call(None, target::GetTargetsParams::default(), CALL_TIMEOUT)
                .await?;
            let existing = targets
                .target_infos
                .into_iter()
                .find(|t| t.r#type == "page")
                .map(|t| String::from(t.target_id));
            match existing {
                Some(id) => id,
                None => {
                    let created = self
                        .cdp
                        .call(
                            None,
                            target::CreateTargetParams::new("about:blank"),
                            CALL_TIMEOUT,
                        )
                        .await?;
                    String::from(created.target_id)
                }
            }
        };
        self.attach_page(&target_id).await
    }

    /// Attach to a page target, enable what Glass needs, and select it.
    pub async fn attach_page(&mut self, target_id: &str) -> Result<(), BrowserError> {
        let mut attach = target::AttachToTargetParams::new(target::TargetId::new(target_id));
        attach.flatten = Some(true);
        let attached = self.cdp.call(None, attach, CALL_TIMEOUT).await?;
        let session_id = String::from(attached.session_id);
        let s = Some(session_id.as_str());
        // No Page.setLifecycleEventsEnabled: it makes the renderer do paint-timing work after
        // each load that the next call would wait for (see `network`).
        // Inspector: the renderer-crash event.
        // Response bodies are buffered only where `getRequest` may read them (the policy
        // allows network-details); buffering copies every body, so none is kept otherwise.
        // Log: Chrome's own console reports (a failed resource, a violation).
        let buffers = if self.keep_bodies {
            json!({"maxTotalBufferSize": BODY_BUFFER_TOTAL, "maxResourceBufferSize": BODY_BUFFER_ONE})
        } else {
            json!({"maxTotalBufferSize": 0, "maxResourceBufferSize": 0})
        };
        // Focus emulation: the page is the focused, active window a person types into, as it
        // is in their browser (headless tabs are not: `document.hasFocus()` is false, and
        // apps that follow focus, such as JupyterLab's status bar, draw another state).
        let (enable, network, tree, _, _, _) = tokio::join!(
            self.cdp.call_raw(s, "Page.enable", json!({}), CALL_TIMEOUT),
            self.cdp
                .call_raw(s, "Network.enable", buffers, CALL_TIMEOUT),
            self.cdp
                .call_raw(s, "Page.getFrameTree", json!({}), CALL_TIMEOUT),
            self.cdp
                .call_raw(s, "Inspector.enable", json!({}), CALL_TIMEOUT),
            self.cdp.call_raw(s, "Log.enable", json!({}), CALL_TIMEOUT),
            self.cdp.call_raw(
                s,
                "Emulation.setFocusEmulationEnabled",
                json!({"enabled": true}),
                CALL_TIMEOUT
            ),
        );
        enable?;
        network?;
        let tree = tree?;
        let main_frame = tree["frameTree"]["frame"]["id"]
            .as_str()
            .ok_or(BrowserError::Agent)?
            .to_owned();
        self.page = Some(PageTarget {
            target_id: target_id.to_owned(),
            session_id: session_id.clone(),
            main_frame: main_frame.clone(),
        });
        if let Ok(mut selected) = self.events.session.lock() {
            *selected = Some(session_id.clone());
        }
        if let Ok(mut frame) = self.events.main_frame.lock() {
            *frame = Some(main_frame.clone());
        }
        if let Ok(mut url) = self.events.url.lock() {
            tree["frameTree"]["frame"]["url"]
                .as_str()
                .unwrap_or_default()
                .clone_into(&mut url);
        }
        if let Ok(mut d) = self.events.dialog.lock() {
            *d = None;
        }
        if let Ok(mut frames) = self.events.oop_frames.lock() {
            frames.clear();
        }
        if let Ok(mut worlds) = self.events.agent_worlds.lock() {
            worlds.clear();
        }
        if let Ok(mut worlds) = self.events.page_worlds.lock() {
            worlds.clear();
        }
        if let Ok(mut d) = self.events.diagnostics.lock() {
            *d = Diagnostics::default();
        }
        if let Ok(mut n) = self.events.network.lock() {
            *n = Default::default();
        }
        let enforcing = self.enforcer.is_some();
        if enforcing {
            super::enforce::intercept(&self.cdp, &session_id, self.downloads_denied).await;
        }
        let s = Some(session_id.as_str());
        let (runtime, _, state, attach) = tokio::join!(
            // Runtime events feed diagnostics (console, exceptions) and report the agent's
            // worlds.
            self.cdp
                .call_raw(s, "Runtime.enable", json!({}), CALL_TIMEOUT),
            self.cdp.call_raw(
                s,
                "Runtime.addBinding",
                json!({"name": MISSED_BINDING, "executionContextName": WORLD_NAME}),
                CALL_TIMEOUT,
            ),
            // A page that finished loading before it was selected sends no load event: ask.
            // (Its requests already in flight are not known; their ends are ignored.) A page
            // that does not answer at once (a dialog holds it) counts as loaded.
            self.cdp.call_raw(
                s,
                "Runtime.evaluate",
                json!({"expression": "document.readyState", "returnByValue": true}),
                Duration::from_millis(500),
            ),
            // Cross-origin iframes run in their own processes: attach them so they can be
            // driven (and, under host rules, held until their requests are intercepted).
            self.cdp.call_raw(
                s,
                "Target.setAutoAttach",
                json!({"autoAttach": true, "waitForDebuggerOnStart": enforcing, "flatten": true}),
                CALL_TIMEOUT,
            ),
        );
        runtime?;
        attach?;
        let loading = state.is_ok_and(|v| v["result"]["value"] != "complete");
        if !loading {
            if let Ok(mut n) = self.events.network.lock() {
                n.loaded();
            }
        }
        // Once the agent's world exists in the main frame, Chrome re-creates it (empty) in each
        // new document there on same-process navigations: one call fewer per observation.
        // (Runtime.enable above reported the worlds that exist already.)
        let has_world = self
            .events
            .agent_worlds
            .lock()
            .is_ok_and(|w| w.contains_key(&main_frame));
        if !has_world {
            let _ = self
                .cdp
                .call_raw(
                    s,
                    "Page.createIsolatedWorld",
                    json!({"frameId": main_frame, "worldName": WORLD_NAME,
                           "grantUniveralAccess": true}),
                    CALL_TIMEOUT,
                )
                .await;
        }
        self.agent_context = None;
        self.frame = None;
        self.events.document.fetch_add(1, Ordering::SeqCst);
        self.events.revision.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}
