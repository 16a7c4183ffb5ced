//! The wire vocabulary of tool failures: every `kind` and `failureKind` a client can see.
//!
//! A tool failure is a [`Failure`], built only from these enums, so a new failure cannot reach
//! a client without a name here, and `docs/mcp.md`'s failure table is checked against this list
//! by a test. Strings the page agent returns are mapped onto it ([`FailureKind::from_agent`]),
//! never passed through.

use serde_json::{Map, Value};

/// Declares a wire enum: its variants, their wire names and what each means to a client.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])* $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $wire:literal $(in $kind:ident)?, $meaning:literal;)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* #[doc = $meaning] $variant,)*
        }

        impl $name {
            /// Every value, in the order of the docs table.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The name on the wire.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire,)*
                }
            }

            /// What it tells a client, as the docs table says it.
            pub fn meaning(self) -> &'static str {
                match self {
                    $($name::$variant => $meaning,)*
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                // Two kinds of failure may share a wire name (`timeout`): list each once.
                let mut names: Vec<&str> = Vec::new();
                for name in [$($wire,)*] {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                schemars::json_schema!({"type": "string", "enum": names})
            }
        }
    };
}

wire_enum! {
    /// A failure's `kind`: which rule or part of Glass stopped the call.
    Kind {
        InvalidArguments = "invalidArguments", "an argument breaks the tool's input schema; `path` names it and `reason` the rule";
        Targeting = "targeting", "the target did not resolve to exactly one element that can take the action";
        Verification = "verification", "the action ran but its effect did not show (a field not cleared, a box not checked)";
        Contract = "contract", "`expectedRevision` no longer matches the page; nothing was sent";
        Policy = "policy", "the policy refuses the capability or the URL";
        ConfirmationRequired = "confirmationRequired", "the policy asks for confirmation: repeat the call with `confirmToken`";
        ConfirmationRejected = "confirmationRejected", "the `confirmToken` given cannot be spent on this call";
        NotConfirmed = "notConfirmed", "the person was asked to confirm the action through the client and did not; nothing was done";
        Browser = "browser", "Chrome could not do what was asked";
        DialogOpen = "dialogOpen", "a JavaScript dialog is open; resolve it with `acceptDialog` or `dismissDialog`";
        NoDialog = "noDialog", "a dialog tool ran while no dialog was open";
        FillForm = "fillForm", "`fillForm` filled some fields but not all; `fields` says which, each with its `failureKind`";
        Navigation = "navigation", "`navigate` did not load the page: `outcome` is `error` (with `netError`), `timeout` or `blocked`";
        WaitTimeout = "waitTimeout", "the `wait` condition did not hold within `timeoutMs`";
        WaitInterrupted = "waitInterrupted", "a JavaScript dialog opened while `wait` waited";
        Evaluation = "evaluation", "the evaluated expression threw";
        Target = "target", "no tab, frame or execution has the id given";
        Popup = "popup", "`clickExpectPopup` did not get exactly one popup";
        Download = "download", "`download` got no file";
        Consent = "consent", "`dismissConsent` found no banner it knows, or not the choice asked for";
        TaskValidation = "taskValidation", "the task is not valid Task Protocol v1; `path` and `reason` say where";
        TaskCompilation = "taskCompilation", "the valid task cannot be compiled to a plan";
        TaskReconciliation = "taskReconciliation", "`executeTask`: the task does not match the live page (its scope or a target its inputs name is missing or not unique); `path` and `reason` say which, and nothing was dispatched";
        WorkflowValidation = "workflowValidation", "the workflow or its inputs are not valid Workflow v1 (or a step's arguments do not fit its tool); `path` and `reason` say where, and nothing ran";
        Checkpoint = "checkpoint", "`workflow` cannot resume the run, or `importCheckpoint` cannot take the checkpoint; `failureKind` says why and nothing ran";
        Lease = "lease", "`glass daemon` serves several clients and this call may change a page: it needs the mutation lease (the `lease` tool); `holder` and `expiresAt` say who holds the lease and until when";
        Store = "store", "the local store (run checkpoints, snapshots) cannot serve this call; browsing is not affected";
        Trace = "trace", "`performanceTrace` cannot do this now: `failureKind` says whether a trace is already recording or none is";
        WebIrValidation = "webIrValidation", "the draft is not valid Web IR v1; `path` and `reason` say where";
        Internal = "internal", "a fault inside Glass; the session keeps serving";
    }
}

