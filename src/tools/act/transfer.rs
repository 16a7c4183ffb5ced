//! Files in and out: `upload` and `download`. File contents are never returned.

use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::browser::Download;
use crate::browser::agent_calls::OpensChooser;
use crate::browser::chooser::FileInput;
use crate::browser::input::Press;
use crate::failure::{Failure, FailureKind};
use crate::tools::act::pointer::press_ref;
use crate::tools::kernel::args;
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::ActionResult;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Most files one `upload` sets.
pub const MAX_FILES: usize = 16;

/// `upload`.
pub const UPLOAD: Tool = Tool {
    name: "upload",
    title: "Upload files",
    description: "Set 1 to 16 local files on a file input or the button opening it.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<UploadArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Uploads(When::Always), Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(UploadArgs, run_upload),
};

/// `download`.
pub const DOWNLOAD: Tool = Tool {
    name: "download",
    title: "Wait for a download",
    description: "Wait for one download of the page (one the last action started included) and save it: file name, size, sha256.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<DownloadArgs>,
    output: crate::tools::kernel::output::result_of::<DownloadResult>,
    effects: &[Effect::Downloads, Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(DownloadArgs, run_download),
};

/// Arguments of `upload`. The paths are checked for shape only with the arguments: the file
/// system is not looked at before the policy has allowed the upload, so a denied call cannot
/// tell which files exist.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct UploadArgs {
    /// The file input.
    target: Target,
    /// Regular local files (symlinks resolved).
    #[schemars(length(min = 1, max = 16))]
    files: Vec<FilePath>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// A local file path.
#[derive(Deserialize, JsonSchema)]
#[serde(transparent)]
struct FilePath(#[schemars(length(min = 1, max = 4096))] String);

/// Arguments of `download`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct DownloadArgs {
    /// Default Glass's downloads.
    #[schemars(length(min = 1, max = 4096))]
    directory: Option<String>,
    /// Default 30000.
    #[schemars(range(min = 1, max = 300_000))]
    timeout_ms: Option<u64>,
}

/// The paths resolved to existing regular files (after the policy allowed the upload).
fn regular_files(paths: &[&str]) -> Result<Vec<String>, ToolOutcome> {
    let mut out = Vec::with_capacity(paths.len());
    for (i, p) in paths.iter().enumerate() {
        let path = format!("files[{i}]");
        let resolved = std::fs::canonicalize(p)
            .map_err(|_| ToolOutcome::from(args::invalid(&path, "does not exist")))?;
        let regular = std::fs::metadata(&resolved)
            .map(|m| m.is_file())
            .unwrap_or(false);
        if !regular {
            return Err(args::invalid(&path, "is not a regular file").into());
        }
        out.push(resolved.to_string_lossy().into_owned());
    }
    Ok(out)
}

fn run_upload(services: Arc<Services>, input: Call<UploadArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let t = a.target.as_str();
        let paths: Vec<&str> = a.files.iter().map(|f| f.0.as_str()).collect();
        let files = try_tool!(regular_files(&paths));
        let mut b = try_tool!(session_for(&services, &UPLOAD).await);
        let resolved = try_tool!(b.actions().resolve(t).await);
        let Some(object) = try_tool!(b.agent().file_input(&resolved.r).await) else {
            if !try_tool!(b.agent().run(&OpensChooser(&resolved.r)).await) {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::NotFileInput,
                    "the element is no file input, nor labels one or sits beside one; nothing was pressed",
                ));
            }
            let watch = try_tool!(b.intercept_choosers().await);
            let given = through_chooser(&mut b, &resolved.r, &files, watch).await;
            let _ = b.release_choosers().await;
            return given;
        };
        let armed = b.actions().arm();
        try_tool!(b.give_files(FileInput::Object(&object), &files).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        uploaded(&resolved.r, b.revision(), &caused, files.len())
    })
}

/// How long a press has, once the page settled, to open a file chooser.
const CHOOSER_WAIT: Duration = Duration::from_millis(1000);

/// What a person presses to choose files, when it is no file input (a drop zone's "Upload"
/// button that opens the input it hides): pressed as `click` presses, and the files given to
/// the input whose chooser the press opened. Pressing it opened none: `notFileInput`.
async fn through_chooser(
    b: &mut crate::browser::Browser,
    r: &str,
    files: &[String],
    mut watch: crate::browser::chooser::ChooserWatch,
) -> ToolOutcome {
    try_tool!(press_ref(b, r, Some(&Press::left(1))).await);
    let Some(chooser) = watch.opened(CHOOSER_WAIT).await else {
        return ToolOutcome::Failed(Failure::of(
            FailureKind::NotFileInput,
            "the element is no file input, and pressing it opened no file chooser",
        ));
    };
    let Some(input) = chooser.input else {
        return ToolOutcome::Failed(Failure::of(
            FailureKind::NotFileInput,
            "pressing it opened a file chooser of the page's own, which takes no files from here",
        ));
    };
    if files.len() > 1 && !chooser.multiple {
        return args::invalid(
            "files",
            "the chooser it opened takes one file; nothing was given",
        )
        .into();
    }
    let armed = b.actions().arm();
    try_tool!(b.give_files(FileInput::Node(input), files).await);
    let caused = try_tool!(b.actions().settle(armed).await);
    uploaded(r, b.revision(), &caused, files.len())
}

