//! Confirmation by the person behind the client (`--confirm-by`): the one place where an
//! action the policy confirms is put to the person instead of the model. The gate issues its
//! token as ever ([`crate::tools::kernel::gate::confirm`]); the call path then hands the
//! question to the person through the client (MCP elicitation) and spends the token itself on
//! their `accept`, so a page that talks the model into an action cannot talk it into
//! confirming too. How the person is reached is the MCP layer's: it sets [`Reach`] per call.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::ConfirmBy;
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::tool::{Services, Tool};

/// What the person answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Go ahead.
    Accept,
    /// They said no.
    Decline,
    /// They dismissed the question without choosing.
    Cancel,
    /// No answer: the client failed the request, it timed out, or the connection ended.
    Unanswered,
}

impl Answer {
    /// Its name in the audit log: the elicitation action, or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Decline => "decline",
            Answer::Cancel => "cancel",
            Answer::Unanswered => "none",
        }
    }

    /// The answer an elicitation result's `action` gives.
    pub fn from_action(action: Option<&str>) -> Answer {
        match action {
            Some("accept") => Answer::Accept,
            Some("decline") => Answer::Decline,
            Some("cancel") => Answer::Cancel,
            _ => Answer::Unanswered,
        }
    }
}

/// A question being asked; resolves to the answer.
pub type Asking = Pin<Box<dyn Future<Output = Answer> + Send>>;

/// A connection that can ask its person while a call runs (elicitation in the handshake
/// revisions).
pub trait Ask: Send + Sync {
    /// Put `message` (Glass's words only) to the person.
    fn ask(&self, message: String) -> Asking;
}

/// How the person behind this call can be reached.
#[derive(Clone, Default)]
pub enum Reach {
    /// Not at all: the client declared no elicitation (or the call came from the command line).
    #[default]
    Unreachable,
    /// Asked while the call waits.
    Now(Arc<dyn Ask>),
    /// Asked between two rounds of the call (the stateless revision): the call ends asking, and
    /// the client calls again with the answer and the state it was given.
    Rounds(Option<RoundAnswer>),
}

/// The person's answer a later round of a call carries, with the state the question gave.
#[derive(Clone, Debug)]
pub struct RoundAnswer {
    /// What they answered.
    pub answer: Answer,
    /// The state the question carried (the confirmation token, never shown to the model).
    pub state: Option<String>,
}

/// How a call ended: with its outcome, or with a question for the person (stateless rounds).
pub enum Ended {
    /// The outcome to answer.
    Done(ToolOutcome),
    /// Ask the person `message`; the client calls again with their answer and `state`.
    Ask {
        /// Glass's words for the question.
        message: String,
        /// What the next round must carry back (the confirmation token).
        state: String,
    },
}

impl Ended {
    /// The outcome, where a question cannot be asked (the command line, a handshake client):
    /// only a call that reaches its person by rounds ends asking.
    pub fn outcome(self) -> ToolOutcome {
        match self {
            Ended::Done(outcome) => outcome,
            Ended::Ask { .. } => ToolOutcome::Failed(Failure::new(
                Kind::Internal,
                "a question for the person could not be asked",
            )),
        }
    }
}

/// Before the call runs: refuse a token the model gives where only the person confirms, and
/// turn a later round's answer into the token (or the refusal it means). `Ok(Some(answer))`:
/// the person's answer this round carried.
pub fn before(
    services: &Services,
    reach: &Reach,
    args: &mut Map<String, Value>,
) -> Result<Option<Answer>, ToolOutcome> {
    let by = services.policy.confirm_by();
    if let Reach::Rounds(Some(round)) = reach {
        if by != ConfirmBy::Model {
            return match (round.answer, &round.state) {
                (Answer::Accept, Some(token)) => {
                    args.insert("confirmToken".into(), Value::String(token.clone()));
                    Ok(Some(Answer::Accept))
                }
                (Answer::Accept, None) => Err(not_confirmed(Answer::Unanswered).into()),
                (answer, _) => Err(not_confirmed(answer).into()),
            };
        }
    }
    if by == ConfirmBy::Person && args.get("confirmToken").is_some_and(|t| !t.is_null()) {
        return Err(Failure::of(
            FailureKind::PersonConfirms,
            "only the person confirms this session's actions, through the client; call again without confirmToken",
        )
        .into());
    }
    Ok(None)
}