wire_enum! {
    /// A failure's `failureKind`: the precise reason within its [`Kind`].
    FailureKind {
        InvalidLocator = "invalidLocator" in Targeting, "the page cannot read the CSS selector (a locator outside the grammar is `invalidArguments`)";
        NotFound = "notFound" in Targeting, "nothing matches the target";
        OutsideViewport = "outsideViewport" in Targeting, "`clickAt`: the point lies outside the viewport (`viewport` gives its size); nothing was clicked";
        NotVisible = "notVisible" in Targeting, "matches exist (`count`) but none is seen: hidden, clipped away, inert";
        Ambiguous = "ambiguous" in Targeting, "more than one element matches; `candidates` lists up to eight";
        StaleRef = "staleRef" in Targeting, "the ref's element is gone; `candidates` are fresh ones with its role and name";
        WrongFrame = "wrongFrame" in Targeting, "the ref belongs to another frame than the selected one";
        Disabled = "disabled" in Targeting, "the element is disabled";
        NotEditable = "notEditable" in Targeting, "the element does not take text";
        Unstable = "unstable" in Targeting, "the element kept moving for a second";
        FocusMoved = "focusMoved" in Targeting, "the page moved the focus to another element (`receivedBy`: role, name, tag) as this one took it; nothing was typed: type into that one, or look at the page";
        Blocked = "blocked" in Targeting, "another element (`blocker`: role, name, tag) would take the pointer event";
        NotActionable = "notActionable" in Targeting, "the element cannot take this action";
        NotCheckable = "notCheckable" in Targeting, "the element is not a checkbox, radio or switch";
        NoSuchOption = "noSuchOption" in Targeting, "the select has no option with that value or label; `options` lists up to 16 (value, label) and `optionCount` says how many there are";
        AmbiguousOption = "ambiguousOption" in Targeting, "several options have that label; `options` lists them: give one's value";
        NotInRange = "notInRange" in Targeting, "`fillForm` on a slider: it takes a number between its bounds and on its steps; it was not moved";
        NotSelect = "notSelect" in Targeting, "the element is not a select";
        NotFileInput = "notFileInput" in Targeting, "the element is not an enabled file input";
        UnresolvedFields = "unresolvedFields" in Targeting, "`fillForm`: some targets did not resolve, so nothing was filled";
        FieldInterrupted = "dialogOpened" in FillForm, "a JavaScript dialog opened while this field was filled";
        FieldBrowser = "browserFailed" in FillForm, "Chrome failed while this field was filled";
        NotCleared = "notCleared" in Verification, "the field still holds text after select-all and Backspace";
        NotToggled = "notToggled" in Verification, "`check`/`uncheck`: the element did not take the state";
        NotChosen = "notChosen" in Verification, "`select`/`fillForm` on a list that is no <select> (a combobox, a listbox): the option was pressed but the list does not show it chosen";
        NotSet = "notSet" in Verification, "`fillForm` on a slider: its keys (arrows, Page Up and Down, Home, End) did not bring it to the number";
        MissedTarget = "missedTarget" in Verification, "the press or keys went out but reached another element (`receivedBy`: role, name, tag): the page moved or covered the target as it was pressed, or moved the focus away; look at the page before repeating";
        NotKept = "notKept" in Verification, "`type`/`fillForm`: the keys went out, but the field does not hold their text (`held`: fewer, more or other characters): the page cut, refused or added some; read the field before typing again (an Enter asked for was not pressed)";
        NotDropped = "notDropped" in Verification, "`drag`: the page left everything as it was before the drag (`dragged`: role, name, tag of the dragged element): it did not take the drop there; look at the page before repeating";
        StaleRevision = "staleRevision" in Contract, "the page changed since `expectedRevision`";
        StaleContinuation = "staleContinuation" in Contract, "`extractStructured`: the page changed since the continuation was given (its revision, URL or the rows it pages through); extract again from the start";
        DeniedHost = "deniedHost" in Policy, "a deny rule matches the URL's host";
        HostNotAllowed = "hostNotAllowed" in Policy, "no allow rule matches the URL's host";
        SchemeNotAllowed = "schemeNotAllowed" in Policy, "the URL's scheme is not http, https, about:blank or data";
        MalformedUrl = "malformedUrl" in Policy, "the URL does not parse";
        FocusMovedToPassword = "focusMovedToPassword" in Policy, "the page moved focus into a password field while keys were sent; the rest were not";
        UnconfirmedStep = "unconfirmedStep" in Policy, "a step of a `batch` or `executeTask` met a capability to confirm that the check before the first step could not foresee (its target was not on the page yet); nothing was sent: run that step on its own";
        UnknownToken = "unknownToken" in ConfirmationRejected, "the token is unknown or already spent";
        ExpiredToken = "expiredToken" in ConfirmationRejected, "the token expired; call again without it";
        TokenMismatch = "tokenMismatch" in ConfirmationRejected, "the token was issued for another call or another page";
        PersonConfirms = "personConfirms" in ConfirmationRejected, "under `--confirm-by person` only the person confirms, through the client; a `confirmToken` argument is not taken";
        NotSecretField = "notSecretField" in Policy, "a stored secret is typed only into a password or credential field; nothing was typed";
        SecretHostNotBound = "secretHostNotBound" in Policy, "the stored secret is not bound to the host of the field's page (`glass secrets set NAME --host HOST`); nothing was typed";
        NoPersonToAsk = "noPersonToAsk" in Policy, "the action needs the person's confirmation (`--confirm-by person`) and this client cannot ask one (it did not declare the `elicitation` capability); nothing was done";
        Declined = "declined" in NotConfirmed, "the person declined";
        Dismissed = "dismissed" in NotConfirmed, "the person dismissed the question without choosing";
        Unanswered = "unanswered" in NotConfirmed, "no answer came in time, or the client could not show the question";
        Unavailable = "unavailable" in Browser, "Chrome could not be started or attached; `reason` says why";
        Closed = "closed" in Browser, "the connection to Chrome broke; the next call starts a fresh session";
        Timeout = "timeout" in Browser, "Chrome did not answer in time";
        NoHistory = "noHistory" in Navigation, "`goBack`/`goForward`: the tab has no earlier (later) page in its history";
        Refused = "refused" in Browser, "Chrome refused the operation";
        NoPage = "noPage" in Browser, "no tab is selected";
        Agent = "agent" in Browser, "Glass's page agent failed on this page";
        FrameGone = "frameGone" in Browser, "the selected frame no longer exists";
        RendererHung = "rendererHung" in Browser, "the page's renderer has not answered for 5 s; `navigate` recovers the tab";
        RendererCrashed = "rendererCrashed" in Browser, "the page's renderer crashed; `navigate` recovers the tab";
        Exception = "exception" in Evaluation, "it threw; `exception` is the class when built in, else `Error`";
        UnknownTarget = "unknownTarget" in Target, "no open tab has this id";
        UnknownFrame = "unknownFrame" in Target, "the page has no frame with this id";
        UnknownExecution = "unknownExecution" in Target, "no call of this session has this executionId (the journal keeps the last 256)";
        NoPopup = "noPopup" in Popup, "the click opened no popup";
        MultiplePopups = "multiplePopups" in Popup, "the click opened several popups";
        PopupClosed = "popupClosed" in Popup, "the popup closed before it was ready";
        DownloadTimeout = "timeout" in Download, "no download finished within `timeoutMs`";
        Canceled = "canceled" in Download, "the download was canceled";
        TooLarge = "tooLarge" in Download, "the download passed `--download-max-mb`; the file is deleted";
        SaveFailed = "saveFailed" in Download, "the file could not be saved or read in the directory";
        LeaseHeld = "leaseHeld" in Lease, "another client holds the lease until `expiresAt`; reads still work";
        LeaseRequired = "leaseRequired" in Lease, "no client holds the lease and others share the browser: call `lease` with action `acquire` first";
        UnknownRun = "unknownRun" in Checkpoint, "no checkpoint of this run is kept (the last 64 runs are)";
        CheckpointMismatch = "checkpointMismatch" in Checkpoint, "the checkpoint was made for another workflow document, other inputs, another policy or another format; `reason` says which";
        RunComplete = "runComplete" in Checkpoint, "every step of the run is done; run the workflow anew";
        ResumeBlocked = "resumeBlocked" in Checkpoint, "a step's input went out and its effect is unverified or unknown (`step`, `state`): check the page, then resume with `resolve: {STEP: done or rerun}`";
        StoreUnavailable = "storeUnavailable" in Store, "the store cannot be opened, read or written (`store`: locked, corrupt, tooNew or io, where known); `reason` says what to do";
        UnknownSnapshot = "unknownSnapshot" in Target, "no snapshot has this id (`sessionSnapshot` list shows them)";
        UnknownRecord = "unknownRecord" in Target, "no knowledge record has this id (`knowledgeList` shows them)";
        UnknownRequest = "unknownRequest" in Target, "no request of the page's current document has this id (`listRequests` shows them)";
        TraceRunning = "traceRunning" in Trace, "a trace is already recording in this session; stop it first";
        NoTrace = "noTrace" in Trace, "no trace is recording; start one first";
        NoConsentFound = "no_consent_found" in Consent, "no recognized consent banner is visible";
        ChoiceUnavailable = "choice_unavailable" in Consent, "the banner offers no such choice on its first layer";
    }
}

