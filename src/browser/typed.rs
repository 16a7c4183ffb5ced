//! Whether a field holds the text typed into it: the one judgment after every tool's keys
//! (`type`, each field of `fillForm`, their steps in `batch` and tasks), so that keys a page
//! refused, cut short or added to are a failure and never a success. Pure: the agent reads the
//! field before and after the keys (`typedHeld`), this decides.
//!
//! Pages change typed text in ways that keep it: a mask adds its punctuation, a field upper-
//! cases or trims, a box completes the word inline, a tag input takes the words before a
//! comma, a chat box sends its line on Enter. Those hold. What does not hold is text a page cut
//! (a length limit), refused (letters in a number field) or added to beyond it (a code editor
//! that closes a bracket the keys close again, a completion accepted by a typed Enter).

use crate::browser::agent_calls::TypedField;
use crate::failure::{Failure, FailureKind};

/// How a field's text compares with what was typed into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// It holds the text, as typed or as the page keeps such text.
    Kept,
    /// It cannot be told (see the agent's `typedHeld`, and the inputs judged on no text).
    Unknown,
    /// It holds fewer characters than the text would leave.
    Fewer,
    /// It holds more.
    More,
    /// It holds as many, but others.
    Other,
}

/// Input types whose keys do not write their value as text (dates and times go field by
/// field, a colour or range is no text).
const NOT_TEXT: &[&str] = &[
    "date",
    "time",
    "datetime-local",
    "month",
    "week",
    "color",
    "range",
    "file",
];

/// Judge field `f` after `typed` went to it as keys.
pub fn judge(f: &TypedField, typed: &str) -> Held {
    if !f.judged {
        return Held::Unknown;
    }
    let typed: String = typed.chars().filter(|&c| c != '\r').collect();
    if typed.is_empty() {
        return Held::Unknown;
    }
    match f.kind.as_str() {
        "input" | "textarea" => {
            let single = f.kind == "input";
            if single
                && (typed.contains('\n')
                    || NOT_TEXT.contains(&f.input_type.as_deref().unwrap_or("text")))
            {
                // An Enter in a one-line field acts (submits); its text is not the field's.
                return Held::Unknown;
            }
            if f.secret {
                let expected = f.kept + typed.encode_utf16().count();
                return by_length(f.now_length, expected);
            }
            text_field(f, &typed)
        }
        "editor" => code_editor(f, &typed),
        "rich" => {
            // A rich editor rewrites what is typed (Markdown shortcuts, lists, emoji), so only
            // keys that left it as it was are judged: then it took none of them.
            let before = format!("{}{}", f.head, f.tail);
            if f.now == before && f.mutations == 0 && !typed.trim().is_empty() {
                Held::Fewer
            } else {
                Held::Unknown
            }
        }
        _ => Held::Unknown,
    }
}

/// An input's or textarea's text after `typed` went in at its caret.
fn text_field(f: &TypedField, typed: &str) -> Held {
    let expected = format!("{}{}{}", f.head, typed, f.tail);
    let now = f.now.as_str();
    if now == expected || now.contains(typed) {
        return Held::Kept;
    }
    let (now_folded, typed_folded) = (fold(now), fold(typed));
    if !typed_folded.is_empty() && now_folded.contains(&typed_folded) {
        return Held::Kept;
    }
    // The page took the text up to a separator as the keys went (a tag input's comma, a chat
    // box's Enter) and changed: what is left is the rest of it. Text a page refused leaves no
    // separator behind it (a select that takes no keys while it holds a choice).
    if f.mutations > 0 && expected.ends_with(now) {
        let taken = &expected[..expected.len() - now.len()];
        if taken.ends_with([',', ';', ' ', '\n', '\t']) {
            return Held::Kept;
        }
    }
    if typed_folded.is_empty() {
        // Spaces and punctuation alone: a page may trim them.
        return Held::Unknown;
    }
    by_length(now.chars().count(), expected.chars().count())
}

/// A code editor's text after `typed`: it closes brackets and quotes that the keys then type
/// over, so the text must hold the typed characters and no more than they add; and it indents
/// a new line on its own, which the keys' own indentation then adds to (YAML and Python mean
/// by it), so every line typed after a line break must stand as typed (trailing spaces aside).
fn code_editor(f: &TypedField, typed: &str) -> Held {
    let held = editor_characters(f, typed);
    if held != Held::Kept {
        return held;
    }
    let line = |l: &str| l.replace('\u{a0}', " ").trim_end().to_owned();
    let lines: Vec<String> = f.now.lines().map(line).collect();
    let moved = typed
        .split('\n')
        .skip(1)
        .map(line)
        .filter(|l| !l.trim().is_empty())
        .any(|l| !lines.contains(&l));
    if moved { Held::Other } else { Held::Kept }
}

