//! The tool groups a server lists (`--tools core|standard|full`): each tool names the smallest
//! group it belongs to, and a group holds every tool of the groups below it.

/// Which tools `tools/list` offers (`--tools`): every client loads the list into every
/// conversation, so a smaller one costs a model less to read.
/// Ordered: each group holds every tool of the groups before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum ToolGroup {
    /// Navigate, observe, the verified actions, wait, screenshot, text, dialogs, tabs.
    Core,
    /// Core plus the semantic tools (intents, batch, extraction, tasks), frames, files,
    /// diagnostics and the rest of the browser tools.
    Standard,
    /// Every tool, the browser-free contract tools (Task Protocol, Web IR) included.
    #[default]
    Full,
}

impl ToolGroup {
    /// The flag value.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolGroup::Core => "core",
            ToolGroup::Standard => "standard",
            ToolGroup::Full => "full",
        }
    }

    /// Whether this group holds a tool whose smallest group is `smallest` (its `Tool::group`).
    pub fn holds(self, smallest: ToolGroup) -> bool {
        smallest <= self
    }
}
