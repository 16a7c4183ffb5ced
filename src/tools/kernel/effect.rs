//! What a tool may do, as words a tool's entry declares: reads the page, navigates, types, writes
//! a file, and when (always, when an argument says so, as the page decides). The rules derived
//! from these declarations live in `effects`.

use serde_json::{Map, Value};

use crate::policy::Capability;

/// When an effect takes place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// On every call.
    Always,
    /// When this boolean argument is `true`.
    Flag(&'static str),
    /// When this argument is given.
    Given(&'static str),
    /// When this string argument has this value.
    Is(&'static str, &'static str),
    /// When some string inside this argument (at any depth) starts with this prefix, such as a
    /// field path of the `field:` kind.
    Mentions(&'static str, &'static str),
    /// As the page decides while the call runs (the focused field, a history entry, the steps
    /// of a batch): the handler asks through [`super::effects::on_page`].
    OnPage,
}

impl When {
    /// Whether the call's arguments settle the effect as taking place (`OnPage` never does).
    pub fn by_args(self, a: &Map<String, Value>) -> bool {
        let given = |k: &str| a.get(k).is_some_and(|v| !v.is_null());
        match self {
            When::Always => true,
            When::Flag(k) => a.get(k) == Some(&Value::Bool(true)),
            When::Given(k) => given(k),
            When::Is(k, v) => a.get(k).and_then(Value::as_str) == Some(v),
            When::Mentions(k, prefix) => a.get(k).is_some_and(|v| mentions(v, prefix)),
            When::OnPage => false,
        }
    }

    /// Whether the effect may take place in this call (its arguments, or the page, may say so).
    pub fn may(self, a: &Map<String, Value>) -> bool {
        self == When::OnPage || self.by_args(a)
    }
}

/// Whether a string inside `v`, at any depth, starts (after spaces) with `prefix`.
fn mentions(v: &Value, prefix: &str) -> bool {
    match v {
        Value::String(s) => s.trim_start().starts_with(prefix),
        Value::Array(a) => a.iter().any(|x| mentions(x, prefix)),
        Value::Object(m) => m.values().any(|x| mentions(x, prefix)),
        _ => false,
    }
}

/// Where a navigation goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// To the URL in this argument (absent: `about:blank`), in the selected or a new page.
    Url(&'static str, Tab),
    /// A reload of the selected page, when this applies.
    Reload(When),
    /// Where the page, a history entry or a step says.
    OnPage,
}

/// Which page a URL opens in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The selected page.
    Selected,
    /// A new page.
    New,
}

/// One thing a tool does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Reads the page (its elements, text, requests, console); never changes it.
    ReadsPage,
    /// Reads the values of form fields.
    ReadsFormValues(When),
    /// Reads query values or bodies of the page's requests.
    ReadsNetworkDetails(When),
    /// Captures the page's pixels (a screenshot, a PDF).
    CapturesPixels(When),
    /// Navigates a page.
    Navigates(Nav),
    /// Sends input to the page (pointer, keys, a dialog's answer, scrolling, a form's values).
    Input,
    /// May produce text in a field: typing into a password field is decided on the page.
    ProducesText,
    /// Writes a file at the client's path in this argument.
    WritesFile(&'static str, When),
    /// Keeps page-derived data beyond the call (snapshots, traces, checkpoints, knowledge).
    Persists(When),
    /// Reads or changes cookies and web storage directly.
    Cookies(When),
    /// Runs script in the page.
    Evaluates,
    /// Clicks at a coordinate, with no element to check.
    ClicksCoordinate,
    /// Gives local files to the page.
    Uploads(When),
    /// Saves a file the page downloads.
    Downloads,
    /// Changes which page or frame later calls act on, or what the browser emulates.
    Steers,
    /// Closes a page, with whatever it held.
    ClosesPage,
    /// Learns what worked on a site, kept as knowledge (only from verified outcomes).
    Learns,
    /// Changes or deletes Glass's kept knowledge.
    ChangesKnowledge,
    /// Deletes records for good: asks for a confirmation whatever the policy says.
    Deletes,
    /// Runs other tools' calls (each through the call path) under one confirmation.
    RunsSteps,
    /// Takes or gives up the daemon's mutation lease (never needs it itself).
    Leases,
    /// May take a step that cannot be undone (a submit, a purchase), decided on the page:
    /// asks for a confirmation whatever the policy says.
    Irreversible,
}

