//! `cookies` and `storageState`: the selected page's cookies (listed without their values, set,
//! cleared) and its saved login state (cookies plus local storage of the page's origin, saved to
//! an owner-only file and loaded from one), behind the `cookie-access` capability.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Largest storage-state file read.
const MAX_STATE_BYTES: u64 = 1024 * 1024;

/// `cookies`.
pub const COOKIES: Tool = Tool {
    name: "cookies",
    title: "Cookies",
    description: "The page's cookies: list (no values), set, or clear (all, or by name).",
    group: ToolGroup::Full,
    family: Family::DevTools,
    schema: input_schema::<CookiesArgs>,
    output: result_of::<CookiesResult>,
    effects: &[Effect::Cookies(When::Always)],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(CookiesArgs, run_cookies),
};

/// `storageState`.
pub const STORAGE_STATE: Tool = Tool {
    name: "storageState",
    title: "Saved login state",
    description: "Save the page's cookies and local storage to an owner-only file, or load them.",
    group: ToolGroup::Full,
    family: Family::DevTools,
    schema: input_schema::<StateArgs>,
    output: result_of::<StateResult>,
    effects: &[
        Effect::Cookies(When::Always),
        Effect::WritesFile("path", When::Is("action", "save")),
    ],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(StateArgs, run_state),
};

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum CookieAction {
    List,
    Set,
    Clear,
}

// One cookie to set (undocumented fields: their names are Chrome's own).
#[derive(Deserialize, Serialize, JsonSchema, Clone)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewCookie {
    #[schemars(length(min = 1))]
    name: String,
    #[schemars(length(max = 4096))]
    value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    domain: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    secure: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    http_only: Option<bool>,
}

/// Arguments of `cookies`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CookiesArgs {
    /// What to do.
    action: CookieAction,
    /// set: these (default domain: the page's).
    #[schemars(length(min = 1, max = 32))]
    cookies: Option<Vec<NewCookie>>,
    /// clear: only this cookie.
    #[schemars(length(min = 1, max = 256))]
    name: Option<String>,
}

/// A cookie as listed: everything but its value.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ListedCookie {
    name: String,
    domain: String,
    path: String,
    /// Unix seconds; -1 for a session cookie.
    expires: f64,
    http_only: bool,
    secure: bool,
    /// The value's length (the value itself is never shown).
    value_bytes: usize,
}

/// The result of `cookies`.
#[derive(Serialize, JsonSchema, Default)]
struct CookiesResult {
    /// list: the cookies sent to the page's URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    cookies: Option<Vec<ListedCookie>>,
    /// set: how many were set.
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<usize>,
    /// clear: how many were deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    deleted: Option<usize>,
}

fn text(v: &Value, k: &str) -> String {
    v[k].as_str().unwrap_or("").to_owned()
}

fn run_cookies(services: Arc<Services>, input: Call<CookiesArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut b = try_tool!(session_for(&services, &COOKIES).await);
        let url = try_tool!(b.pages().location().await).0;
        let mut out = CookiesResult::default();
        match a.action {
            CookieAction::List => {
                let all = try_tool!(b.storage().cookies_for(std::slice::from_ref(&url)).await);
                out.cookies = Some(
                    all.iter()
                        .map(|c| ListedCookie {
                            name: text(c, "name"),
                            domain: text(c, "domain"),
                            path: text(c, "path"),
                            expires: c["expires"].as_f64().unwrap_or(-1.0),
                            http_only: c["httpOnly"] == true,
                            secure: c["secure"] == true,
                            value_bytes: c["value"].as_str().map_or(0, str::len),
                        })
                        .collect(),
                );
            }
            CookieAction::Set => {
                let Some(cookies) = a.cookies else {
                    return args::invalid("cookies", "is required to set").into();
                };
                let params: Vec<Value> = cookies
                    .iter()
                    .map(|c| {
                        let mut p = json!(c);
                        if c.domain.is_none() {
                            p["url"] = json!(url);
                        }
                        p
                    })
                    .collect();
                try_tool!(b.storage().set_cookies(&params).await);
                out.set = Some(params.len());
            }
            CookieAction::Clear => {
                let all = try_tool!(b.storage().cookies_for(std::slice::from_ref(&url)).await);
                let mut n = 0;
                for c in all
                    .iter()
                    .filter(|c| a.name.as_deref().is_none_or(|w| c["name"] == w))
                {
                    try_tool!(
                        b.storage()
                            .delete_cookie(&text(c, "name"), &text(c, "domain"), &text(c, "path"))
                            .await
                    );
                    n += 1;
                }
                out.deleted = Some(n);
            }
        }
        ToolOutcome::ok(&out)
    })
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum StateAction {
    Save,
    Load,
}

/// Arguments of `storageState`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct StateArgs {
    /// What to do.
    action: StateAction,
    /// The file.
    #[schemars(length(min = 2, max = 4096))]
    path: String,
}

/// The result of `storageState`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct StateResult {
    /// The file.
    path: String,
    /// Cookies saved or loaded.
    cookies: usize,
    /// Local storage items saved or loaded.
    local_storage_items: usize,
    /// load: origins whose local storage waits for a page of theirs (load again there).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pending_origins: Vec<String>,
}

/// The saved state's file format.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SavedState {
    schema_version: u64,
    cookies: Vec<Value>,
    origins: Vec<SavedOrigin>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SavedOrigin {
    origin: String,
    local_storage: Vec<Value>,
}

