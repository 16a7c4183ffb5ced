//! The tool groups a server lists (`--tools lean|core|standard|full`) and the families a model
//! can add to the list in a session: each tool names the smallest group it belongs to and its
//! family, and the rules below decide, once, what is listed and what may be called.

/// Which tools `tools/list` offers (`--tools`): every client loads the list into every turn of
/// every conversation, so a smaller one costs a model less to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ToolGroup {
    /// The default: the core tools and `addTools` are listed; a family the model adds (or a
    /// tool of it that it calls) joins the list in the same session. Every tool is reachable.
    #[default]
    Lean,
    /// Only navigation, observation, the verified actions, waits, dialogs and tabs: listed and
    /// callable, nothing more (an operator's bound).
    Core,
    /// Core plus the semantic tools (intents, batch, extraction, tasks), frames, files,
    /// diagnostics and the rest of the browser tools: listed and callable.
    Standard,
    /// Every tool listed from the start, the browser-free contract tools (Task Protocol, Web IR)
    /// included.
    Full,
}

impl ToolGroup {
    /// The flag value.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolGroup::Lean => "lean",
            ToolGroup::Core => "core",
            ToolGroup::Standard => "standard",
            ToolGroup::Full => "full",
        }
    }

    /// How many of the fixed groups this one holds (lean starts from core).
    fn rank(self) -> u8 {
        match self {
            ToolGroup::Lean | ToolGroup::Core => 0,
            ToolGroup::Standard => 1,
            ToolGroup::Full => 2,
        }
    }

    /// Whether this group lists, from the start, a tool whose smallest group is `smallest`
    /// (its `Tool::group`).
    pub fn holds(self, smallest: ToolGroup) -> bool {
        smallest.rank() <= self.rank()
    }

    /// Whether a tool whose smallest group is `smallest` may be called: a lean server reaches
    /// every tool (calling one adds its family to the list); a fixed group is a bound.
    pub fn reaches(self, smallest: ToolGroup) -> bool {
        self == ToolGroup::Lean || self.holds(smallest)
    }

    /// Whether the list grows in a session (`addTools` is listed, `listChanged` is declared).
    pub fn grows(self) -> bool {
        self == ToolGroup::Lean
    }

    /// Whether a tool of group `smallest` and family `family` is listed, given the families
    /// this session added.
    pub fn lists(self, smallest: ToolGroup, family: Family, added: Families) -> bool {
        self.holds(smallest) || (self.grows() && added.contains(family))
    }
}

/// The families a model adds to a lean list (`addTools`): a tool's family is the folder it
/// lives in, named for what a model would reach for it to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// History, reload, the raw DOM, Web IR, changes since the last observation.
    Page,
    /// Hover, double and coordinate clicks, drag, held keys and shortcuts, forms in one call,
    /// uploads, downloads, consent banners.
    Input,
    /// New tabs, popups, frames.
    Tabs,
    /// Evaluate, console, network requests, emulation, cookies and storage, PDF, traces.
    DevTools,
    /// Intents, verification, preflight, structured extraction, page inspection.
    Semantic,
    /// Batches, tasks, workflows, checkpoints, recovery of an interrupted run.
    Run,
    /// The browser-free Task Protocol and Web IR validators.
    Contracts,
    /// Session snapshots and the site knowledge store.
    Store,
    /// The tool list's own tool (`addTools`): listed only where the list grows.
    List,
}

impl Family {
    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of families (those a session added).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Families(u16);

impl Families {
    /// Whether `family` is in the set.
    pub fn contains(self, family: Family) -> bool {
        self.0 & family.bit() != 0
    }

    /// The set with `family` added.
    pub fn with(self, family: Family) -> Families {
        Families(self.0 | family.bit())
    }
}

/// What one connection has added to its list: the call path reads and grows it (a call of an
/// unlisted tool adds its family; so does `addTools`), and the server announces a change with
/// `notifications/tools/list_changed` once the call has answered.
#[derive(Debug, Default)]
pub struct AddedFamilies(std::sync::Mutex<Families>);

impl AddedFamilies {
    /// The families added so far.
    pub fn get(&self) -> Families {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Add `family`; whether the set grew.
    pub fn add(&self, family: Family) -> bool {
        let mut set = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let grown = set.with(family);
        let changed = grown != *set;
        *set = grown;
        changed
    }
}

tokio::task_local! {
    /// The calling connection's added families, for `addTools` (scoped around each call by the
    /// server, like the daemon's client id).
    pub static ADDED: std::sync::Arc<AddedFamilies>;
}
