//! Choosing an option, the one rule `select` and `fillForm` share: a `<select>`'s option is
//! chosen in place; a list that is no `<select>` (a combobox or a listbox drawn by the page:
//! Tom Select, Shoelace, React Select) is opened as a person opens it (typed into when it takes
//! text, else pressed), its option pressed, and the choice checked on what the list then shows.
//! Never reported done while the list shows something else.

use std::time::Duration;

use crate::browser::Browser;
use crate::browser::agent_calls::{
    ChosenShows, LetGo, ListOptions, ListPoint, ListedOptions, OpenerOf, OptionSpec, PageChanged,
    SelectOption, SelectOptionEntry, Settle, State, StillOpen, ValueOf,
};
use crate::browser::input::Press;
use crate::failure::{Failure, FailureKind};
use crate::tools::act::clearing::retype;
use crate::tools::act::pointer::press_ref;
use crate::tools::kernel::outcome::ToolOutcome;

/// How long a list has to show its options once it was opened or typed into.
const LIST_WAIT: Duration = Duration::from_secs(2);

/// Most turns of the wheel spent looking down a list for an option it has not drawn.
const MOST_TURNS: usize = 40;

/// Most options kept of those a list drew as its wheel turned.
const MOST_SEEN: usize = 2000;

/// What a field of `fillForm` that is a combobox takes when no list ever shows for the text
/// typed into it: the text itself (a search box whose suggestions are only suggestions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeText {
    /// The typed text stands as the field's value.
    Stands,
    /// An option is required (`select`).
    Refused,
}

/// Choose the option `spec` names in the list element `r` is (or opens), as a person does.
/// `Ok` only when the option was chosen and the list shows it (or, with [`FreeText::Stands`],
/// when an editable combobox showed no list for the text and keeps it).
pub async fn choose_option(
    b: &mut Browser,
    r: &str,
    spec: OptionSpec<'_>,
    free_text: FreeText,
) -> Result<(), ToolOutcome> {
    let v = b.agent().run(&SelectOption(r, spec.clone())).await?;
    if v.ok {
        return Ok(());
    }
    // `drawn`: a <select> kept out of sight inside a widget the page draws, chosen in that.
    if !matches!(v.failure.as_deref(), Some("notSelect" | "drawn")) {
        return Err(options_failure(
            select_failure(v.failure.as_deref()),
            &v.options,
            v.option_count,
        ));
    }
    // The option the hidden <select> has, by its label in the widget drawn around it.
    let spec = match v.label.as_deref() {
        Some(label) if v.failure.as_deref() == Some("drawn") => OptionSpec {
            value: None,
            label: Some(label),
        },
        _ => spec,
    };
    let mut listed = list_options(b, r, &spec).await?;
    if listed.kind.is_none() {
        // A slider of named stops is chosen in by the text its stop says (sizes, dates).
        if b.agent().run(&State(r)).await?.range.is_some() {
            let text = spec.label.or(spec.value).unwrap_or_default();
            return super::stepping::set_slider(b, r, text).await;
        }
        return Err(Failure::of(
            FailureKind::NotSelect,
            "the element is neither a <select> nor a list to pick from (combobox, listbox)",
        )
        .into());
    }
    let text = spec.label.or(spec.value).unwrap_or_default();
    if listed.suggests {
        return type_suggested(b, r, &listed, text, free_text).await;
    }
    let mut typed = false;
    let mut opened = false;
    // A combobox that says it is closed is opened first, whatever it matched: a list it
    // showed is closing (Ant Design's slides away), or no popup of its own.
    if (listed.matched.is_none() && !listed.ambiguous) || listed.closed {
        opened = true;
        typed = open_list(b, r, &listed, text).await?;
        listed = wait_for_options(b, r, &spec).await?;
        let unmatched = listed.matched.is_none() && !listed.ambiguous;
        if typed && unmatched && (listed.list_shown || free_text == FreeText::Refused) {
            // The list narrowed the text by something else than the names it shows (Ant
            // Design's filters by value), or hid itself for want of a match (Gradio's): as a
            // person then does, the text is taken back and the whole list looked through (and
            // a refusal lists its options, not the none the text left).
            super::clearing::clear_field(b, r).await?;
            let whole = wait_for_options(b, r, &spec).await?;
            if whole.matched.is_some() || whole.ambiguous || !whole.options.is_empty() {
                (listed, typed) = (whole, false);
            }
        }
    }
    if listed.list_shown && listed.matched.is_none() && !listed.ambiguous {
        listed = look_further(b, r, &spec, listed).await?;
    }
    let chosen = pick(b, r, &listed, text, typed, free_text).await;
    if !opened {
        return chosen;
    }
    // Done with the list it opened: its popup would cover what comes next (another field of
    // a form), or the whole page when it is modal.
    let closed = close_list(b, r, chosen.is_err()).await?;
    if chosen.is_err() {
        let _ = b.agent().run(&LetGo(r)).await;
        return chosen;
    }
    if closed {
        let name = listed
            .matched
            .as_ref()
            .map_or("", |m| m["name"].as_str().unwrap_or(""));
        if !chosen_shows(b, r, name, None).await? {
            return Err(Failure::of(
                FailureKind::NotChosen,
                "the option was chosen but the list dropped it when it closed",
            )
            .into());
        }
    }
    Ok(())
}

