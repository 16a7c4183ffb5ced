//! Emptying a field as a person does, the one way `clear`, `type` with `clear`, `fillForm` and
//! choosing in a list that takes text all empty one.

use crate::browser::Browser;
use crate::browser::agent_calls::{ForceEmpty, SelectAll, Settle, ValueOf};
use crate::browser::keys::chord;
use crate::browser::missed::focus_moved;
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::outcome::ToolOutcome;

/// Empty a field, a contenteditable or a code editor as a person would: select everything
/// (the editor's own Control+A for code editors), then Backspace, so the page sees the same
/// key and input events. Verified on the value the field or editor itself holds; a plain field
/// that ignored the keys is emptied through its value setter as a last resort. An empty field
/// takes no keys: Backspace there deletes what the page keeps beside it (a Tom Select's chosen
/// item, a tag input's last tag), which no person emptying an empty box means to do.
pub async fn clear_field(b: &mut Browser, r: &str) -> Result<(), ToolOutcome> {
    let selected = b.agent().run(&SelectAll(r)).await?;
    if selected.empty {
        return Ok(());
    }
    if !selected.ok {
        return Err(ToolOutcome::Failed(Failure::of(
            FailureKind::NotEditable,
            "the element cannot be cleared",
        )));
    }
    // Selecting focuses the field: one that hands the focus on takes none of the keys.
    if let Some(by) = selected
        .elsewhere
        .as_ref()
        .and_then(crate::browser::frames::element_summary)
    {
        return Err(focus_moved(by).into());
    }
    let backspace = chord("Backspace");
    if selected.editor.is_some() {
        b.input().press_chord(&chord("Control+a")).await?;
    }
    b.input().press_chord(&backspace).await?;
    // The page moved the focus away between the selection and the keys: they went elsewhere.
    b.actions().keys_reached().await?;
    if selected.editor.is_some() {
        // A code editor draws its lines on the next animation frame, and its value is read
        // from them: wait until its DOM is quiet (at most half a second) before reading.
        b.agent().run(&Settle(500, 2)).await?;
    }
    if b.agent().run(&ValueOf(r)).await?.is_empty() {
        return Ok(());
    }
    b.agent().run(&ForceEmpty(r)).await?;
    if b.agent().run(&ValueOf(r)).await?.is_empty() {
        return Ok(());
    }
    Err(ToolOutcome::Failed(Failure::of(
        FailureKind::NotCleared,
        "the field still holds text after select-all and Backspace",
    )))
}

/// Empty the field `r` and type `text` into it, checked to have reached it: what choosing in a
/// list that takes text and turning a calendar's year field both do.
pub async fn retype(b: &mut Browser, r: &str, text: &str) -> Result<(), ToolOutcome> {
    clear_field(b, r).await?;
    b.actions().focus_for_keys(r).await?;
    b.input().type_text(text, false).await?;
    b.actions().keys_reached().await?;
    Ok(())
}