/// A code editor's characters after `typed`, whitespace aside.
fn editor_characters(f: &TypedField, typed: &str) -> Held {
    let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let (now, typed, before) = (
        strip(&f.now),
        strip(typed),
        strip(&format!("{}{}", f.head, f.tail)),
    );
    if typed.is_empty() {
        return Held::Unknown;
    }
    let (n, limit) = (
        now.chars().count(),
        before.chars().count() + typed.chars().count(),
    );
    if n > limit {
        Held::More
    } else if !now.contains(&typed) {
        if n < limit { Held::Fewer } else { Held::Other }
    } else {
        Held::Kept
    }
}

/// Judge field `f` again once the focus has left it, holding `now`: a page may rewrite typed
/// text then (a date picker parses it in its own format, a select-like box puts back its
/// choice). Unchanged since the keys, it stands as judged then; emptied, it cannot be told (a
/// tag input takes its last word as the focus goes); else it must still hold the text as a
/// page keeps such text, or the same date, time or number written another way.
pub fn judge_after(f: &TypedField, now: &str, typed: &str) -> Held {
    if !f.judged || f.secret || !matches!(f.kind.as_str(), "input" | "textarea") {
        return Held::Unknown;
    }
    let typed: String = typed.chars().filter(|&c| c != '\r').collect();
    if now == f.now || now.trim().is_empty() || fold(&typed).is_empty() {
        return Held::Unknown;
    }
    if now.contains(typed.as_str()) || fold(now).contains(&fold(&typed)) {
        return Held::Kept;
    }
    if same_number(&typed, now) || same_moment(&typed, now) {
        return Held::Kept;
    }
    Held::Other
}

/// Whether both texts are one number (grouping, currency and trailing zeros aside), read as
/// the extraction reads numbers ([`crate::normalize::number`]); no text with words in it.
fn same_number(a: &str, b: &str) -> bool {
    let num = |s: &str| {
        let worded = s
            .chars()
            .any(|c| c.is_alphabetic() && !matches!(c, 'e' | 'E'));
        (!worded)
            .then(|| crate::normalize::number(s, crate::normalize::DecimalMark::Unknown))
            .flatten()
    };
    matches!((num(a), num(b)), (Some(x), Some(y)) if x.as_f64() == y.as_f64())
}

/// The parts of a date or time as numbers, month names as their numbers and the hour on the
/// 24-hour clock, in order of writing: what stays when a page writes the same date or time in
/// another format (`2024-05-20`, `20/05/2024`, `May 20th, 2024`; `14:30`, `2:30 PM`).
fn moment_parts(s: &str) -> Vec<u32> {
    let lower = s.to_lowercase();
    let words = || lower.split(|c: char| !c.is_alphanumeric());
    let (pm, am) = (words().any(|w| w == "pm"), words().any(|w| w == "am"));
    let mut parts = Vec::new();
    let mut rest = lower.as_str();
    let mut hour_read = false;
    while let Some(start) = rest.find(char::is_alphanumeric) {
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(tail.len());
        let word = &tail[..end];
        // The hour is the first number right before a colon.
        let hour = !hour_read && tail[end..].starts_with(':');
        let digits = ["st", "nd", "rd", "th"]
            .iter()
            .find_map(|o| word.strip_suffix(o))
            .unwrap_or(word);
        if let Ok(n) = digits.parse::<u32>() {
            hour_read |= hour;
            parts.push(match (hour, pm, am) {
                (true, true, _) if n < 12 => n + 12,
                (true, _, true) if n == 12 => 0,
                _ => n,
            });
        } else if let Some(m) = crate::normalize::month_of(word) {
            parts.push(m);
        }
        rest = &tail[end..];
    }
    parts
}

