//! Checkpoints: the persisted record of each workflow run (one owner-only file per run under
//! the data directory, written before and after every step, so a run whose process was killed
//! can resume its safe suffix), and the session-position checkpoint of `exportCheckpoint` and
//! `importCheckpoint` (target, frame, revision, the last refs, the policy; never cookies,
//! form values or query strings).

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::args::Document;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::call::{call, nested};
use crate::tools::kernel::effect::{Effect, Nav};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;
use crate::workflow::Checkpoint;

/// Most bytes of an exported session checkpoint.
pub const MAX_SESSION_CHECKPOINT: usize = 4096;
/// Most refs a session checkpoint carries.
const MAX_REFS: usize = 24;

/// Runs whose checkpoints are kept; the oldest are deleted first.
pub const KEPT_RUNS: usize = 64;

/// The directory of run checkpoints and the key of their input digests; or, where the policy
/// keeps nothing of the page after the session (hardened, `--incognito`), this process's
/// memory only.
pub struct Store {
    dir: Option<PathBuf>,
}

fn unavailable(reason: &str) -> Failure {
    Failure::of(FailureKind::StoreUnavailable, reason)
}

/// Whether `id` has the shape of a run id Glass makes (`wf-` and 16 hex digits): nothing else
/// ever becomes a file name.
pub fn is_run_id(id: &str) -> bool {
    id.len() == 19
        && id.starts_with("wf-")
        && id[3..]
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A fresh run id.
pub fn new_run_id() -> String {
    let b = crate::confirm::random_bytes();
    format!(
        "wf-{}",
        b[..8]
            .iter()
            .map(|x| format!("{x:02x}"))
            .collect::<String>()
    )
}

/// What a run read and where it (and each step) left the page, whole, kept in this process
/// only (never on disk).
type RunMemory = std::collections::HashMap<String, Remembered>;

/// One run's whole URLs and read values.
#[derive(Clone)]
struct Remembered {
    url: Option<String>,
    step_urls: Vec<Option<String>>,
    values: Map<String, Value>,
}

fn run_memory() -> &'static std::sync::Mutex<RunMemory> {
    static MEMORY: std::sync::OnceLock<std::sync::Mutex<RunMemory>> = std::sync::OnceLock::new();
    MEMORY.get_or_init(Default::default)
}

/// A session that keeps nothing on disk: its checkpoints, in order made, and its digest key.
fn unkept() -> &'static std::sync::Mutex<Vec<Checkpoint>> {
    static RUNS: std::sync::OnceLock<std::sync::Mutex<Vec<Checkpoint>>> =
        std::sync::OnceLock::new();
    RUNS.get_or_init(Default::default)
}

impl Store {
    /// The store under Glass's data directory, created owner-only if missing.
    pub fn open() -> Result<Store, Failure> {
        let dir = crate::paths::data_dir().join("checkpoints");
        crate::files::private_dir(&dir)
            .map_err(|_| unavailable("the checkpoint directory cannot be created"))?;
        Ok(Store { dir: Some(dir) })
    }

    /// The store of a session that keeps nothing of the page after it ends: checkpoints live
    /// in this process's memory, so a run resumes here and nowhere else.
    pub fn in_memory() -> Store {
        Store { dir: None }
    }

    /// The key of input digests: made once per data directory, kept owner-only (once per
    /// process for a store in memory).
    pub fn key(&self) -> Result<Vec<u8>, Failure> {
        let Some(dir) = &self.dir else {
            static KEY: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
            return Ok(KEY
                .get_or_init(|| {
                    crate::confirm::random_bytes()
                        .iter()
                        .map(|x| format!("{x:02x}"))
                        .collect::<String>()
                        .into_bytes()
                })
                .clone());
        };
        let path = dir.join("key");
        if let Ok(text) = fs::read_to_string(&path) {
            if text.trim().len() == 32 {
                return Ok(text.trim().as_bytes().to_vec());
            }
        }
        let key: String = crate::confirm::random_bytes()
            .iter()
            .map(|x| format!("{x:02x}"))
            .collect();
        crate::files::write_in_place(&path, key.as_bytes())
            .map_err(|_| unavailable("the checkpoint key cannot be written"))?;
        Ok(key.into_bytes())
    }