impl Effect {
    /// The policy capability the effect needs, and when.
    pub fn capability(self) -> Option<(Capability, When)> {
        Some(match self {
            Effect::ReadsFormValues(w) => (Capability::ReadFormValues, w),
            Effect::ReadsNetworkDetails(w) => (Capability::NetworkDetails, w),
            Effect::CapturesPixels(w) => (Capability::Screenshot, w),
            Effect::Navigates(Nav::Url(..)) => (Capability::Navigate, When::Always),
            Effect::Navigates(Nav::Reload(w)) => (Capability::Navigate, w),
            Effect::Navigates(Nav::OnPage) => (Capability::Navigate, When::OnPage),
            Effect::ProducesText => (Capability::PasswordInput, When::OnPage),
            Effect::Cookies(w) => (Capability::CookieAccess, w),
            Effect::Evaluates => (Capability::Evaluate, When::Always),
            Effect::ClicksCoordinate => (Capability::CoordinateInput, When::Always),
            Effect::Uploads(w) => (Capability::Upload, w),
            Effect::Downloads => (Capability::Download, When::Always),
            Effect::ChangesKnowledge => (Capability::KnowledgeStore, When::Always),
            Effect::Persists(w) => (Capability::PersistPageData, w),
            Effect::Learns => (Capability::KnowledgeStore, When::OnPage),
            _ => return None,
        })
    }

    /// Whether the effect only reads.
    pub fn reads_only(self) -> bool {
        matches!(
            self,
            Effect::ReadsPage
                | Effect::ReadsFormValues(_)
                | Effect::ReadsNetworkDetails(_)
                | Effect::CapturesPixels(_)
        )
    }

    /// When the effect takes place.
    pub fn when(self) -> When {
        match self {
            Effect::ReadsFormValues(w)
            | Effect::ReadsNetworkDetails(w)
            | Effect::CapturesPixels(w)
            | Effect::Navigates(Nav::Reload(w))
            | Effect::WritesFile(_, w)
            | Effect::Persists(w)
            | Effect::Cookies(w)
            | Effect::Uploads(w) => w,
            Effect::Navigates(Nav::OnPage)
            | Effect::Learns
            | Effect::ProducesText
            | Effect::RunsSteps
            | Effect::Irreversible => When::OnPage,
            _ => When::Always,
        }
    }

    /// What a confirmation says the effect would do: the destination's host or a count, never
    /// an argument's text.
    pub fn summary(self, a: &Map<String, Value>) -> String {
        match self {
            Effect::Navigates(Nav::Url(arg, into)) => {
                let url = a.get(arg).and_then(Value::as_str).unwrap_or("about:blank");
                format!(
                    "open {} in {}",
                    destination(url),
                    match into {
                        Tab::Selected => "the selected page",
                        Tab::New => "a new page",
                    }
                )
            }
            Effect::Navigates(_) => "reload the selected page".into(),
            Effect::ReadsFormValues(_) => "read the values of form fields".into(),
            Effect::ReadsNetworkDetails(_) => {
                "read query values or bodies of the page's requests".into()
            }
            Effect::CapturesPixels(_) => "capture the page's pixels (a screenshot or a PDF)".into(),
            Effect::Cookies(_) => "read or change the page's cookies and local storage".into(),
            Effect::Evaluates => "run JavaScript in the page".into(),
            Effect::ClicksCoordinate => "click at a point of the page".into(),
            Effect::Uploads(_) => format!(
                "give {} local file(s) to a file input of the page",
                a.get("files").and_then(Value::as_array).map_or(0, Vec::len)
            ),
            Effect::Downloads => match a.get("directory").and_then(Value::as_str) {
                Some(d) => format!(
                    "save the next download of the page into {}",
                    crate::redact::bounded_text(d, 200)
                ),
                None => "save the next download of the page into Glass's downloads folder".into(),
            },
            Effect::ChangesKnowledge => "change Glass's kept knowledge".into(),
            Effect::Deletes => "delete every knowledge record of one origin".into(),
            Effect::Persists(_) => "keep what the page showed after the session".into(),
            Effect::ProducesText => "type into a password field".into(),
            _ => String::new(),
        }
    }
}

/// What a confirmation summary says about where a URL goes: its host, or its scheme for
/// URLs without one (`about:`, `data:`).
pub fn destination(url: &str) -> String {
    match crate::policy::scheme_and_host(url) {
        Some((_, host)) if !host.is_empty() => crate::redact::bounded_text(&host, 253),
        Some((scheme, _)) => format!("a {} URL", crate::redact::bounded_text(&scheme, 16)),
        None => "a URL".to_owned(),
    }
}
