//! The page agent's functions as typed calls: each is a struct whose fields are the
//! function's arguments, in order, with the answer it decodes to. Code outside `browser/`
//! calls the agent only through these (`Agent::run`); a changed argument list or
//! answer is then one edit here, checked by the compiler at every call site.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::BrowserError;

/// One function of the page agent.
pub trait AgentFn: Serialize {
    /// Its name on `__glassAgent`.
    const NAME: &'static str;
    /// What it answers.
    type Answer: DeserializeOwned;
}

macro_rules! agent_fn {
    ($(#[$m:meta])* $ty:ident $(<$lt:lifetime>)? ($($field:ty),*) => $name:literal, $answer:ty) => {
        $(#[$m])*
        #[derive(Serialize)]
        pub struct $ty $(<$lt>)? ($(pub $field),*);

        impl $(<$lt>)? AgentFn for $ty $(<$lt>)? {
            const NAME: &'static str = $name;
            type Answer = $answer;
        }
    };
}

/// An element's state, as `check`, `uncheck`, `fillForm` and the password rule read it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ElementState {
    /// `stale` or `unknown` when the ref no longer resolves.
    pub status: Option<String>,
    /// Still in the document.
    pub connected: bool,
    /// `true`, `false`, `"mixed"`, or null for an element that cannot be checked.
    pub checked: Value,
    /// Its role.
    pub role: Option<String>,
    /// Its accessible name (bounded; page text).
    pub name: String,
    /// A password field.
    pub password: bool,
    /// The code editor it is the input of, if any.
    pub editor: Option<String>,
    /// A list a person picks from (a `<select>`, a combobox, a listbox, or what opens one): the
    /// agent's one rule, which choosing an option shares.
    pub picks_from_list: bool,
    /// A control that steps through numbers (a slider, a spinbutton that takes no text): where
    /// it stands and its bounds.
    pub range: Option<StepRange>,
    /// A text field read-only by its native attribute (a page may lift it once it has the focus).
    pub read_only: bool,
    /// For an element the page took out of the document: the state it was in as it went (a
    /// menu's checkbox item, ticked, then gone with the menu it closed).
    pub went_checked: Value,
}

/// Where a slider stands, as the page says it (a range input's value and bounds, else its
/// `aria-value*`); each `None` where the page does not say.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StepRange {
    /// Its value now.
    pub now: Option<f64>,
    /// Its least value.
    pub min: Option<f64>,
    /// Its greatest value.
    pub max: Option<f64>,
    /// How far one arrow key moves it, where the page says (a range input's `step`).
    pub step: Option<f64>,
    /// What it says it stands at (`aria-valuetext`, bounded page text): where that is not its
    /// number, the number is only a position and this is what a person reads ("M", "30°C").
    pub text: Option<String>,
}

impl ElementState {
    /// Whether it can be checked at all (a checkbox, radio or switch).
    pub fn checkable(&self) -> bool {
        self.checked.is_boolean()
    }

    /// Whether it is in state `want` now, or went out of the document in it: a press that
    /// ticks a menu's item and closes the menu did tick it (reading it unticked invites a
    /// retry that unticks it).
    pub fn is_checked(&self, want: bool) -> bool {
        if self.connected {
            self.checked == want
        } else {
            self.went_checked == want
        }
    }
}

/// Where focus is, as the password rule reads it.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct FocusState {
    /// A password field has focus.
    pub password: bool,
    /// Focus is inside a frame the agent cannot see into.
    pub opaque: bool,
    /// While the guard was armed, focus entered a password field (the keys were withheld).
    pub tripped: bool,
    /// Focus is inside a shadow root closed to scripts: Chrome is asked what it is.
    pub sealed: bool,
}

/// Where a stored secret would be typed: whether the element is a secret field (the one rule
/// every password check uses) and the host of its document.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct SecretPlace {
    /// Gone from the document.
    #[serde(deserialize_with = "stale")]
    pub status: bool,
    /// A password or credential field.
    pub secret: bool,
    /// Its document's host (a frame's own).
    pub host: String,
}