/// The answer of an upload of `count` files through `r`.
fn uploaded(
    r: &str,
    revision: u64,
    caused: &crate::browser::settle::Caused,
    count: usize,
) -> ToolOutcome {
    let mut out = ActionResult::new(r, revision, caused);
    out.files = Some(count);
    ToolOutcome::ok(&out)
}

/// A file name safe to create: no separators, no leading dots, bounded.
fn safe_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "._- ()".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let trimmed = cleaned.trim_start_matches('.').trim();
    let mut out: String = trimmed.chars().take(120).collect();
    if out.is_empty() {
        out = "download".into();
    }
    out
}

fn run_download(services: Arc<Services>, input: Call<DownloadArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let timeout = a.timeout_ms.unwrap_or(30_000);
        let dir = match a.directory.as_deref() {
            Some(d) => match crate::files::client_dir(d) {
                Ok(p) => p,
                Err(e) => return args::invalid("directory", &e.to_string()).into(),
            },
            None => crate::paths::data_dir().join("downloads"),
        };
        let b = try_tool!(session_for(&services, &DOWNLOAD).await);
        let frame = b
            .selected_tab()
            .map(|p| p.main_frame.clone())
            .unwrap_or_default();
        let events = Arc::clone(b.events());
        let staging = b.download_dir().to_path_buf();
        let deadline = tokio::time::Instant::now() + Duration::from_millis(timeout);
        // The oldest unclaimed download of this page; wait for one to start, then to finish.
        let pick = |claim: bool| -> Option<Download> {
            let mut all = events.downloads.lock().ok()?;
            let d = all.iter_mut().find(|d| !d.claimed && d.frame_id == frame)?;
            if claim {
                d.claimed = true;
            }
            Some(d.clone())
        };
        let waited = async {
            let mut chosen: Option<String> = None;
            loop {
                let notified = events.changed.notified();
                let current = match &chosen {
                    None => pick(true),
                    Some(guid) => events
                        .downloads
                        .lock()
                        .ok()
                        .and_then(|all| all.iter().find(|d| &d.guid == guid).cloned()),
                };
                if let Some(d) = &current {
                    chosen = Some(d.guid.clone());
                    if d.state != "inProgress" {
                        break Ok(d.clone());
                    }
                }
                if tokio::time::timeout_at(deadline, notified).await.is_err() {
                    let reason = if chosen.is_some() {
                        "the download did not finish in time"
                    } else {
                        "no download started in time"
                    };
                    return Err(reason);
                }
            }
        };
        let finished = match crate::tools::kernel::progress::with_ticks(
            timeout,
            "waiting for the download (milliseconds)",
            waited,
        )
        .await
        {
            Ok(d) => d,
            Err(reason) => {
                return ToolOutcome::Failed(Failure::of(FailureKind::DownloadTimeout, reason));
            }
        };
        if finished.capped {
            // Finished either way now: cancelled (Chrome deleted the file) or completed before
            // the cancel arrived (Glass deletes it).
            let _ = std::fs::remove_file(staging.join(&finished.guid));
            return ToolOutcome::Failed(Failure::of(
                FailureKind::TooLarge,
                "the download passed --download-max-mb and was cancelled; its partial file is deleted",
            ));
        }
        if finished.state != "completed" {
            return ToolOutcome::Failed(Failure::of(
                FailureKind::Canceled,
                "the download was canceled",
            ));
        }
        let _ = crate::files::private_dir(&dir);
        let name = safe_name(&finished.suggested_name);
        let source = staging.join(&finished.guid);
        let Ok(dest) = crate::files::place(&source, &dir, &name) else {
            return ToolOutcome::Failed(Failure::of(
                FailureKind::SaveFailed,
                "the file could not be saved in the directory",
            ));
        };
        // Hashed while streaming, off the async threads: a file of any size costs one buffer.
        let path = dest.clone();
        let (size, hex) = match tokio::task::spawn_blocking(move || hash_file(&path)).await {
            Ok(Ok(hashed)) => hashed,
            _ => {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::SaveFailed,
                    "the saved file could not be read",
                ));
            }
        };
        ToolOutcome::ok(&DownloadResult {
            file_name: dest.file_name().map(|n| n.to_string_lossy().into_owned()),
            path: dest.to_string_lossy().into_owned(),
            size,
            sha256: hex,
            revision: b.revision(),
        })
    })
}

/// A file's size and SHA-256 (hex), read in 64 KiB pieces.
fn hash_file(path: &std::path::Path) -> std::io::Result<(u64, String)> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut size = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        size += n as u64;
    }
    let hex = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok((size, hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_hashed_in_pieces_like_the_whole() {
        let path = std::env::temp_dir().join(format!("glass-hash-{}", std::process::id()));
        // Not a multiple of the piece size, so the last piece is partial.
        let body: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &body).unwrap();
        let whole: String = Sha256::digest(&body)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(hash_file(&path).unwrap(), (body.len() as u64, whole));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn names_are_made_safe() {
        assert_eq!(safe_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(safe_name("report (1).pdf"), "report (1).pdf");
        assert_eq!(safe_name("..."), "download");
        assert_eq!(safe_name("a/b\\c"), "a_b_c");
    }
}

/// The result of `download`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadResult {
    /// The saved file's name (the site chose it).
    #[schemars(extend("x-glassPageContent" = true))]
    pub file_name: Option<String>,
    /// Where it was saved.
    #[schemars(extend("x-glassPageContent" = true))]
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its SHA-256, hex.
    pub sha256: String,
    /// The page revision after the call.
    pub revision: u64,
}