    fn path(dir: &std::path::Path, run_id: &str) -> PathBuf {
        dir.join(format!("{run_id}.json"))
    }

    /// Write a run's checkpoint (whole, or the previous one stays). The file keeps only what
    /// resuming needs, without what the page showed: the page's URL with its query values
    /// replaced by `…`, and no value a step read. The whole URL and the values stay in this
    /// process's memory until the run completes, so a resume here restores them.
    pub fn save(&self, cp: &Checkpoint) -> Result<(), Failure> {
        let Some(dir) = &self.dir else {
            let mut runs = unkept()
                .lock()
                .map_err(|_| unavailable("the checkpoint memory is unusable"))?;
            runs.retain(|r| r.run_id != cp.run_id);
            runs.push(cp.clone());
            let extra = runs.len().saturating_sub(KEPT_RUNS);
            runs.drain(..extra);
            return Ok(());
        };
        if let Ok(mut m) = run_memory().lock() {
            if cp.complete {
                m.remove(&cp.run_id);
            } else {
                let remembered = Remembered {
                    url: cp.url.clone(),
                    step_urls: cp.steps.iter().map(|s| s.url.clone()).collect(),
                    values: cp.values.clone(),
                };
                m.insert(cp.run_id.clone(), remembered);
            }
        }
        let shown = |u: &Option<String>| {
            u.as_deref()
                .map(|u| crate::redact::url_with_query_names(u, false))
        };
        let mut kept = cp.clone();
        kept.url = shown(&cp.url);
        for step in &mut kept.steps {
            step.url = shown(&step.url);
        }
        kept.values = Map::new();
        let bytes = serde_json::to_vec(&kept).map_err(|_| unavailable("cannot encode"))?;
        crate::files::write_in_place(&Self::path(dir, &cp.run_id), &bytes)
            .map_err(|_| unavailable("the checkpoint cannot be written"))
    }

    /// A run's checkpoint.
    pub fn load(&self, run_id: &str) -> Result<Checkpoint, Failure> {
        if !is_run_id(run_id) {
            return Err(Failure::of(
                FailureKind::UnknownRun,
                "not a run id (wf- and 16 hex digits, from a workflow answer or its progress)",
            ));
        }
        let unknown = || Failure::of(FailureKind::UnknownRun, "no checkpoint of this run is kept");
        let Some(dir) = &self.dir else {
            return unkept()
                .lock()
                .ok()
                .and_then(|runs| runs.iter().find(|r| r.run_id == run_id).cloned())
                .ok_or_else(unknown);
        };
        let bytes = fs::read(Self::path(dir, run_id)).map_err(|_| unknown())?;
        let cp: Checkpoint = serde_json::from_slice(&bytes).map_err(|_| {
            Failure::of(
                FailureKind::CheckpointMismatch,
                "the checkpoint file is not one this Glass reads",
            )
        })?;
        if cp.schema_version != crate::workflow::SCHEMA_VERSION || cp.run_id != run_id {
            return Err(Failure::of(
                FailureKind::CheckpointMismatch,
                "the checkpoint file is not one this Glass reads",
            ));
        }
        let mut cp = cp;
        if let Some(r) = run_memory()
            .lock()
            .ok()
            .and_then(|m| m.get(run_id).cloned())
        {
            cp.url = r.url;
            for (step, url) in cp.steps.iter_mut().zip(r.step_urls) {
                step.url = url;
            }
            cp.values = r.values;
        }
        Ok(cp)
    }

    /// The newest unfinished run of this workflow document with these inputs.
    pub fn latest(&self, definition: &str, inputs: &str) -> Option<String> {
        self.runs()
            .into_iter()
            .rev()
            .filter_map(|(_, id)| self.load(&id).ok())
            .find(|cp| !cp.complete && cp.definition == definition && cp.inputs == inputs)
            .map(|cp| cp.run_id)
    }