/// The outcome of an agent action that may refuse.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Done {
    /// It was done.
    pub ok: bool,
    /// Why not: an agent failure name, mapped onto the failure vocabulary by the caller.
    pub failure: Option<String>,
    /// `selectAll` on a code editor: the editor, whose own select-all the caller sends.
    pub editor: Option<String>,
    /// `selectAll`: the element the page handed the focus on to as this one took it (role,
    /// name, tag), when not this one: no key should follow.
    pub elsewhere: Option<Value>,
    /// `selectAll` on a field that holds nothing: left as it is, no key should follow.
    pub empty: bool,
}

/// One predicate checked in the page: whether it holds, and what was seen.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct CheckAnswer {
    /// It holds.
    pub holds: bool,
    /// What the page showed (counts, states, bounded names and messages).
    pub observed: Value,
}

/// The outcome of `select`: on a miss or an ambiguous label, the options to choose from.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Selected {
    /// The option was selected.
    pub ok: bool,
    /// Why not: an agent failure name, mapped onto the failure vocabulary by the caller.
    pub failure: Option<String>,
    /// Up to 16 options (all of them for an ambiguous label, bounded), as the page has them.
    pub options: Vec<SelectOptionEntry>,
    /// How many options there are (or share the label).
    pub option_count: usize,
    /// With failure `drawn`: the label of the option the `<select>` has, to choose in the widget
    /// drawn around it (whose options may carry no value).
    pub label: Option<String>,
}

/// One option of a select, bounded by the agent.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize, PartialEq)]
#[serde(default)]
pub struct SelectOptionEntry {
    /// Its value.
    pub value: String,
    /// Its visible label.
    pub label: String,
}

/// A field's value as `valueOf` reports it (a password's length only).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct FieldValue {
    /// `stale` when the ref no longer resolves.
    pub status: Option<String>,
    /// The value (absent for a password field).
    pub value: Option<String>,
    /// Its length.
    pub length: Option<u64>,
}

impl FieldValue {
    /// Whether there is nothing left to clear: an empty field, or an element with no value of
    /// its own (a password field counts by its length, not its hidden value).
    pub fn is_empty(&self) -> bool {
        self.length == Some(0) || (self.value.is_none() && self.length.is_none())
    }
}

/// An element's box in document coordinates.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Rect {
    /// Gone from the document.
    #[serde(deserialize_with = "stale")]
    pub status: bool,
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// `status: "stale"` read as a flag.
fn stale<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<String>::deserialize(d)?.is_some_and(|s| s == "stale"))
}

/// Scroll offsets after `scroll`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Scrolled {
    /// Gone from the document.
    #[serde(deserialize_with = "stale")]
    pub status: bool,
    /// Horizontal offset (whole CSS px).
    pub scroll_x: i64,
    /// Vertical offset (whole CSS px).
    pub scroll_y: i64,
    /// Whether anything moved: false at the end of the way asked, or with nothing to scroll.
    pub moved: bool,
    /// The panel that scrolled, `{role, name, tag}`, when not the page.
    pub container: Option<Value>,
}

/// What `select` looks for: an option's value, or its label.
#[derive(Clone, Debug, Default, Serialize)]
pub struct OptionSpec<'a> {
    /// The option's value.
    pub value: Option<&'a str>,
    /// The option's visible label.
    pub label: Option<&'a str>,
}

agent_fn!(
    /// The state of element `0`.
    State<'a>(&'a str) => "state", ElementState
);
agent_fn!(
    /// Focus element `0` (and start counting the page's mutations).
    Focus<'a>(&'a str) => "focus", Value
);
agent_fn!(
    /// Select all of element `0`'s text (a code editor is left to its own shortcut).
    SelectAll<'a>(&'a str) => "selectAll", Done
);
agent_fn!(
    /// The value of field `0`.
    ValueOf<'a>(&'a str) => "valueOf", FieldValue
);
/// What the field readied for keys held before them and holds now (see `typedHeld` in the
/// agent), for [`crate::browser::typed::judge`]. A password field's texts stay empty: only
/// its lengths come.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TypedField {
    /// Whether the field can be judged at all (see the agent for when not).
    pub judged: bool,
    /// `input`, `textarea`, `editor` (a code editor) or `rich` (any other editing host).
    pub kind: String,
    /// An input's `type`.
    pub input_type: Option<String>,
    /// A password or credential field: lengths only.
    pub secret: bool,
    /// Its text before the caret (or the selection the keys replace).
    pub head: String,
    /// Its text after the caret (or the selection).
    pub tail: String,
    /// How many UTF-16 units of its text stay beside the caret.
    pub kept: usize,
    /// Its text now.
    pub now: String,
    /// Its length now, in UTF-16 units.
    pub now_length: usize,
    /// The page's mutations since the field was readied.
    pub mutations: u64,
    /// A text field a calendar pops up for (see `opensCalendar` in the agent).
    pub calendar: bool,
}

