//! `screenshot`: the viewport, the full page, one target or a clip, returned or saved.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::ImageFormat;
use crate::browser::agent_calls::ElementRect;
use crate::failure::{Failure, FailureKind, Kind};
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::{optional_ref, session_for};
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::files::save_client_file;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `screenshot`.
pub const SCREENSHOT: Tool = Tool {
    name: "screenshot",
    title: "Screenshot",
    description: "Viewport, full page, target or clip as png, jpeg or webp: returned, or saved to path.",
    group: ToolGroup::Core,
    family: Family::Page,
    schema: input_schema::<ScreenshotArgs>,
    output: crate::tools::kernel::output::result_of::<ScreenshotResult>,
    effects: &[
        Effect::CapturesPixels(When::Always),
        Effect::WritesFile("path", When::Given("path")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ScreenshotArgs, run_screenshot),
};

/// Arguments of `screenshot`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ScreenshotArgs {
    /// Only this element.
    target: Option<Target>,
    /// The whole scrollable page.
    full_page: Option<bool>,
    /// Default png.
    format: Option<ShotFormat>,
    /// jpeg, webp (default 80).
    #[schemars(range(min = 1, max = 100))]
    quality: Option<u8>,
    /// Image pixels per CSS pixel (default 1).
    #[schemars(range(min = 0.1, max = 2.0))]
    scale: Option<f64>,
    /// This area, in CSS px of the page.
    clip: Option<Clip>,
    /// Save to this file instead.
    #[schemars(length(min = 2, max = 4096))]
    path: Option<String>,
}

/// A screenshot's encoding.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ShotFormat {
    Png,
    Jpeg,
    Webp,
}

/// An area of the page, in CSS pixels.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Clip {
    #[schemars(range(min = 0.0))]
    x: f64,
    #[schemars(range(min = 0.0))]
    y: f64,
    #[schemars(range(min = 1.0))]
    width: f64,
    #[schemars(range(min = 1.0))]
    height: f64,
}

fn run_screenshot(services: Arc<Services>, input: Call<ScreenshotArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let full = a.full_page.unwrap_or(false);
        let mut b = try_tool!(session_for(&services, &SCREENSHOT).await);
        let r = try_tool!(optional_ref(&mut b, a.target.as_ref()).await);
        let clip = match &r {
            Some(r) => {
                // The element's box in document coordinates, scrolled into view.
                let rect = try_tool!(b.agent().run(&ElementRect(r)).await);
                if rect.status {
                    return ToolOutcome::Failed(Failure::of(
                        FailureKind::StaleRef,
                        "the element is gone",
                    ));
                }
                Some((rect.x, rect.y, rect.w, rect.h))
            }
            None => None,
        };
        let clip = clip.or(a.clip.map(|c| (c.x, c.y, c.width, c.height)));
        let shot = crate::browser::Shot {
            format: match a.format {
                None | Some(ShotFormat::Png) => ImageFormat::Png,
                Some(ShotFormat::Jpeg) => ImageFormat::Jpeg,
                Some(ShotFormat::Webp) => ImageFormat::Webp,
            },
            quality: a.quality,
            scale: a.scale.unwrap_or(1.0),
        };
        let image = try_tool!(
            b.capture()
                .screenshot_as(clip, full && clip.is_none(), shot)
                .await
        );
        let mut meta = ScreenshotResult {
            mime_type: shot.format.mime(),
            bytes: image.len() / 4 * 3,
            revision: b.revision(),
            path: None,
            sha256: None,
        };
        let Some(path) = a.path else {
            let meta = serde_json::to_value(&meta).unwrap_or_default();
            return ToolOutcome::WithImages(meta, vec![(shot.format.mime(), image)]);
        };
        let Some(bytes) = crate::browser::decode_base64(&image) else {
            return ToolOutcome::Failed(Failure::new(Kind::Internal, "the image did not decode"));
        };
        let saved = try_tool!(save_client_file(&path, &bytes));
        meta.bytes = bytes.len();
        meta.sha256 = Some(saved.sha256);
        meta.path = Some(saved.path);
        ToolOutcome::ok(&meta)
    })
}

/// The result of `screenshot` (the image is a separate content item).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenshotResult {
    /// image/png, image/jpeg or image/webp.
    pub mime_type: &'static str,
    /// The image's size in bytes.
    pub bytes: usize,
    /// The page revision.
    pub revision: u64,
    /// Where it was saved (then no image is returned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The saved file's sha256.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}