/// The storage-state file format's version (2: signed).
const STATE_VERSION: u64 = 2;

/// The key Glass signs its storage-state files with: 32 random bytes kept owner-only in the
/// data directory, made on first use.
fn state_key() -> Result<Vec<u8>, ToolOutcome> {
    use std::io::Read;
    let path = crate::paths::data_dir().join("storage-state.key");
    if let Ok(k) = std::fs::read(&path) {
        if k.len() == 32 {
            return Ok(k);
        }
    }
    let mut k = vec![0u8; 32];
    let made = std::fs::File::open("/dev/urandom")
        .and_then(|mut r| r.read_exact(&mut k))
        .is_ok()
        && crate::files::private_dir(&crate::paths::data_dir()).is_ok()
        && crate::files::write_in_place(&path, &k).is_ok();
    if !made {
        return Err(args::invalid("path", "the data directory cannot hold the signing key").into());
    }
    Ok(k)
}

/// HMAC-SHA256 of a state's JSON, in lowercase hex.
fn mac(key: &[u8], state: &Value) -> String {
    use sha2::{Digest, Sha256};
    let mut k = [0u8; 64];
    k[..key.len().min(64)].copy_from_slice(&key[..key.len().min(64)]);
    let pad = |b: u8| k.iter().map(|x| x ^ b).collect::<Vec<u8>>();
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(serde_json::to_vec(state).unwrap_or_default())
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn run_state(services: Arc<Services>, input: Call<StateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let file = try_tool!(crate::tools::kernel::files::client_file(&a.path));
        let mut b = try_tool!(session_for(&services, &STORAGE_STATE).await);
        let url = try_tool!(b.pages().location().await).0;
        let origin = crate::store::knowledge::origin_of(&url);
        let shown = file.to_string_lossy().into_owned();
        match a.action {
            StateAction::Save => {
                let Some(origin) = origin else {
                    return args::invalid("action", "the page has no http(s) origin to save")
                        .into();
                };
                let cookies = try_tool!(b.storage().cookies_for(std::slice::from_ref(&url)).await);
                let items = try_tool!(b.storage().local_storage(&origin).await);
                let state = SavedState {
                    schema_version: STATE_VERSION,
                    cookies,
                    origins: vec![SavedOrigin {
                        origin,
                        local_storage: items,
                    }],
                };
                let body = serde_json::to_value(&state).unwrap_or_default();
                let key = try_tool!(state_key());
                let signed = json!({"mac": mac(&key, &body), "state": body});
                let bytes = serde_json::to_vec(&signed).unwrap_or_default();
                if crate::files::write_in_place(&file, &bytes).is_err() {
                    return args::invalid("path", "the file cannot be written").into();
                }
                ToolOutcome::ok(&StateResult {
                    path: shown,
                    cookies: state.cookies.len(),
                    local_storage_items: state.origins[0].local_storage.len(),
                    pending_origins: Vec::new(),
                })
            }
            StateAction::Load => {
                let too_big = std::fs::metadata(&file).map_or(true, |m| m.len() > MAX_STATE_BYTES);
                let key = try_tool!(state_key());
                // Only a file Glass saved: its MAC, keyed by a secret in the data directory,
                // must match what it holds.
                let state: Option<SavedState> = (!too_big)
                    .then(|| std::fs::read(&file).ok())
                    .flatten()
                    .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
                    .filter(|v| v["mac"].as_str() == Some(mac(&key, &v["state"]).as_str()))
                    .and_then(|mut v| serde_json::from_value(v["state"].take()).ok())
                    .filter(|s: &SavedState| s.schema_version == STATE_VERSION);
                let Some(state) = state else {
                    return args::invalid(
                        "path",
                        "is not a storage state Glass saved (at most 1 MiB)",
                    )
                    .into();
                };
                // Chrome takes back what it gave: the fields of a saved cookie it sets.
                let keep = [
                    "name", "value", "domain", "path", "secure", "httpOnly", "sameSite", "expires",
                ];
                let cookies: Vec<Value> = state
                    .cookies
                    .iter()
                    .map(|c| {
                        let mut p = Map::new();
                        for k in keep {
                            if let Some(v) = c.get(k).filter(|v| !v.is_null()) {
                                if k == "expires" && v.as_f64().is_some_and(|e| e < 0.0) {
                                    continue;
                                }
                                p.insert(k.into(), v.clone());
                            }
                        }
                        Value::Object(p)
                    })
                    .collect();
                // A saved cookie is set only for a host the rules allow.
                for c in &cookies {
                    try_tool!(crate::tools::kernel::gate::check_cookie_domain(
                        &services,
                        c["domain"].as_str().unwrap_or("")
                    ));
                }
                try_tool!(b.storage().set_cookies(&cookies).await);
                let mut items = 0;
                let mut pending = Vec::new();
                for o in &state.origins {
                    if origin.as_deref() == Some(o.origin.as_str()) {
                        try_tool!(
                            b.storage()
                                .set_local_storage(&o.origin, &o.local_storage)
                                .await
                        );
                        items += o.local_storage.len();
                    } else if !o.local_storage.is_empty() {
                        pending.push(crate::redact::bounded_text(&o.origin, 256));
                    }
                }
                ToolOutcome::ok(&StateResult {
                    path: shown,
                    cookies: cookies.len(),
                    local_storage_items: items,
                    pending_origins: pending,
                })
            }
        }
    })
}