/// Close a list still open after a choice in it (a multiple select's menu stays open for more)
/// as a person done with it does: Escape, where the focus is in the list or its combobox.
/// Whether it took the key. After a choice that `failed`, a list in a dialog is left open: an
/// Escape it does not take closes the dialog with all that was filled in it (Chakra's in
/// Airflow), a loss the failed choice must not add to.
async fn close_list(b: &mut Browser, r: &str, failed: bool) -> Result<bool, ToolOutcome> {
    let still = b.agent().run(&StillOpen(r)).await?;
    if !(still.open && still.keys_there) || (failed && still.in_dialog) {
        return Ok(false);
    }
    b.input()
        .press_chord(&crate::browser::keys::chord("Escape"))
        .await?;
    Ok(true)
}

/// Choose in a field that suggests from a `<datalist>`, as a person picking from the popup
/// Chrome draws: the option's value typed into the field, which must then hold it. A name no
/// option has is refused before any key, the field as it was; in `fillForm` it is typed as it
/// is (the list only suggests: the field takes any text).
async fn type_suggested(
    b: &mut Browser,
    r: &str,
    listed: &ListedOptions,
    text: &str,
    free_text: FreeText,
) -> Result<(), ToolOutcome> {
    unambiguous(listed)?;
    let matched = listed.matched.as_ref().and_then(|m| m["value"].as_str());
    let Some(value) = matched.or((free_text == FreeText::Stands).then_some(text)) else {
        return Err(no_such_option(listed));
    };
    retype(b, r, value).await?;
    if b.agent().run(&ValueOf(r)).await?.value.as_deref() != Some(value) {
        return Err(Failure::of(
            FailureKind::NotChosen,
            "the option's value was typed but the field does not hold it",
        )
        .into());
    }
    Ok(())
}

/// Press the option `listed` matched and check the list shows it chosen.
async fn pick(
    b: &mut Browser,
    r: &str,
    listed: &ListedOptions,
    text: &str,
    typed: bool,
    free_text: FreeText,
) -> Result<(), ToolOutcome> {
    unambiguous(listed)?;
    let Some(option) = listed.matched.as_ref().and_then(|m| m["ref"].as_str()) else {
        if typed && !listed.list_shown && free_text == FreeText::Stands {
            return Ok(());
        }
        return Err(no_such_option(listed));
    };
    let option = option.to_owned();
    let name = listed.matched.as_ref().map_or(String::new(), |m| {
        m["name"].as_str().unwrap_or_default().to_owned()
    });
    let typed = typed.then_some(text);
    // Marked chosen, and shown chosen beside the list, already: in a list that holds several a
    // press would take it back.
    let marked = listed.matched.as_ref().is_some_and(|m| m["marked"] == true);
    if marked && b.agent().run(&ChosenShows(r, &name, typed)).await?["shows"] == true {
        return Ok(());
    }
    // An option that takes the person somewhere (a search box's result opens its page, as
    // Airflow's "Search Dags" does) is chosen when the page went there: the action's answer
    // says where (`caused.navigation`).
    let url = page_url(b);
    press(b, &option).await?;
    if page_url(b) == url && !chosen_shows(b, r, &name, typed).await? && page_url(b) == url {
        return Err(Failure::of(
            FailureKind::NotChosen,
            "the option was pressed but the list does not show it chosen",
        )
        .into());
    }
    Ok(())
}

/// The selected page's address as Chrome last told it.
fn page_url(b: &Browser) -> String {
    b.events().url.lock().map(|u| u.clone()).unwrap_or_default()
}

/// How long a list that does not show its choice at once is read again for (see
/// [`chosen_shows`]).
const CHOSEN_LATE: Duration = Duration::from_secs(1);