    /// Run ids, oldest first.
    fn runs(&self) -> Vec<(std::time::SystemTime, String)> {
        let Some(dir) = &self.dir else {
            let runs = unkept().lock().map(|r| r.clone()).unwrap_or_default();
            return runs
                .into_iter()
                .map(|r| (std::time::SystemTime::UNIX_EPOCH, r.run_id))
                .collect();
        };
        let mut runs: Vec<_> = fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let id = name.strip_suffix(".json")?.to_owned();
                let modified = e.metadata().and_then(|m| m.modified()).ok()?;
                is_run_id(&id).then_some((modified, id))
            })
            .collect();
        runs.sort();
        runs
    }

    /// Delete the oldest checkpoints beyond [`KEPT_RUNS`].
    pub fn prune(&self) {
        let Some(dir) = &self.dir else {
            return; // kept to KEPT_RUNS as each is saved
        };
        let runs = self.runs();
        let extra = runs.len().saturating_sub(KEPT_RUNS);
        for (_, id) in runs.into_iter().take(extra) {
            let _ = fs::remove_file(Self::path(dir, &id));
        }
    }
}

/// A digest of the policy in force (preset, every capability's decision, host rules), so a
/// checkpoint made under one policy is not resumed or imported under another.
pub fn policy_digest(services: &Services) -> String {
    let p = &services.policy;
    let caps: Vec<Value> = crate::policy::Capability::ALL
        .iter()
        .map(|c| json!([c.as_str(), format!("{:?}", p.decide(*c))]))
        .collect();
    let hosts = |rules: &[crate::policy::HostRule]| -> Vec<Value> {
        rules
            .iter()
            .map(|r| json!([r.host(), r.subdomains()]))
            .collect()
    };
    let d = crate::workflow::digest(&json!({
        "preset": p.preset().as_str(),
        "caps": caps,
        "allow": hosts(p.allow_hosts()),
        "deny": hosts(p.deny_hosts()),
    }));
    d[..16].to_owned()
}

/// `exportCheckpoint`.
pub const EXPORT: Tool = Tool {
    name: "exportCheckpoint",
    title: "Export position",
    description: "The session's position (≤4 KiB) for importCheckpoint: tab, frame, URL without query, revision, newest refs, policy.",
    group: ToolGroup::Full,
    family: Family::Run,
    schema: input_schema::<NoArgs>,
    output: result_of::<Exported>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run_export),
};

/// `importCheckpoint`.
pub const IMPORT: Tool = Tool {
    name: "importCheckpoint",
    title: "Import position",
    description: "Return to an exportCheckpoint position: its tab (else URL), frame, refs found again. Claims nothing about earlier actions.",
    group: ToolGroup::Full,
    family: Family::Run,
    schema: input_schema::<ImportArgs>,
    output: result_of::<Imported>,
    effects: &[Effect::Navigates(Nav::OnPage), Effect::Steers],
    idempotent: false,
    needs: Needs::Browser,
    revision: RevisionRule::Changes,
    run: crate::handler!(ImportArgs, run_import),
};

/// No arguments.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

/// Arguments of `importCheckpoint`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ImportArgs {
    /// exportCheckpoint's checkpoint.
    checkpoint: Document,
}

/// One ref a session checkpoint carries.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SavedRef {
    /// The ref.
    r#ref: String,
    /// Its role then.
    role: String,
    /// Its accessible name then (bounded).
    name: String,
}

/// A session checkpoint: where the session stood, nothing it typed or stored.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct SessionCheckpoint {
    /// Always 1.
    schema_version: u64,
    /// Always glassSession.
    kind: String,
    /// The tab's targetId.
    target: String,
    /// The selected frame's id, or main.
    frame: String,
    /// The page's URL without its query or fragment.
    url: String,
    /// The page revision then.
    revision: u64,
    /// The newest refs, with role and name.
    refs: Vec<SavedRef>,
    /// The policy then (a digest).
    policy: String,
}

/// The result of `exportCheckpoint`.
#[derive(Debug, Serialize, JsonSchema)]
struct Exported {
    /// Give it to importCheckpoint.
    #[schemars(extend("x-glassPageContent" = true))]
    checkpoint: SessionCheckpoint,
    /// Its size in bytes (at most 4096).
    bytes: usize,
}

