//! Mutation leases between the clients of one daemon (`glass daemon`): several MCP clients
//! share one browser, and while more than one is connected, a call that may change a page needs
//! the lease token of the client that holds it; reads never do. A lease ends when its TTL
//! passes, when its holder releases it, or when its holder disconnects. Tokens are never
//! logged and never shown to another client.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

/// Shortest and longest lease, in milliseconds.
pub const TTL_RANGE: (u64, u64) = (1_000, 900_000);

/// One daemon's clients and its lease.
#[derive(Debug, Default)]
pub struct Leases {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    next: u64,
    /// Connected clients (a connection counts from its first request other than the
    /// `glass/session` probe) and the name each gave at `initialize`.
    clients: BTreeMap<u64, String>,
    holder: Option<Held>,
    /// How far this state's clock runs ahead of the real one: always zero but in unit tests,
    /// which move it (`Leases::advance`) instead of waiting out a lease.
    skew: Duration,
}

#[derive(Debug, Clone)]
struct Held {
    client: u64,
    token: String,
    until: Instant,
    until_unix_ms: u64,
}

/// Why a lease request or a mutating call was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Another client holds the lease (its status says who and until when).
    Held(Value),
    /// Several clients are connected and the call carries no valid token of this client's.
    Required(Value),
    /// The token is not this client's current lease.
    WrongToken(Value),
}

impl State {
    /// Now, on this state's clock.
    fn now(&self) -> Instant {
        Instant::now() + self.skew
    }

    /// Milliseconds since the Unix epoch, `after` from now, on this state's clock.
    fn unix_ms(&self, after: Duration) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| (d + self.skew + after).as_millis() as u64)
    }
}

fn new_token() -> String {
    let b = crate::confirm::random_bytes();
    format!(
        "lt_{}",
        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
    )
}

impl State {
    /// The holder, once an expired lease is dropped.
    fn holder(&mut self) -> Option<&Held> {
        if self.holder.as_ref().is_some_and(|h| h.until <= self.now()) {
            self.holder = None;
        }
        self.holder.as_ref()
    }

    fn status(&mut self, client: u64) -> Value {
        let clients = self.clients.len();
        let names = self.clients.clone();
        match self.holder().cloned() {
            None => json!({"holder": null, "clients": clients}),
            Some(h) => json!({
                "holder": {"client": h.client, "name": names.get(&h.client).cloned().unwrap_or_default()},
                "expiresAt": h.until_unix_ms,
                "yours": h.client == client,
                "clients": clients,
            }),
        }
    }
}

impl Leases {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new connection: its id. It is not counted as a client until it [`joins`](Self::join),
    /// so a probe that only asks for the daemon's session options never makes a lone client
    /// need the lease.
    pub fn connect(&self) -> u64 {
        let mut s = self.lock();
        s.next += 1;
        s.next
    }

    /// The connection made a request of a client (anything but the session probe): from now
    /// on it counts among the clients sharing the browser.
    pub fn join(&self, client: u64) {
        self.lock().clients.entry(client).or_default();
    }

    /// The name a client gave at `initialize` (bounded), shown to the others as the holder.
    pub fn name(&self, client: u64, name: &str) {
        let name = crate::redact::bounded_text(name, 64);
        *self.lock().clients.entry(client).or_default() = name;
    }

    /// A client disconnected: its lease, if it held one, ends with it.
    pub fn disconnect(&self, client: u64) {
        let mut s = self.lock();
        s.clients.remove(&client);
        if s.holder.as_ref().is_some_and(|h| h.client == client) {
            s.holder = None;
        }
    }

    /// Who holds the lease and until when, as `client` sees it.
    pub fn status(&self, client: u64) -> Value {
        self.lock().status(client)
    }

    /// Take the lease for `ttl`, or renew this client's own; refused while another holds it.
    pub fn acquire(&self, client: u64, ttl: Duration) -> Result<Value, Refusal> {
        let mut s = self.lock();
        if let Some(h) = s.holder() {
            if h.client != client {
                return Err(Refusal::Held(s.status(client)));
            }
        }
        let token = new_token();
        let (until, until_unix_ms) = (s.now() + ttl, s.unix_ms(ttl));
        s.holder = Some(Held {
            client,
            token: token.clone(),
            until,
            until_unix_ms,
        });
        let mut v = s.status(client);
        v["token"] = json!(token);
        Ok(v)
    }