impl FailureKind {
    /// The [`Kind`] this failure kind belongs to.
    pub fn kind(self) -> Kind {
        use FailureKind::*;
        match self {
            InvalidLocator | NotFound | OutsideViewport | NotVisible | Ambiguous | StaleRef
            | WrongFrame | Disabled | NotEditable | Unstable | FocusMoved | Blocked
            | NotActionable | NotCheckable | NoSuchOption | AmbiguousOption | NotInRange
            | NotSelect | NotFileInput | UnresolvedFields => Kind::Targeting,
            NotCleared | NotToggled | NotChosen | NotSet | MissedTarget | NotDropped | NotKept => {
                Kind::Verification
            }
            FieldInterrupted | FieldBrowser => Kind::FillForm,
            StaleRevision | StaleContinuation => Kind::Contract,
            DeniedHost | HostNotAllowed | SchemeNotAllowed | MalformedUrl
            | FocusMovedToPassword | UnconfirmedStep | NoPersonToAsk | NotSecretField
            | SecretHostNotBound => Kind::Policy,
            UnknownToken | ExpiredToken | TokenMismatch | PersonConfirms => {
                Kind::ConfirmationRejected
            }
            Declined | Dismissed | Unanswered => Kind::NotConfirmed,
            Unavailable | Closed | Timeout | Refused | NoPage | Agent | FrameGone
            | RendererHung | RendererCrashed => Kind::Browser,
            Exception => Kind::Evaluation,
            UnknownTarget | UnknownFrame | UnknownExecution | UnknownSnapshot | UnknownRecord
            | UnknownRequest => Kind::Target,
            NoPopup | MultiplePopups | PopupClosed => Kind::Popup,
            DownloadTimeout | Canceled | TooLarge | SaveFailed => Kind::Download,
            NoConsentFound | ChoiceUnavailable => Kind::Consent,
            NoHistory => Kind::Navigation,
            UnknownRun | CheckpointMismatch | RunComplete | ResumeBlocked => Kind::Checkpoint,
            StoreUnavailable => Kind::Store,
            TraceRunning | NoTrace => Kind::Trace,
            LeaseHeld | LeaseRequired => Kind::Lease,
        }
    }