agent_fn!(
    /// The field the keys went to, before and after them.
    TypedHeld() => "typedHeld", TypedField
);
agent_fn!(
    /// Set native date or time field `0` to `1` as written in HTML (see `setNativeTime`).
    SetNativeTime<'a>(&'a str, &'a str) => "setNativeTime", NativeTime
);

/// What setting a native date or time field did: `native` false for any other element.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct NativeTime {
    /// The element is an `<input>` of type date, time, datetime-local, month or week.
    pub native: bool,
    /// It now holds the value.
    pub ok: bool,
    /// `format`: the text is not written as the field's kind takes it.
    pub failure: Option<String>,
}
agent_fn!(
    /// Empty field `0` through its value setter (the last resort of `clear`).
    ForceEmpty<'a>(&'a str) => "forceEmpty", Done
);
agent_fn!(
    /// Choose option `1` of select `0`.
    SelectOption<'a>(&'a str, OptionSpec<'a>) => "select", Selected
);
/// The options of a list that is no `<select>` (see `listOptions` in the agent).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ListedOptions {
    /// `stale` when the ref no longer resolves.
    pub status: Option<String>,
    /// `combobox` or `listbox`; none when the element is neither.
    pub kind: Option<String>,
    /// A combobox that takes text (typing filters its options).
    pub editable: bool,
    /// The list is shown, options or not.
    pub list_shown: bool,
    /// The combobox says its popup is closed (`aria-expanded="false"`).
    pub closed: bool,
    /// A field that suggests from a `<datalist>`: its options are known before any typing, and
    /// one is chosen by typing its value (`match.value`).
    pub suggests: bool,
    /// The one option the spec names (ref, role, name).
    #[serde(rename = "match")]
    pub matched: Option<Value>,
    /// Several options have that name.
    pub ambiguous: bool,
    /// Up to 16 options (those sharing the name when ambiguous).
    pub options: Vec<SelectOptionEntry>,
    /// How many options there are (or share the name).
    pub option_count: usize,
    /// The last option drawn (page text): with the first ones, what tells a list moved on.
    pub last: String,
    /// Every option drawn (500 at most): what a list drawn a window at a time showed of itself.
    pub drawn: Vec<SelectOptionEntry>,
    /// The next ref number after the match's.
    pub next_ref: Value,
}

agent_fn!(
    /// The options shown of the list element `0` opens (a combobox or a listbox, no
    /// `<select>`) and the one `1` names, minting its ref from `2`.
    ListOptions<'a>(&'a str, OptionSpec<'a>, u64) => "listOptions", ListedOptions
);
agent_fn!(
    /// Whether the list element `0` opens shows option `1` as chosen (`shows`), `2` the text
    /// typed into it to narrow it, if any.
    ChosenShows<'a>(&'a str, &'a str, Option<&'a str>) => "chosenShows", Value
);
agent_fn!(
    /// Let go of the list element `0` opens: the focus leaves it, so its popup closes.
    LetGo<'a>(&'a str) => "letGo", Value
);
agent_fn!(
    /// Whether the list a choice was just made in through element `0` is still open, and
    /// whether the focus is where Escape closes it.
    StillOpen<'a>(&'a str) => "stillOpen", ListStillOpen
);

agent_fn!(
    /// What to press to open the list of see-through combobox `0` (its widget, as `match.ref`,
    /// minted from `1`), if not the combobox itself.
    OpenerOf<'a>(&'a str, u64) => "openerOf", Minted
);