/// Whether the list `r` shows the option `name` chosen, now or within [`CHOSEN_LATE`]: a page
/// may show its placeholder a moment before the choice (pgAdmin's selects, for 300 ms), and a
/// choice that took must not be reported as not chosen.
async fn chosen_shows(
    b: &mut Browser,
    r: &str,
    name: &str,
    typed: Option<&str>,
) -> Result<bool, ToolOutcome> {
    let until = tokio::time::Instant::now() + CHOSEN_LATE;
    loop {
        if b.agent().run(&ChosenShows(r, name, typed)).await?["shows"] == true {
            return Ok(true);
        }
        // Asked again each time the page changes, until CHOSEN_LATE, and once more then: a
        // change between the last look and the watch after it is seen by no change.
        if !b.actions().changes_before(until).await? {
            let last = b.agent().run(&ChosenShows(r, name, typed)).await?;
            return Ok(last["shows"] == true);
        }
    }
}

/// The list's options now, the matched one's ref recorded.
async fn list_options(
    b: &mut Browser,
    r: &str,
    spec: &OptionSpec<'_>,
) -> Result<ListedOptions, ToolOutcome> {
    let next = b.next_ref();
    let listed = b.agent().run(&ListOptions(r, spec.clone(), next)).await?;
    if listed.status.as_deref() == Some("stale") {
        return Err(Failure::of(
            FailureKind::StaleRef,
            "the element is gone (the page changed); look at the page again",
        )
        .into());
    }
    b.actions()
        .record_refs(&listed.next_ref, listed.matched.iter());
    Ok(listed)
}

/// Open the list as a person does: type `text` into a combobox that takes text (its options
/// narrow to it), else press it. Whether text was typed.
async fn open_list(
    b: &mut Browser,
    r: &str,
    listed: &ListedOptions,
    text: &str,
) -> Result<bool, ToolOutcome> {
    if listed.editable {
        retype(b, r, text).await?;
        // A person looks at the list once it has narrowed (Tom Select waits 300 ms after the
        // keys before it does).
        b.keys_paced().await;
        return Ok(true);
    }
    if !listed.list_shown || listed.closed {
        let opener = opener(b, r).await?;
        press(b, opener.as_deref().unwrap_or(r)).await?;
    }
    Ok(false)
}

/// What a person presses to open `r`'s list when `r` is see-through under its widget's drawing
/// (Ant Design's select): that widget's ref; `None` for `r` itself. The press is checked to land
/// in the widget, and the list to open.
async fn opener(b: &mut Browser, r: &str) -> Result<Option<String>, ToolOutcome> {
    let next = b.next_ref();
    let found = b.agent().run(&OpenerOf(r, next)).await?;
    b.actions()
        .record_refs(&found.next_ref, found.matched.iter());
    Ok(found
        .matched
        .as_ref()
        .and_then(|m| m["ref"].as_str())
        .map(str::to_owned))
}

/// Look further through a shown list that has not drawn the option, as a person does: the
/// wheel turned over it, down and then up (a list opens scrolled to its choice), its options
/// read after each turn, until the option shows or a turn neither scrolls the list nor draws
/// anything new (that end). A list that draws only the rows in view (Ant Design's) has the
/// rest of its options nowhere else, and one that draws more rows than it shows (Vuetify's)
/// scrolls for turns that draw nothing new.
async fn look_further(
    b: &mut Browser,
    r: &str,
    spec: &OptionSpec<'_>,
    mut listed: ListedOptions,
) -> Result<ListedOptions, ToolOutcome> {
    let (mut down, mut still) = (true, 0);
    // Every option the turns drew, in the list's order (each window merged where it overlaps
    // the ones before): a list drawn a window at a time ends on one window, and a refusal then
    // lists the whole list a person read.
    let mut seen: Vec<SelectOptionEntry> = Vec::new();
    let note = |seen: &mut Vec<SelectOptionEntry>, window: &[SelectOptionEntry]| {
        let place =
            |seen: &[SelectOptionEntry], o: &SelectOptionEntry| seen.iter().position(|s| s == o);
        let mut at = window
            .iter()
            .find_map(|o| place(seen, o))
            .unwrap_or(seen.len());
        for o in window {
            match place(seen, o) {
                Some(i) => at = i + 1,
                None if seen.len() < MOST_SEEN => {
                    seen.insert(at, o.clone());
                    at += 1;
                }
                None => {}
            }
        }
    };
    note(&mut seen, &listed.drawn);
    let mut point = b.agent().run(&ListPoint(r)).await?;
    for _ in 0..MOST_TURNS {
        let Some(at) = point else {
            break;
        };
        let Ok((x, y)) = b.frames().point_in_page(at.x, at.y).await else {
            break;
        };
        let turn = (at.h * 0.8).max(40.0);
        b.input()
            .wheel_at(x, y, if down { turn } else { -turn })
            .await?;
        // The rows now in view drawn.
        b.agent().run(&Settle(300, 1)).await?;
        let next = list_options(b, r, spec).await?;
        // A list that scrolled on has not ended, though it drew nothing new yet (where it now
        // stands is also where the next turn goes).
        point = b.agent().run(&ListPoint(r)).await?;
        let now = point.and_then(|p| p.top);
        let scrolled = matches!((at.top, now), (Some(a), Some(z)) if (a - z).abs() >= 1.0);
        let end = !scrolled && next.options == listed.options && next.last == listed.last;
        listed = next;
        note(&mut seen, &listed.drawn);
        if listed.matched.is_some() || listed.ambiguous || !listed.list_shown {
            break;
        }
        // An end is two turns that drew nothing new: a list may take a turn against its end
        // into account before the next (Ant Design's adds it to the next turn).
        still = if end { still + 1 } else { 0 };
        if still == 2 {
            if !down {
                break;
            }
            (down, still) = (false, 0);
        }
    }
    if listed.matched.is_none() && !listed.ambiguous && seen.len() > listed.option_count {
        listed.option_count = seen.len();
        listed.options = seen.into_iter().take(16).collect();
    }
    Ok(listed)
}