    /// Extend this client's lease by `ttl` from now.
    pub fn renew(&self, client: u64, token: &str, ttl: Duration) -> Result<Value, Refusal> {
        let mut s = self.lock();
        match s.holder() {
            Some(h) if h.client == client && h.token == token => {}
            Some(h) if h.client != client => return Err(Refusal::Held(s.status(client))),
            _ => return Err(Refusal::WrongToken(s.status(client))),
        }
        let (until, until_unix_ms) = (s.now() + ttl, s.unix_ms(ttl));
        if let Some(h) = s.holder.as_mut() {
            h.until = until;
            h.until_unix_ms = until_unix_ms;
        }
        Ok(s.status(client))
    }

    /// Give this client's lease up.
    pub fn release(&self, client: u64, token: &str) -> Result<Value, Refusal> {
        let mut s = self.lock();
        match s.holder() {
            Some(h) if h.client == client && h.token == token => {
                s.holder = None;
                Ok(s.status(client))
            }
            Some(h) if h.client != client => Err(Refusal::Held(s.status(client))),
            _ => Err(Refusal::WrongToken(s.status(client))),
        }
    }

    /// Whether `client` may make a call that may change a page now: always while it is the
    /// only client, and always while it holds the lease (a connection is its own identity: its
    /// calls need no token); with others connected and no lease held, not until it takes one.
    /// A token given on a connection that does not hold the lease is refused.
    pub fn check_mutation(&self, client: u64, token: Option<&str>) -> Result<(), Refusal> {
        let mut s = self.lock();
        let alone = s.clients.len() <= 1;
        match s.holder().cloned() {
            Some(h) if h.client == client => Ok(()),
            Some(_) => Err(Refusal::Held(s.status(client))),
            None if token.is_some() => Err(Refusal::WrongToken(s.status(client))),
            None if alone => Ok(()),
            None => Err(Refusal::Required(s.status(client))),
        }
    }

    /// Moves this daemon's lease clock forward, so a test sees a lease end without waiting.
    #[cfg(test)]
    fn advance(&self, by: Duration) {
        self.lock().skew += by;
    }

    /// Whether `client` shares the browser with another connected client (only then is the
    /// lease worth telling it about).
    pub fn shared(&self) -> bool {
        self.lock().clients.len() > 1
    }

    /// The holder's own token, to renew or release the lease from its connection.
    pub fn token_of(&self, client: u64) -> Option<String> {
        let mut s = self.lock();
        s.holder()
            .filter(|h| h.client == client)
            .map(|h| h.token.clone())
    }
}

tokio::task_local! {
    /// The daemon client a tool call runs for, and the lease token its call gave, if any.
    pub static CLIENT: (u64, Option<String>);
}

/// Run a tool call for daemon client `client` (the `lease` tool acts for it, and the call
/// path checks the lease for it).
pub async fn as_client<F: std::future::Future>(
    client: u64,
    token: Option<String>,
    call: F,
) -> F::Output {
    CLIENT.scope((client, token), call).await
}

/// The call path's lease step: among a daemon's clients, a call that may change anything needs
/// the lease (its connection holds it, or it is the only client). `Ok` outside a daemon.
pub fn check(leases: Option<&Leases>) -> Result<(), crate::tools::kernel::outcome::ToolOutcome> {
    let (Some(leases), Ok((client, token))) = (leases, CLIENT.try_with(|c| c.clone())) else {
        return Ok(());
    };
    leases
        .check_mutation(client, token.as_deref())
        .map_err(|r| lease_failure(r).into())
}