/// A ref the agent minted for an element it found (`match`), and the next ref number.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Minted {
    /// The element found (its `ref`), if any.
    #[serde(rename = "match")]
    pub matched: Option<Value>,
    /// The next ref number after the one minted.
    pub next_ref: Value,
}
agent_fn!(
    /// The day cell for date `1`-`2`-`3` (year, month, day) shown in field `0`'s document, else
    /// the month select and year field of the calendar shown there; refs from `4`.
    DayCell<'a>(&'a str, i64, u32, u32, u64) => "dayCell", DayCellAnswer
);

/// What [`DayCell`] answers.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct DayCellAnswer {
    /// `stale` when the field's ref no longer resolves.
    pub status: Option<String>,
    /// How many day cells show (none: no calendar).
    pub cells: usize,
    /// The date's cell (ref, role, name, tag), when it shows and is not disabled.
    pub cell: Option<Value>,
    /// The calendar marks that cell chosen: the field holds its day already.
    pub chosen: bool,
    /// The calendar's select of months, when the date's cell does not show.
    pub month: Option<Value>,
    /// The calendar's field holding the year, when the date's cell does not show.
    pub year: Option<Value>,
    /// The month the calendar shows (year * 12 + month - 1), by most of its day cells.
    pub shown: Option<i64>,
    /// The buttons that step it from month to month, when it has no month select and year
    /// field (items as `cell`).
    pub steppers: Vec<Value>,
    /// The next ref number.
    pub next_ref: Value,
}

agent_fn!(
    /// The parts of the calendar field `0` opened that set a time of day, for the time `1`:`2`:`3`
    /// (refs minted from `4`).
    TimeParts<'a>(&'a str, u32, u32, u32, u64) => "timeParts", TimePartsAnswer
);

/// What [`TimeParts`] answers: each part an item (`ref`, `role`, `name`, `tag`; `text`, the
/// value or words it shows; `press`, a cell that says the time asked, pressed to choose it).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TimePartsAnswer {
    /// `stale` when the field's ref no longer resolves.
    pub status: Option<String>,
    /// The field or slider for the hour, or its column's cell for the hour asked.
    pub hour: Option<Value>,
    /// The field or slider for the minute, or its column's cell.
    pub minute: Option<Value>,
    /// The field or slider for the second, or its column's cell.
    pub second: Option<Value>,
    /// What says AM or PM: one toggle, a button for each, or a select of the two.
    pub meridiem: Vec<Value>,
    /// The button that confirms the choice, where the calendar has one.
    pub confirm: Option<Value>,
    /// The next ref number.
    pub next_ref: Value,
}

agent_fn!(
    /// Where to turn the wheel over the column of time cell `0`, and how far, to bring it into
    /// view.
    CellShift<'a>(&'a str) => "cellShift", Option<CellShiftAnswer>
);

/// What [`CellShift`] answers (CSS px, the agent's window).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct CellShiftAnswer {
    /// The middle of the column's part on screen, across.
    pub x: f64,
    /// The middle of the column's part on screen, down.
    pub y: f64,
    /// How far the cell's middle lies below it.
    pub dy: f64,
}

agent_fn!(
    /// Where to turn the wheel over the list element `0` opens, to see more of it.
    ListPoint<'a>(&'a str) => "listPoint", Option<ListPointAnswer>
);

/// What [`ListPoint`] answers: the centre of the list's part on screen, and its height (CSS
/// px, the agent's window).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct ListPointAnswer {
    /// Across.
    pub x: f64,
    /// Down.
    pub y: f64,
    /// The height of its part on screen.
    pub h: f64,
    /// How far what scrolls its options is scrolled (none when nothing in it scrolls).
    pub top: Option<f64>,
}