/// A ref found again.
#[derive(Debug, Serialize, JsonSchema)]
struct Moved {
    /// The checkpoint's ref.
    from: String,
    /// The ref of the same role and name now.
    to: String,
}

/// The result of `importCheckpoint`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Imported {
    /// sameTab (its tab is open and now selected) or reopened (its URL opened in the
    /// selected tab; what earlier actions did there is not claimed).
    target: &'static str,
    /// Whether its URL (without query) was opened again because the tab showed another.
    navigated: bool,
    /// The selected frame: the checkpoint's, or main if it is gone.
    frame: String,
    /// The revision in the checkpoint.
    from_revision: u64,
    /// The page revision now.
    revision: u64,
    /// Refs that still name their element.
    preserved: Vec<String>,
    /// Refs whose element (same role and name, unique) has a new ref.
    relocated: Vec<Moved>,
    /// Refs with no unique element of their role and name now.
    lost: Vec<String>,
}

fn run_export(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let mut b = try_tool!(session_for(&services, &EXPORT).await);
        let target = b
            .selected_tab()
            .map(|t| t.target_id.clone())
            .unwrap_or_default();
        let frame = b.selected_frame().unwrap_or("main").to_owned();
        let url = match b.pages().location().await {
            Ok((url, _)) => crate::redact::url_without_query(&url),
            Err(e) => return crate::tools::kernel::browser::browser_failure(&e),
        };
        let mut cp = SessionCheckpoint {
            schema_version: 1,
            kind: "glassSession".into(),
            target,
            frame,
            url: crate::redact::bounded_text(&url, 1024),
            revision: b.revision(),
            refs: b
                .newest_refs(MAX_REFS)
                .into_iter()
                .map(|(r, role, name)| SavedRef {
                    r#ref: r,
                    role,
                    name: crate::redact::bounded_text(&name, 64),
                })
                .collect(),
            policy: policy_digest(&services),
        };
        // Whole refs are dropped, oldest first, until it fits.
        let mut bytes = serde_json::to_vec(&cp).map_or(usize::MAX, |v| v.len());
        while bytes > MAX_SESSION_CHECKPOINT && !cp.refs.is_empty() {
            cp.refs.pop();
            bytes = serde_json::to_vec(&cp).map_or(usize::MAX, |v| v.len());
        }
        ToolOutcome::ok(&Exported {
            checkpoint: cp,
            bytes,
        })
    })
}

fn mismatch(reason: &str) -> ToolOutcome {
    ToolOutcome::Failed(Failure::of(FailureKind::CheckpointMismatch, reason))
}