/// The failure of a call that may change a page, refused for want of the lease.
pub fn lease_failure(refusal: Refusal) -> crate::failure::Failure {
    use crate::failure::{Failure, FailureKind};
    let (kind, reason, status) = match refusal {
        Refusal::Held(s) => (
            FailureKind::LeaseHeld,
            "another client of this browser holds the mutation lease; reads still work",
            s,
        ),
        Refusal::Required(s) => (
            FailureKind::LeaseRequired,
            "several clients share this browser: take the lease first (the lease tool, action acquire); reads never need it",
            s,
        ),
        Refusal::WrongToken(s) => (
            FailureKind::LeaseRequired,
            "this connection does not hold the lease",
            s,
        ),
    };
    let mut f = Failure::of(kind, reason);
    if let Some(h) = status.get("holder").filter(|h| !h.is_null()) {
        f = f.with("holder", h.clone());
    }
    if let Some(e) = status.get("expiresAt") {
        f = f.with("expiresAt", e.clone());
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_and_the_lease_is_needed_only_with_company() {
        let l = Leases::default();
        let a = l.connect();
        l.join(a);
        assert_eq!(l.check_mutation(a, None), Ok(()), "alone, no lease needed");
        // A connection that only probed the session options is not a client.
        let probe = l.connect();
        assert_eq!(l.check_mutation(a, None), Ok(()), "a probe is not company");
        assert_eq!(l.status(a)["clients"], 1);
        l.disconnect(probe);
        let b = l.connect();
        l.name(b, "codex");
        assert!(matches!(
            l.check_mutation(a, None),
            Err(Refusal::Required(_))
        ));
        let grant = l.acquire(b, Duration::from_secs(60)).unwrap();
        let token = grant["token"].as_str().unwrap().to_owned();
        assert_eq!(grant["holder"]["name"], "codex");
        assert_eq!(grant["yours"], true);
        match l.check_mutation(a, None) {
            Err(Refusal::Held(s)) => {
                assert_eq!(s["holder"]["client"], b);
                assert!(s["expiresAt"].as_u64().unwrap() > 0);
                assert!(s.get("token").is_none(), "never shown to another client");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            l.acquire(a, Duration::from_secs(5)),
            Err(Refusal::Held(_))
        ));
        // The holder's connection is its identity: with or without the token.
        assert_eq!(l.check_mutation(b, Some(&token)), Ok(()));
        assert_eq!(l.check_mutation(b, None), Ok(()));
        assert_eq!(l.token_of(b).as_deref(), Some(token.as_str()));
        assert_eq!(l.token_of(a), None);
        l.renew(b, &token, Duration::from_secs(120)).unwrap();
        l.release(b, &token).unwrap();
        assert!(matches!(
            l.check_mutation(a, None),
            Err(Refusal::Required(_))
        ));
        // A holder that disconnects releases its lease.
        let again = l.acquire(a, Duration::from_secs(60)).unwrap();
        l.disconnect(a);
        assert!(l.status(b)["holder"].is_null(), "{again}");
        assert_eq!(l.check_mutation(b, None), Ok(()), "alone again");
    }

    #[test]
    fn a_lease_ends_with_its_ttl() {
        let l = Leases::default();
        let (a, b) = (l.connect(), l.connect());
        l.join(a);
        l.join(b);
        l.acquire(a, Duration::from_millis(1_000)).unwrap();
        l.advance(Duration::from_millis(999));
        assert!(matches!(
            l.acquire(b, Duration::from_secs(1)),
            Err(Refusal::Held(_))
        ));
        assert!(l.check_mutation(a, None).is_ok(), "still the holder's");
        l.advance(Duration::from_millis(1));
        assert!(l.status(a)["holder"].is_null(), "ended at its TTL");
        assert!(l.acquire(b, Duration::from_secs(1)).is_ok());
    }

    #[test]
    fn a_renewed_lease_ends_its_ttl_after_the_renewal() {
        let l = Leases::default();
        let (a, b) = (l.connect(), l.connect());
        l.join(a);
        l.join(b);
        let token = l.acquire(a, Duration::from_millis(1_000)).unwrap()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let first = l.status(a)["expiresAt"].as_u64().unwrap();
        l.advance(Duration::from_millis(800));
        let renewed = l.renew(a, &token, Duration::from_millis(1_000)).unwrap();
        assert!(
            renewed["expiresAt"].as_u64().unwrap() >= first + 800,
            "{renewed}"
        );
        // Past the first deadline, before the renewed one: still held.
        l.advance(Duration::from_millis(900));
        assert!(matches!(l.check_mutation(b, None), Err(Refusal::Held(_))));
        assert_eq!(l.status(b)["holder"]["client"], a);
        // Past the renewed one: free, and another client takes it.
        l.advance(Duration::from_millis(100));
        assert!(l.status(b)["holder"].is_null());
        assert!(l.acquire(b, Duration::from_secs(1)).is_ok());
        // A renewal with a stale token is refused and changes nothing.
        assert!(matches!(
            l.renew(a, &token, Duration::from_secs(60)),
            Err(Refusal::Held(_))
        ));
    }
}