/// What [`StillOpen`] answers.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ListStillOpen {
    /// The list shows, and its combobox does not say it is closed.
    pub open: bool,
    /// The focus is in the list or its combobox.
    pub keys_there: bool,
    /// The combobox is inside a dialog, which an Escape may close too.
    pub in_dialog: bool,
}
agent_fn!(
    /// A unique CSS selector for each ref of `0` (null where none is sure), for the direct
    /// CLI's locators. The refs travel as separate arguments (a one-field call spreads).
    CssPaths<'a>(&'a [String]) => "cssPaths", Vec<Option<String>>
);
agent_fn!(
    /// Check each predicate of `0` once, with evidence (separate arguments, as for
    /// [`CssPaths`]).
    VerifyChecks<'a>(&'a [Value]) => "verifyChecks", Vec<CheckAnswer>
);
agent_fn!(
    /// What action `1` on element `0` would meet, read only.
    Preflight<'a>(&'a str, &'a str) => "preflight", Value
);
agent_fn!(
    /// Candidates for intent `0` (action, words, scope, constraints), minting refs from `1`.
    IntentCandidates(Value, u64) => "intentCandidates", Value
);
agent_fn!(
    /// Raw values for `extractStructured`: one answer per spec of `0` (scope, name, index,
    /// column, window), minting refs from `1`.
    ExtractRaw(Value, u64) => "extractRaw", Value
);
agent_fn!(
    /// The scope a task names (`0`: its `regionName`) and what can be done in it: the form's
    /// fields and submits, buttons, links, tabs and dialogs, minting refs from `1`.
    TaskScope(Value, u64) => "taskScope", Value
);
agent_fn!(
    /// The page's task-oriented projection, minting refs from `0`.
    InspectPage(u64) => "inspectPage", Value
);
agent_fn!(
    /// Arm the key guard: withhold every key once focus enters a password field.
    KeyGuardArm() => "keyGuardArm", FocusState
);
agent_fn!(
    /// Whether element `0` is a secret field, and the host of its document.
    SecretTarget<'a>(&'a str) => "secretTarget", SecretPlace
);
agent_fn!(
    /// Disarm the key guard and say whether it tripped.
    KeyGuardRelease() => "keyGuardRelease", FocusState
);
agent_fn!(
    /// Where the keys or press watched since the last `focus` or pointer action went, when that
    /// was not their target (`missed`: role, name and tag; else null). Reading it ends the watch.
    InputMissed() => "inputMissed", Value
);
agent_fn!(
    /// Whether pressing element `0` may open a file input's chooser (it labels one, or one is
    /// kept within its nearest four ancestors): the gate before an upload presses it.
    OpensChooser<'a>(&'a str) => "opensChooser", bool
);
agent_fn!(
    /// Start counting the page's mutations (what a key press caused).
    Arm() => "arm", Value
);
agent_fn!(
    /// Whether the drag under way began an HTML5 drag in the agent's document (`started`).
    DragStarted() => "dragStarted", Value
);
agent_fn!(
    /// Whether the page took the drag's drop, asked once it has settled (`0`: the drag caused
    /// nothing outside the DOM; `1`: a first look, the watch kept if the drop was not taken):
    /// where the dragged element went instead (`missed` with input `placed`), or that the page
    /// put everything back (`notDropped`); else null.
    DropMissed(bool, bool) => "dropMissed", Value
);
agent_fn!(
    /// Element `0`'s box, scrolled into view.
    ElementRect<'a>(&'a str) => "rect", Rect
);
agent_fn!(
    /// Scroll element `0` (or the page, `None`) by `1`, `2` CSS px.
    Scroll<'a>(Option<&'a str>, i64, i64) => "scroll", Scrolled
);
agent_fn!(
    /// The document's ready state.
    ReadyState() => "readyState", Option<String>
);
/// Whether the document finished parsing in time.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Parsed {
    /// DOMContentLoaded has fired.
    pub parsed: bool,
}

agent_fn!(
    /// The document's web vitals from its performance timeline, minting refs from `0` for
    /// the elements named (read by the `performanceTrace` tool).
    Vitals(u64) => "vitals", Value
);
agent_fn!(
    /// What a click at viewport point (`0`, `1`) lands on: `{hit: {role, name, tag} | null}`.
    HitAt(f64, f64) => "hitAt", Value
);
agent_fn!(
    /// Wait at most `0` ms for the document to finish parsing.
    WaitParsed(u64) => "parsed", Parsed
);
agent_fn!(
    /// The visible text of element `0` (or the page), at most `1` characters.
    Text<'a>(Option<&'a str>, u64) => "text", Value
);
agent_fn!(
    /// The HTML of element `0` (or the page), at most `1` characters.
    Dom<'a>(Option<&'a str>, u64, bool) => "dom", Value
);
agent_fn!(
    /// The page model at the options' level (read by the observation shaping in `tools`).
    Observe(Value) => "observe", Value
);
agent_fn!(
    /// Find a known consent banner's control for choice `0`, minting refs from `1`.
    Consent<'a>(&'a str, u64) => "consent", Value
);