    /// The targeting failure a page-agent answer names, if it is one Glass reports: anything
    /// else the agent says is never shown to a client as is.
    pub fn from_agent(s: &str) -> Option<FailureKind> {
        FailureKind::ALL
            .iter()
            .copied()
            .find(|f| f.kind() == Kind::Targeting && f.as_str() == s)
    }
}

impl Kind {
    /// The kind with this wire name, for bodies built by the pure modules.
    pub fn from_wire(s: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.as_str() == s)
    }
}

/// A tool failure as the client sees it: `kind`, then `failureKind` when there is one, then
/// bounded fields. It never carries selectors, typed text, evaluated source, raw page text or
/// raw CDP messages: its fields are fixed texts, counts, refs and bounded summaries.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    kind: Kind,
    failure: Option<FailureKind>,
    fields: Map<String, Value>,
}

impl Failure {
    /// A failure of `kind` with a fixed `reason`.
    pub fn new(kind: Kind, reason: impl Into<String>) -> Failure {
        Failure::bare(kind).with("reason", reason.into())
    }

    /// A failure of `failure` (its kind implied) with a fixed `reason`.
    pub fn of(failure: FailureKind, reason: impl Into<String>) -> Failure {
        Failure {
            kind: failure.kind(),
            failure: Some(failure),
            fields: Map::new(),
        }
        .with("reason", reason.into())
    }

    /// A failure of `kind` with no fields yet.
    pub fn bare(kind: Kind) -> Failure {
        Failure {
            kind,
            failure: None,
            fields: Map::new(),
        }
    }