fn run_import(services: Arc<Services>, input: Call<ImportArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let raw = a.checkpoint.to_value();
        if raw.to_string().len() > MAX_SESSION_CHECKPOINT {
            return mismatch("a session checkpoint is at most 4096 bytes");
        }
        let Ok(cp) = serde_json::from_value::<SessionCheckpoint>(raw) else {
            return mismatch("not a session checkpoint from exportCheckpoint");
        };
        if cp.schema_version != 1 || cp.kind != "glassSession" {
            return mismatch("not a session checkpoint from exportCheckpoint");
        }
        if cp.policy != policy_digest(&services) {
            return mismatch("the checkpoint was made under another policy");
        }
        // Its tab if it is open; else its URL in the selected tab (within the host rules).
        let open = {
            let mut b = try_tool!(session_for(&services, &IMPORT).await);
            b.tabs()
                .list()
                .await
                .map(|tabs| tabs.iter().any(|t| t.target_id == cp.target))
                .unwrap_or(false)
        };
        if open {
            let selected = call(
                &services,
                &crate::tools::tabs::targets::SELECT,
                obj(json!({"targetId": cp.target})),
            );
            if let ToolOutcome::Failed(f) = selected.await {
                return ToolOutcome::Failed(f);
            }
        }
        // The checkpoint's page, opened again (a GET of its URL without query) when the tab
        // shows another.
        let here = {
            let mut b = try_tool!(session_for(&services, &IMPORT).await);
            match b.page() {
                Ok(_) => b
                    .pages()
                    .location()
                    .await
                    .ok()
                    .map(|(u, _)| crate::redact::url_without_query(&u)),
                Err(_) => None,
            }
        };
        let navigated = here.as_deref() != Some(cp.url.as_str());
        if navigated {
            if cp.url.is_empty() || cp.url == "about:blank" {
                return mismatch("the checkpoint's page is gone and it has no URL to open");
            }
            let opened = call(
                &services,
                &crate::tools::page::navigate::NAVIGATE,
                obj(json!({"url": cp.url, "observe": false})),
            );
            if let ToolOutcome::Failed(f) = opened.await {
                return ToolOutcome::Failed(f);
            }
        }
        let target = if open { "sameTab" } else { "reopened" };
        let frame = if cp.frame != "main" {
            let (_, ok) = nested(
                call(
                    &services,
                    &crate::tools::tabs::targets::SELECT_FRAME,
                    obj(json!({"frameId": cp.frame})),
                )
                .await,
            );
            if ok {
                cp.frame.clone()
            } else {
                "main".to_owned()
            }
        } else {
            "main".to_owned()
        };
        let mut b = try_tool!(session_for(&services, &IMPORT).await);
        let mut out = Imported {
            target,
            navigated,
            frame,
            from_revision: cp.revision,
            revision: 0,
            preserved: Vec::new(),
            relocated: Vec::new(),
            lost: Vec::new(),
        };
        for saved in &cp.refs {
            if !navigated && target == "sameTab" && b.actions().resolve(&saved.r#ref).await.is_ok()
            {
                out.preserved.push(saved.r#ref.clone());
                continue;
            }
            let locator = if saved.name.is_empty() {
                format!("role={}", saved.role)
            } else {
                format!("role={};name={}", saved.role, saved.name)
            };
            match b.actions().resolve(&locator).await {
                Ok(now) if !saved.name.is_empty() => out.relocated.push(Moved {
                    from: saved.r#ref.clone(),
                    to: now.r,
                }),
                _ => out.lost.push(saved.r#ref.clone()),
            }
        }
        out.revision = b.revision();
        ToolOutcome::ok(&out)
    })
}

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unfinished (or finished) run of the document `definition` with inputs `inputs`.
    fn run(definition: &str, inputs: &str, complete: bool) -> crate::workflow::Checkpoint {
        crate::workflow::Checkpoint {
            schema_version: 1,
            run_id: new_run_id(),
            workflow: "w".into(),
            definition: definition.into(),
            inputs: inputs.into(),
            policy: String::new(),
            steps: Vec::new(),
            url: None,
            complete,
            values: Map::new(),
        }
    }

    /// `resume: "latest"`: the newest unfinished run of the same document and inputs, never
    /// an older one, a finished one or another document's.
    #[test]
    fn latest_is_the_newest_unfinished_run_of_the_same_document_and_inputs() {
        let store = Store::in_memory();
        let (older, newer) = (run("doc-l", "in", false), run("doc-l", "in", false));
        for cp in [
            &older,
            &newer,
            &run("doc-l", "in", true),
            &run("doc-l", "other inputs", false),
            &run("another doc", "in", false),
        ] {
            store.save(cp).unwrap();
        }
        assert_eq!(store.latest("doc-l", "in"), Some(newer.run_id.clone()));
        assert_eq!(store.latest("doc-none", "in"), None);
    }

    #[test]
    fn run_ids_are_the_only_file_names() {
        let id = new_run_id();
        assert!(is_run_id(&id), "{id}");
        for bad in [
            "../etc/passwd",
            "wf-0123456789abcdeg",
            "wf-0123",
            "xx-0123456789abcdef",
        ] {
            assert!(!is_run_id(bad), "{bad}");
        }
    }

    // Covers: W38 file 0600, W39/W68 no query value or read value in the file, W69 this process keeps
    // the whole URL and values until the run completes, W40 the 64 newest runs are kept (ages set
    // explicitly, so no clock grain decides), a pruned run is unknownRun, `latest` on disk, and a
    // file this Glass cannot read (or renamed to another id) is checkpointMismatch.

    /// A store on disk, in a fresh folder of its own under the temporary directory.
    fn on_disk(tag: &str) -> (Store, PathBuf) {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "glass-unit-checkpoints-{}-{tag}-{nanos}",
            std::process::id()
        ));
        crate::files::private_dir(&dir).unwrap();
        (
            Store {
                dir: Some(dir.clone()),
            },
            dir,
        )
    }

    #[test]
    fn a_file_is_owner_only_keeps_no_page_value_and_this_process_keeps_the_rest() {
        use std::os::unix::fs::PermissionsExt;
        let (store, dir) = on_disk("file");
        let mut cp = run("doc", "in", false);
        cp.url = Some("http://h.test/p?tok=QSECRET".into());
        cp.steps.push(crate::workflow::StepRecord {
            id: "open".into(),
            state: crate::workflow::StepState::Done,
            execution_id: None,
            revision: None,
            url: Some("http://h.test/s?id=SSECRET".into()),
        });
        cp.values.insert("read.tok".into(), json!("VSECRET"));
        store.save(&cp).unwrap();
        let path = dir.join(format!("{}.json", cp.run_id));
        let text = fs::read_to_string(&path).unwrap();
        for secret in ["QSECRET", "SSECRET", "VSECRET"] {
            assert!(!text.contains(secret), "{text}");
        }
        assert!(text.contains("tok=…") && text.contains("id=…"), "{text}");
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        let back = store.load(&cp.run_id).unwrap();
        assert_eq!(back.url.as_deref(), Some("http://h.test/p?tok=QSECRET"));
        assert_eq!(
            back.steps[0].url.as_deref(),
            Some("http://h.test/s?id=SSECRET")
        );
        assert_eq!(back.values["read.tok"], json!("VSECRET"));
        cp.complete = true;
        store.save(&cp).unwrap();
        let done = store.load(&cp.run_id).unwrap();
        assert!(done.complete && done.values.is_empty(), "{done:?}");
        assert!(!done.url.unwrap_or_default().contains("QSECRET"));
    }

    #[test]
    fn the_newest_64_runs_are_kept_and_a_pruned_one_is_unknown() {
        let (store, dir) = on_disk("prune");
        let mut ids = Vec::new();
        for i in 0..(KEPT_RUNS as u64 + 6) {
            let cp = run("doc-p", "in", false);
            store.save(&cp).unwrap();
            let f = fs::File::options()
                .write(true)
                .open(dir.join(format!("{}.json", cp.run_id)))
                .unwrap();
            f.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000 + i))
                .unwrap();
            ids.push(cp.run_id);
        }
        store.prune();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(dir.join(format!("{id}.json")).exists(), i >= 6, "run {i}");
        }
        assert_eq!(
            store.load(&ids[0]).unwrap_err().failure_kind(),
            Some(FailureKind::UnknownRun)
        );
        assert!(store.load(&ids[6]).is_ok());
        assert_eq!(
            store.latest("doc-p", "in").as_deref(),
            Some(ids.last().unwrap().as_str())
        );
    }

    #[test]
    fn a_file_this_glass_cannot_read_is_a_mismatch_never_a_guess() {
        let (store, dir) = on_disk("foreign");
        let id = new_run_id();
        fs::write(dir.join(format!("{id}.json")), b"not json").unwrap();
        assert_eq!(
            store.load(&id).unwrap_err().failure_kind(),
            Some(FailureKind::CheckpointMismatch)
        );
        let cp = run("doc", "in", false);
        store.save(&cp).unwrap();
        let other = new_run_id();
        fs::copy(
            dir.join(format!("{}.json", cp.run_id)),
            dir.join(format!("{other}.json")),
        )
        .unwrap();
        assert_eq!(
            store.load(&other).unwrap_err().failure_kind(),
            Some(FailureKind::CheckpointMismatch)
        );
        assert_eq!(
            store.load("../etc/passwd").unwrap_err().failure_kind(),
            Some(FailureKind::UnknownRun)
        );
        assert_eq!(
            store.load(&new_run_id()).unwrap_err().failure_kind(),
            Some(FailureKind::UnknownRun)
        );
    }
}