/// Whether a waited-for condition held.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Waited {
    /// It held before the time ran out.
    pub satisfied: bool,
}

agent_fn!(
    /// Wait in the page (a mutation observer) until condition `0` holds, at most `1` ms.
    WaitFor(Value, u64) => "waitFor", Waited
);
agent_fn!(
    /// Resolve once the page changes, not before `1` ms and at most after `0` ms: whether it
    /// changed. Loops that re-check the page wait on this instead of a fixed tick.
    PageChanged(u64, u64) => "pageChanged", bool
);

agent_fn!(
    /// Resolve after `0` ms by the page's own timers (at most 1 s): every timer of the page's
    /// due sooner has run by then, whatever the machine's load did to the wall clock.
    Rest(u64) => "rest", bool
);

agent_fn!(
    /// Resolve once the page's animations ending within `0` ms have ended (at most 1 s): a
    /// sortable list ignores the pointer over an item still sliding.
    RestStill(u64) => "restStill", bool
);

agent_fn!(
    /// Resolve locator `0` (in the agent's form) to one element, minting refs from `1`; the
    /// answer's `status` says which (read by `Actions::resolve`).
    Resolve(Value, u64) => "resolve", Value
);
agent_fn!(
    /// Elements like a gone one (role `0`, name `1`), at most `2`, minting refs from `3`.
    Similar<'a>(&'a str, Option<&'a str>, usize, u64) => "similar", Value
);
agent_fn!(
    /// Whether element `0` can take action `1`, and the point to act at.
    Actionable<'a>(&'a str, &'a str) => "actionable", Value
);

/// Whether the page went quiet after input.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Settled {
    /// The DOM was quiet for the frames asked.
    pub settled: bool,
    /// The page shows content.
    pub content: bool,
}

agent_fn!(
    /// Wait at most `0` ms for the DOM to stay quiet for `1` frames.
    Settle(u64, u64) => "settle", Settled
);

/// The arguments of a call, as the agent takes them: one per field.
pub(super) fn arguments<F: AgentFn>(call: &F) -> Result<Vec<Value>, BrowserError> {
    match serde_json::to_value(call).map_err(|_| BrowserError::Agent)? {
        Value::Array(args) => Ok(args),
        Value::Null => Ok(Vec::new()),
        one => Ok(vec![one]),
    }
}

/// Agent functions that change the page.
pub(super) const MUTATING: &[&str] = &["select", "forceEmpty", "scroll"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_the_fields_in_order() {
        assert_eq!(arguments(&State("e1")).unwrap(), vec![Value::from("e1")]);
        assert_eq!(arguments(&KeyGuardArm()).unwrap(), Vec::<Value>::new());
        assert_eq!(
            arguments(&Scroll(None, 0, 600)).unwrap(),
            vec![Value::Null, Value::from(0), Value::from(600)]
        );
        let refs = ["e1".to_owned(), "e2".to_owned()];
        assert_eq!(
            arguments(&CssPaths(&refs)).unwrap(),
            vec![Value::from("e1"), Value::from("e2")]
        );
        let spec = OptionSpec {
            value: Some("de"),
            label: None,
        };
        assert_eq!(
            arguments(&SelectOption("e2", spec)).unwrap(),
            vec![
                Value::from("e2"),
                serde_json::json!({"value": "de", "label": null})
            ]
        );
    }

    #[test]
    fn answers_decode_leniently_and_name_what_matters() {
        let s: ElementState =
            serde_json::from_value(serde_json::json!({"connected": true, "checked": "mixed", "role": "checkbox", "name": "A", "password": false}))
                .unwrap();
        assert!(!s.checkable());
        let v: FieldValue = serde_json::from_value(serde_json::json!({"length": 0})).unwrap();
        assert!(v.is_empty());
        let r: Rect = serde_json::from_value(serde_json::json!({"status": "stale"})).unwrap();
        assert!(r.status);
    }
}