/// Whether two texts name one date or time: the same parts, a two-digit year standing for the
/// four-digit one the other gives.
fn same_moment(a: &str, b: &str) -> bool {
    let (mut x, mut y) = (moment_parts(a), moment_parts(b));
    if x.len() < 2 || x.len() != y.len() {
        return false;
    }
    let years = |v: &[u32]| v.iter().copied().filter(|n| *n >= 1000).collect::<Vec<_>>();
    let (ya, yb) = (years(&x), years(&y));
    for n in x.iter_mut() {
        if let Some(full) = yb
            .iter()
            .find(|full| *n < 100 && **full % 100 == *n && ya.is_empty())
        {
            *n = *full;
        }
    }
    for n in y.iter_mut() {
        if let Some(full) = ya
            .iter()
            .find(|full| *n < 100 && **full % 100 == *n && yb.is_empty())
        {
            *n = *full;
        }
    }
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

/// Compared by length alone (a password field's text never leaves the page).
fn by_length(now: usize, expected: usize) -> Held {
    match now.cmp(&expected) {
        std::cmp::Ordering::Equal => Held::Kept,
        std::cmp::Ordering::Less => Held::Fewer,
        std::cmp::Ordering::Greater => Held::More,
    }
}

/// Letters and digits only, lowercased: what a mask, a case rule or trimming leaves of text.
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The failure of keys whose text the field does not hold: the keys went out, so it says so,
/// and what to do before typing again.
pub fn not_kept(held: Held) -> Option<Failure> {
    let reason = match held {
        Held::Kept | Held::Unknown => return None,
        Held::Fewer => {
            "the keys went out, but the field holds fewer characters than they type: the page cut or refused some (a length limit, characters it does not take); read the field before typing again"
        }
        Held::More => {
            "the keys went out, but the field holds more than they type: the page added characters (an editor closing brackets or quotes again, a completion taken by Enter); read the field, then clear it or type with insertText: true"
        }
        Held::Other => {
            "the keys went out, but the field holds other characters than they type (a code editor indents each new line on its own, on top of the typed indentation); read the field, then clear it or type with insertText: true"
        }
    };
    let held = match held {
        Held::Fewer => "fewer",
        Held::More => "more",
        _ => "other",
    };
    Some(Failure::of(FailureKind::NotKept, reason).with("held", held))
}

/// The failure of text a page rewrote once the focus left the field: the field no longer
/// holds what was typed, nor the same date, time or number.
pub fn rewritten(held: Held) -> Option<Failure> {
    (held == Held::Other).then(|| {
        Failure::of(
            FailureKind::NotKept,
            "the field held the typed text, but the page rewrote it as the focus left it (a date picker reading it in a format of its own): it now holds other text; read the field, then type the value as the page writes it",
        )
        .with("held", "other")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(kind: &str, head: &str, tail: &str, now: &str) -> TypedField {
        TypedField {
            judged: true,
            kind: kind.into(),
            head: head.into(),
            tail: tail.into(),
            kept: head.encode_utf16().count() + tail.encode_utf16().count(),
            now_length: now.encode_utf16().count(),
            now: now.into(),
            ..TypedField::default()
        }
    }

    #[test]
    fn text_typed_at_the_caret_is_held() {
        assert_eq!(judge(&field("input", "ab", "yz", "abXyz"), "X"), Held::Kept);
        assert_eq!(
            judge(&field("textarea", "", "", "a\nb"), "a\r\nb"),
            Held::Kept
        );
    }

    #[test]
    fn what_pages_do_to_text_they_keep_is_held() {
        // A phone mask, an upper-casing field, an inline completion, a trimmed value.
        assert_eq!(
            judge(&field("input", "", "", "(555) 123-4567"), "5551234567"),
            Held::Kept
        );
        assert_eq!(judge(&field("input", "", "", "ABC"), "abc"), Held::Kept);
        assert_eq!(
            judge(&field("input", "", "", "New York"), "New Y"),
            Held::Kept
        );
        assert_eq!(
            judge(&field("input", "", "", "hello"), "hello "),
            Held::Kept
        );
    }

    #[test]
    fn text_a_page_took_as_it_came_is_held() {
        let mut tags = field("input", "", "", "ru");
        assert_eq!(judge(&tags, "python,ru"), Held::Fewer);
        tags.mutations = 3;
        assert_eq!(judge(&tags, "python,ru"), Held::Kept);
        let mut chat = field("textarea", "", "", "");
        chat.mutations = 12;
        assert_eq!(judge(&chat, "Hello there\n"), Held::Kept);
        // Keys a select holding a choice refused, while it opened its list.
        let mut refused = field("input", "", "", "");
        refused.mutations = 5;
        assert_eq!(judge(&refused, "Cher"), Held::Fewer);
    }

    #[test]
    fn text_cut_refused_or_added_to_is_not_held() {
        // A length limit, letters in a number field, a duplicated character.
        assert_eq!(
            judge(&field("input", "", "", "abcde"), "abcdefgh"),
            Held::Fewer
        );
        assert_eq!(judge(&field("input", "", "", ""), "abc"), Held::Fewer);
        assert_eq!(judge(&field("input", "", "", "aabbc"), "abc"), Held::More);
        assert!(not_kept(Held::Fewer).is_some());
        assert!(not_kept(Held::Kept).is_none());
    }

    #[test]
    fn keys_that_act_or_write_no_text_are_not_judged() {
        assert_eq!(judge(&field("input", "", "", ""), "a\nb"), Held::Unknown);
        let mut date = field("input", "", "", "2024-01-05");
        date.input_type = Some("date".into());
        assert_eq!(judge(&date, "01052024"), Held::Unknown);
        assert_eq!(judge(&field("input", "x", "", "x"), "  "), Held::Unknown);
        let mut gone = field("input", "", "", "");
        gone.judged = false;
        assert_eq!(judge(&gone, "abc"), Held::Unknown);
    }

    #[test]
    fn a_password_field_is_judged_by_its_length() {
        let mut p = field("input", "", "", "");
        p.secret = true;
        p.kept = 0;
        p.now_length = 5;
        assert_eq!(judge(&p, "hunter"), Held::Fewer);
        p.now_length = 6;
        assert_eq!(judge(&p, "hunter"), Held::Kept);
    }

    #[test]
    fn a_code_editor_may_close_but_adds_nothing_and_keeps_each_typed_line() {
        // Brackets closed and typed over; a line break the editor left unindented.
        let e = field("editor", "def f():", "", "def f():\n    return (1)\n");
        assert_eq!(judge(&e, "\n    return (1)\n"), Held::Kept);
        // Indented on its own, then by the keys again (YAML's meaning changed).
        let e = field("editor", "", "", "ops:\n  greet:\n      config:");
        assert_eq!(judge(&e, "ops:\n  greet:\n    config:"), Held::Other);
        // Closed again: one bracket too many.
        let e = field("editor", "", "", "print(f\"{x}\")\")");
        assert_eq!(judge(&e, "print(f\"{x}\")"), Held::More);
        // A completion taken by Enter.
        let e = field("editor", "", "", "print\n");
        assert_eq!(judge(&e, "pri\n"), Held::More);
    }

    #[test]
    fn a_rich_editor_is_judged_only_when_it_took_nothing() {
        assert_eq!(judge(&field("rich", "hi", "", "hi"), "there"), Held::Fewer);
        assert_eq!(
            judge(&field("rich", "hi", "", "hi"), "# there"),
            Held::Fewer
        );
        assert_eq!(
            judge(&field("rich", "", "", "Title"), "# Title"),
            Held::Unknown
        );
    }

    #[test]
    fn text_a_page_rewrote_as_the_focus_left_is_judged_again() {
        let f = field("input", "", "", "2024-05-20");
        // Read in the field's own format: another date.
        assert_eq!(judge_after(&f, "14/11/2025", "2024-05-20"), Held::Other);
        // The same date, time or number written the page's way.
        assert_eq!(judge_after(&f, "20/05/2024", "2024-05-20"), Held::Kept);
        assert_eq!(judge_after(&f, "May 20th, 2024", "2024-05-20"), Held::Kept);
        assert_eq!(judge_after(&f, "20/05/24", "2024-05-20"), Held::Kept);
        let t = field("input", "", "", "14:30");
        assert_eq!(judge_after(&t, "2:30 PM", "14:30"), Held::Kept);
        assert_eq!(judge_after(&t, "2:30 AM", "14:30"), Held::Other);
        let m = field("input", "", "", "00:30");
        assert_eq!(judge_after(&m, "12:30 AM", "00:30"), Held::Kept);
        let n = field("input", "", "", "0.50");
        assert_eq!(judge_after(&n, "0.5", "0.50"), Held::Kept);
        assert_eq!(judge_after(&n, "$1,234.50", "1234.5"), Held::Kept);
        assert_eq!(judge_after(&n, "0.6", "0.50"), Held::Other);
        // A mask, a case rule and a completion keep the text.
        let p = field("input", "", "", "5551234567");
        assert_eq!(judge_after(&p, "(555) 123-4567", "5551234567"), Held::Kept);
        assert_eq!(judge_after(&p, "NEW YORK", "new york"), Held::Kept);
        assert_eq!(judge_after(&p, "New York, NY", "New Yo"), Held::Kept);
        // A box that puts its choice back took nothing of the text.
        let c = field("input", "", "", "Fra");
        assert_eq!(judge_after(&c, "Germany", "Fra"), Held::Other);
        // Unchanged since the keys, emptied (a tag input took the word), a password: as judged
        // then, or not told.
        assert_eq!(judge_after(&c, "Fra", "Fra"), Held::Unknown);
        assert_eq!(judge_after(&c, "", "Fra"), Held::Unknown);
        let mut secret = field("input", "", "", "");
        secret.secret = true;
        assert_eq!(judge_after(&secret, "x", "hunter2"), Held::Unknown);
        assert_eq!(
            judge_after(&field("editor", "", "", "a"), "b", "a"),
            Held::Unknown
        );
    }
}