    /// An `invalidArguments` failure at `path` (an argument's name, never its value).
    pub fn invalid_argument(path: &str, reason: impl Into<String>) -> Failure {
        Failure::bare(Kind::InvalidArguments)
            .with("path", path)
            .with("reason", reason.into())
    }

    /// The same failure with one more field (replacing one of the same name).
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Failure {
        self.fields.insert(key.to_owned(), value.into());
        self
    }

    /// The same failure with these fields added.
    pub fn extend(mut self, fields: Map<String, Value>) -> Failure {
        self.fields.extend(fields);
        self
    }

    /// The same failure carrying a typed result's fields (a `navigate` or `fillForm` that
    /// did not do all it was asked still reports what it did, in its result's shape).
    pub fn with_result(self, result: &impl serde::Serialize) -> Failure {
        match serde_json::to_value(result) {
            Ok(Value::Object(fields)) => self.extend(fields),
            _ => self,
        }
    }

    /// The same failure with `f` applied to each field's value (the call path takes every
    /// stored secret's value out of them).
    pub fn map_fields(mut self, f: impl FnMut(&mut Value)) -> Failure {
        self.fields.values_mut().for_each(f);
        self
    }

    /// Its kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Its failure kind, if it has one.
    pub fn failure_kind(&self) -> Option<FailureKind> {
        self.failure
    }

    /// One of its fields.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key)
    }

    /// The wire object: `kind`, `failureKind`, then the fields in the order they were added.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("kind".into(), Value::from(self.kind.as_str()));
        if let Some(f) = self.failure {
            obj.insert("failureKind".into(), Value::from(f.as_str()));
        }
        for (k, v) in &self.fields {
            if k != "kind" && k != "failureKind" {
                obj.insert(k.clone(), v.clone());
            }
        }
        Value::Object(obj)
    }

    /// A failure from a serialized `{kind, ...}` body of a pure module (task, Web IR); a kind
    /// outside the vocabulary becomes `internal`, so no unnamed kind reaches a client.
    pub fn from_body(body: Value) -> Failure {
        let Value::Object(mut obj) = body else {
            return Failure::new(Kind::Internal, "a failure had no fields");
        };
        let kind = obj
            .shift_remove("kind")
            .and_then(|k| k.as_str().and_then(Kind::from_wire));
        match kind {
            Some(kind) => {
                obj.shift_remove("failureKind");
                Failure::bare(kind).extend(obj)
            }
            None => Failure::new(Kind::Internal, "a failure had an unknown kind"),
        }
    }
}

impl serde::Serialize for Failure {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_are_unique_within_a_kind() {
        let mut seen = std::collections::HashSet::new();
        for f in FailureKind::ALL {
            assert!(seen.insert((f.kind(), f.as_str())), "{f:?} repeats");
        }
        let kinds: std::collections::HashSet<_> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(kinds.len(), Kind::ALL.len());
    }

    #[test]
    fn the_body_puts_kind_and_failure_kind_first() {
        let f = Failure::of(FailureKind::NotFound, "nothing matches").with("count", 0);
        assert_eq!(
            f.to_json().to_string(),
            r#"{"kind":"targeting","failureKind":"notFound","reason":"nothing matches","count":0}"#
        );
        assert_eq!(f.kind(), Kind::Targeting);
        assert_eq!(f.failure_kind(), Some(FailureKind::NotFound));
    }

    #[test]
    fn agent_strings_outside_the_targeting_vocabulary_are_not_taken() {
        assert_eq!(
            FailureKind::from_agent("notVisible"),
            Some(FailureKind::NotVisible)
        );
        assert_eq!(FailureKind::from_agent("stale"), None);
        assert_eq!(FailureKind::from_agent("timeout"), None);
        assert_eq!(FailureKind::from_agent("<script>"), None);
    }

    #[test]
    fn pure_module_bodies_keep_known_kinds_only() {
        let f = Failure::from_body(
            serde_json::json!({"kind": "taskValidation", "path": "$.x", "reason": "r"}),
        );
        assert_eq!(f.kind(), Kind::TaskValidation);
        assert_eq!(f.get("path").and_then(Value::as_str), Some("$.x"));
        assert_eq!(
            f.to_json().to_string(),
            r#"{"kind":"taskValidation","path":"$.x","reason":"r"}"#
        );
        let g = Failure::from_body(serde_json::json!({"kind": "madeUp"}));
        assert_eq!(g.kind(), Kind::Internal);
    }
}
