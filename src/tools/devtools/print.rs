//! `printToPdf`: the selected page as Chrome prints it, saved to a file the client names;
//! the answer is its size, page count and sha256, never the document itself.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::files::save_client_file;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `printToPdf`.
pub const PRINT_TO_PDF: Tool = Tool {
    name: "printToPdf",
    title: "Print to PDF",
    description: "Print the selected page to a PDF file: bytes, pages, sha256.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<PrintArgs>,
    output: crate::tools::kernel::output::result_of::<PrintResult>,
    effects: &[
        Effect::CapturesPixels(When::Always),
        Effect::WritesFile("path", When::Always),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(PrintArgs, run),
};

/// Arguments of `printToPdf`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PrintArgs {
    /// The file to write.
    #[schemars(length(min = 2, max = 4096))]
    path: String,
    /// Default letter.
    paper: Option<Paper>,
    /// Turned sideways.
    landscape: Option<bool>,
    /// Print backgrounds (default false).
    background: Option<bool>,
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum Paper {
    Letter,
    Legal,
    Tabloid,
    A3,
    A4,
    A5,
}

impl Paper {
    /// Width and height in inches, as Chrome takes them.
    fn inches(self) -> (f64, f64) {
        match self {
            Paper::Letter => (8.5, 11.0),
            Paper::Legal => (8.5, 14.0),
            Paper::Tabloid => (11.0, 17.0),
            Paper::A3 => (11.69, 16.54),
            Paper::A4 => (8.27, 11.69),
            Paper::A5 => (5.83, 8.27),
        }
    }
}

/// The result of `printToPdf`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrintResult {
    /// The file written.
    pub path: String,
    /// Its size.
    pub bytes: usize,
    /// Pages in the document.
    pub pages: usize,
    /// Lowercase hex, to check the file.
    pub sha256: String,
    /// The page revision.
    pub revision: u64,
}

fn run(services: Arc<Services>, input: Call<PrintArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let b = try_tool!(session_for(&services, &PRINT_TO_PDF).await);
        let pdf = try_tool!(
            b.print_pdf(
                a.paper.unwrap_or(Paper::Letter).inches(),
                a.landscape.unwrap_or(false),
                a.background.unwrap_or(false),
            )
            .await
        );
        let saved = try_tool!(save_client_file(&a.path, &pdf));
        ToolOutcome::ok(&PrintResult {
            path: saved.path,
            bytes: pdf.len(),
            pages: page_count(&pdf),
            sha256: saved.sha256,
            revision: b.revision(),
        })
    })
}

/// Pages of a PDF: its `/Type /Page` objects (the page tree's `/Type /Pages` not counted).
fn page_count(pdf: &[u8]) -> usize {
    let needle = b"/Type /Page";
    pdf.windows(needle.len() + 1)
        .filter(|w| w.starts_with(needle) && w[needle.len()] != b's')
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_counted_without_the_page_tree() {
        let pdf = b"1 0 obj <</Type /Pages /Kids [2 0 R 3 0 R]>> 2 0 obj <</Type /Page>> 3 0 obj <</Type /Page\n>>";
        assert_eq!(page_count(pdf), 2);
    }
}