/// After the call ran: a confirmation it asks for goes to the person where the policy says
/// so and the client can ask. `Now`: asked at once, and on `accept` the call runs again with
/// its token (`again`); `Rounds`: the call ends with the question. With the end, the person's
/// answer when they were asked here.
pub async fn after<F, Fut>(
    services: &Services,
    tool: &Tool,
    reach: &Reach,
    args: &Map<String, Value>,
    outcome: ToolOutcome,
    again: F,
) -> (Ended, Option<Answer>)
where
    F: FnOnce(Map<String, Value>) -> Fut,
    Fut: Future<Output = ToolOutcome>,
{
    let by = services.policy.confirm_by();
    let token = match &outcome {
        ToolOutcome::Failed(f)
            if f.kind() == Kind::ConfirmationRequired && by != ConfirmBy::Model =>
        {
            f.get("confirmToken")
                .and_then(Value::as_str)
                .map(str::to_owned)
        }
        _ => None,
    };
    let (Some(token), ToolOutcome::Failed(f)) = (token, &outcome) else {
        return (Ended::Done(outcome), None);
    };
    let summary = f.get("summary").and_then(Value::as_str).unwrap_or("");
    let message = question(
        tool,
        summary,
        &files_named(args),
        services.session.page_host().as_deref(),
    );
    let ended = match reach {
        Reach::Now(asker) => {
            let answer = asker.ask(message).await;
            let ended = match answer {
                Answer::Accept => {
                    let mut args = args.clone();
                    args.insert("confirmToken".into(), Value::String(token));
                    Ended::Done(again(args).await)
                }
                answer => Ended::Done(not_confirmed(answer).into()),
            };
            return (ended, Some(answer));
        }
        Reach::Rounds(_) => Ended::Ask {
            message,
            state: token,
        },
        Reach::Unreachable if by == ConfirmBy::Person => Ended::Done(
            Failure::of(
                FailureKind::NoPersonToAsk,
                "this action needs the person's confirmation and this client cannot ask for one (it declared no elicitation); nothing was done. Use a client that supports MCP elicitation, or run Glass with --confirm-by model",
            )
            .with("summary", summary)
            .into(),
        ),
        Reach::Unreachable => Ended::Done(outcome),
    };
    (ended, None)
}

/// The question, in Glass's words: the tool, what it would do (the gate's summary, which never
/// quotes the page or typed text), the files it would give the page (their names: the person
/// must know which; the model chose them, so it learns nothing) and the page's host.
fn question(tool: &Tool, summary: &str, files: &str, host: Option<&str>) -> String {
    let on = host.map_or(String::new(), |h| format!(" on {h}"));
    format!(
        "Glass, the browser your assistant drives, asks to {summary}{files}{on} (tool {}). Allow it this once?",
        tool.name
    )
}

/// The names of the files a call would give the page (`files`), at most three, each cut short.
fn files_named(args: &Map<String, Value>) -> String {
    let Some(files) = args.get("files").and_then(Value::as_array) else {
        return String::new();
    };
    let names: Vec<String> = files
        .iter()
        .filter_map(Value::as_str)
        .take(3)
        .map(|p| {
            let name = std::path::Path::new(p)
                .file_name()
                .map_or_else(|| p.to_owned(), |n| n.to_string_lossy().into_owned());
            crate::redact::bounded_text(&name, 60)
        })
        .collect();
    if names.is_empty() {
        return String::new();
    }
    let more = files.len().saturating_sub(names.len());
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!(" ({}{more})", names.join(", "))
}

/// The failure of a question the person did not accept.
fn not_confirmed(answer: Answer) -> Failure {
    let (kind, reason) = match answer {
        Answer::Decline => (
            FailureKind::Declined,
            "the person declined the action; nothing was done",
        ),
        Answer::Cancel => (
            FailureKind::Dismissed,
            "the person dismissed the question without choosing; nothing was done",
        ),
        Answer::Accept | Answer::Unanswered => (
            FailureKind::Unanswered,
            "the person's answer did not come (the client could not ask, or it took too long); nothing was done",
        ),
    };
    Failure::of(kind, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_from_its_action_and_anything_else_is_no_answer() {
        assert_eq!(Answer::from_action(Some("accept")), Answer::Accept);
        assert_eq!(Answer::from_action(Some("decline")), Answer::Decline);
        assert_eq!(Answer::from_action(Some("cancel")), Answer::Cancel);
        assert_eq!(Answer::from_action(Some("yes")), Answer::Unanswered);
        assert_eq!(Answer::from_action(None), Answer::Unanswered);
    }

    #[test]
    fn a_question_names_the_files_an_upload_would_give_by_name_only() {
        let args = serde_json::json!({"files": ["/home/a/notes.txt", "/tmp/b.csv", "c", "d"]});
        let named = files_named(args.as_object().unwrap());
        assert_eq!(named, " (notes.txt, b.csv, c and 1 more)");
        assert_eq!(files_named(&Map::new()), "");
    }

    #[test]
    fn each_refusal_has_its_own_kind_and_says_nothing_was_done() {
        for (answer, kind) in [
            (Answer::Decline, "declined"),
            (Answer::Cancel, "dismissed"),
            (Answer::Unanswered, "unanswered"),
        ] {
            let f = not_confirmed(answer).to_json();
            assert_eq!(f["kind"], "notConfirmed");
            assert_eq!(f["failureKind"], kind);
            assert!(f["reason"].as_str().unwrap().contains("nothing was done"));
        }
    }
}