/// Press `r` as `click` does (see [`press_ref`]).
async fn press(b: &mut Browser, r: &str) -> Result<(), ToolOutcome> {
    press_ref(b, r, Some(&Press::left(1))).await.map(|_| ())
}

/// The list's options once the one `spec` names shows, or the list settles without it, within
/// [`LIST_WAIT`] (a list that fetches its options as they are typed for).
async fn wait_for_options(
    b: &mut Browser,
    r: &str,
    spec: &OptionSpec<'_>,
) -> Result<ListedOptions, ToolOutcome> {
    let deadline = tokio::time::Instant::now() + LIST_WAIT;
    loop {
        let listed = list_options(b, r, spec).await?;
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return Ok(listed);
        }
        let found = listed.matched.is_some() || listed.ambiguous;
        // Taken once the page holds still after the reading: a list that narrows on a timer of
        // its own after the keys (Tom Select's, 300 ms) is read again once it has, not pressed
        // where its option was.
        let most = left.min(Duration::from_millis(if found { 150 } else { 250 }));
        let changed = b
            .agent()
            .run(&PageChanged(
                most.as_millis() as u64,
                if found { 0 } else { 20 },
            ))
            .await?;
        if !changed && (found || !listed.options.is_empty()) {
            // The one found, or options shown without it, and nothing changes any more.
            return Ok(listed);
        }
    }
}

/// The failure a page agent's `select` answer names, within the select failures.
fn select_failure(failure: Option<&str>) -> FailureKind {
    match failure.and_then(FailureKind::from_agent) {
        Some(
            f @ (FailureKind::NoSuchOption | FailureKind::AmbiguousOption | FailureKind::Disabled),
        ) => f,
        _ => FailureKind::NotSelect,
    }
}

/// `ambiguousOption` with the options that share the name, when several do.
fn unambiguous(listed: &ListedOptions) -> Result<(), ToolOutcome> {
    if listed.ambiguous {
        return Err(options_failure(
            FailureKind::AmbiguousOption,
            &listed.options,
            listed.option_count,
        ));
    }
    Ok(())
}

/// `noSuchOption` with the options the list offered.
fn no_such_option(listed: &ListedOptions) -> ToolOutcome {
    options_failure(
        FailureKind::NoSuchOption,
        &listed.options,
        listed.option_count,
    )
}

/// A failure of `kind` listing the options to choose from.
fn options_failure(
    kind: FailureKind,
    options: &[crate::browser::agent_calls::SelectOptionEntry],
    count: usize,
) -> ToolOutcome {
    let reason = match kind {
        FailureKind::NoSuchOption => "no option has that value or label",
        FailureKind::AmbiguousOption => "several options have that label; give one's value",
        FailureKind::Disabled => "the element or the option is disabled",
        _ => "the element is not a <select>",
    };
    let mut failure = Failure::of(kind, reason);
    if !options.is_empty() {
        failure = failure
            .with("options", serde_json::to_value(options).unwrap_or_default())
            .with("optionCount", count);
    }
    failure.into()
}
