//! Knowledge records: what Glass learned from verified executions on a site (this intent on
//! this origin resolved to an element of this role and name, in this region, and it worked or
//! did not). Records are advisory: they never create a candidate, never authorize an action,
//! and hold no page text beyond roles and names, no form values and no query strings.

use serde::Serialize;

use super::{Store, StoreError};

/// Most records kept; the least useful are deleted first (contradicted, quarantined and stale
/// before fresh, then the longest unseen).
pub const MAX_RECORDS: usize = 10_000;
/// A fresh record unseen this long reads as stale.
pub const STALE_AFTER_SECS: u64 = 30 * 24 * 3600;
/// Longest intent, region or name kept.
const MAX_FIELD: usize = 256;

/// A record's lifecycle state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RecordState {
    /// Verified recently, more successes than failures.
    Fresh,
    /// Not seen for 30 days, or marked so.
    Stale,
    /// Failed more often than it worked, or marked so.
    Contradicted,
    /// Set aside by the caller; never used as evidence.
    Quarantined,
}

impl RecordState {
    /// Its wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            RecordState::Fresh => "fresh",
            RecordState::Stale => "stale",
            RecordState::Contradicted => "contradicted",
            RecordState::Quarantined => "quarantined",
        }
    }

    /// The state of a wire name.
    pub fn parse(s: &str) -> Option<RecordState> {
        [
            RecordState::Fresh,
            RecordState::Stale,
            RecordState::Contradicted,
            RecordState::Quarantined,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// What a record is about: where, for whom, which intent, and what resolved it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scope {
    /// scheme://host[:port], nothing more.
    pub origin: String,
    /// anonymous (a throwaway profile), authenticated or profileBound (a kept profile).
    pub profile_scope: String,
    /// The page's language (`lang`), or empty.
    pub locale: String,
    /// The intent's words, lower-cased.
    pub intent: String,
    /// The action (click, type, submit...).
    pub action: String,
    /// The region it was in (`role:name`), or empty.
    pub region: String,
    /// The resolved element's role.
    pub role: String,
    /// The resolved element's accessible name (bounded).
    pub name: String,
}

/// One record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Its id.
    pub id: i64,
    /// What it is about.
    #[serde(flatten)]
    pub scope: Scope,
    /// Verified executions.
    pub successes: u64,
    /// Executions whose verification failed.
    pub failures: u64,
    /// First learned, Unix seconds.
    pub first_seen: u64,
    /// Last learned, Unix seconds.
    pub last_seen: u64,
    /// Its state now (a fresh record unseen for 30 days reads stale).
    pub state: RecordState,
}

/// Counts over the store.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Records in all.
    pub records: u64,
    /// Fresh ones.
    pub fresh: u64,
    /// Stale ones.
    pub stale: u64,
    /// Contradicted ones.
    pub contradicted: u64,
    /// Quarantined ones.
    pub quarantined: u64,
    /// Distinct origins.
    pub origins: u64,
}

/// Unix seconds now.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn bounded(s: &str) -> String {
    crate::redact::bounded_text(s.trim(), MAX_FIELD)
}

/// The origin of a URL (`scheme://host[:port]`), if it has one a record can be about.
pub fn origin_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    match u.scheme() {
        "http" | "https" => {}
        _ => return None,
    }
    let o = u.origin().ascii_serialization();
    (o != "null").then_some(o)
}

const COLUMNS: &str = "id, origin, profile_scope, locale, intent, action, region, role, name, \
                       successes, failures, first_seen, last_seen, state";

fn record_of(r: &rusqlite::Row<'_>, now: u64) -> Result<Record, rusqlite::Error> {
    let stored: String = r.get(13)?;
    let last_seen = r.get::<_, i64>(12)? as u64;
    let mut state = RecordState::parse(&stored).unwrap_or(RecordState::Quarantined);
    if state == RecordState::Fresh && now.saturating_sub(last_seen) > STALE_AFTER_SECS {
        state = RecordState::Stale;
    }
    Ok(Record {
        id: r.get(0)?,
        scope: Scope {
            origin: r.get(1)?,
            profile_scope: r.get(2)?,
            locale: r.get(3)?,
            intent: r.get(4)?,
            action: r.get(5)?,
            region: r.get(6)?,
            role: r.get(7)?,
            name: r.get(8)?,
        },
        successes: r.get::<_, i64>(9)? as u64,
        failures: r.get::<_, i64>(10)? as u64,
        first_seen: r.get::<_, i64>(11)? as u64,
        last_seen,
        state,
    })
}

/// Learn one execution: a verified success or a failed verification of this scope. New
/// evidence sets the state: contradicted while it failed more often than it worked, else
/// fresh (a stale or contradicted record verified again recovers); a quarantined record stays
/// quarantined until the caller says otherwise.
pub fn learn(store: &Store, scope: &Scope, success: bool, at: u64) -> Result<Record, StoreError> {
    let s = Scope {
        origin: bounded(&scope.origin),
        profile_scope: bounded(&scope.profile_scope),
        locale: bounded(&scope.locale),
        intent: bounded(&scope.intent.to_lowercase()),
        action: bounded(&scope.action),
        region: bounded(&scope.region),
        role: bounded(&scope.role),
        name: bounded(&scope.name),
    };
    store.with(|c| {
        let tx = c.transaction()?;
        tx.execute(
            "INSERT INTO knowledge (origin, profile_scope, locale, intent, action, region, role, name,
                                    successes, failures, first_seen, last_seen, state)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, 0, ?9, ?9, 'fresh')
             ON CONFLICT (origin, profile_scope, locale, intent, action, region, role, name) DO NOTHING",
            rusqlite::params![
                s.origin, s.profile_scope, s.locale, s.intent, s.action, s.region, s.role, s.name,
                at as i64
            ],
        )?;
        let column = if success { "successes" } else { "failures" };
        tx.execute(
            &format!(
                "UPDATE knowledge SET {column} = {column} + 1, last_seen = ?9,
                   state = CASE
                     WHEN state = 'quarantined' THEN state
                     WHEN failures + ?10 > successes + ?11 THEN 'contradicted'
                     ELSE 'fresh' END
                 WHERE origin = ?1 AND profile_scope = ?2 AND locale = ?3 AND intent = ?4
                   AND action = ?5 AND region = ?6 AND role = ?7 AND name = ?8"
            ),
            rusqlite::params![
                s.origin,
                s.profile_scope,
                s.locale,
                s.intent,
                s.action,
                s.region,
                s.role,
                s.name,
                at as i64,
                i64::from(!success),
                i64::from(success)
            ],
        )?;
        let id: i64 = tx.query_row(
            "SELECT id FROM knowledge WHERE origin = ?1 AND profile_scope = ?2 AND locale = ?3
               AND intent = ?4 AND action = ?5 AND region = ?6 AND role = ?7 AND name = ?8",
            rusqlite::params![
                s.origin, s.profile_scope, s.locale, s.intent, s.action, s.region, s.role, s.name
            ],
            |r| r.get(0),
        )?;
        // Bounded: the least useful go first.
        tx.execute(
            "DELETE FROM knowledge WHERE id IN (
               SELECT id FROM knowledge ORDER BY (state = 'fresh') ASC, last_seen ASC
               LIMIT max(0, (SELECT count(*) FROM knowledge) - ?1))",
            [MAX_RECORDS as i64],
        )?;
        let record = tx.query_row(
            &format!("SELECT {COLUMNS} FROM knowledge WHERE id = ?1"),
            [id],
            |r| record_of(r, at),
        )?;
        tx.commit()?;
        Ok(record)
    })
}

/// The effective state in SQL: a fresh record unseen for [`STALE_AFTER_SECS`] reads stale.
const EFFECTIVE: &str = "CASE WHEN state = 'fresh' AND last_seen < ?5 THEN 'stale' ELSE state END";

/// Records, newest first, optionally of one origin and state; and how many match in all.
pub fn list(
    store: &Store,
    origin: Option<&str>,
    state: Option<RecordState>,
    limit: usize,
    offset: usize,
) -> Result<(Vec<Record>, u64), StoreError> {
    let at = now();
    let stale_before = at.saturating_sub(STALE_AFTER_SECS) as i64;
    let wanted = state.map(RecordState::as_str);
    // Only the conditions asked for, so the indexes serve the common listings.
    let mut conditions = vec!["?3 >= 0 AND ?4 >= 0 AND ?5 >= 0".to_owned()];
    if origin.is_some() {
        conditions.push("origin = ?1".into());
    }
    if wanted.is_some() {
        conditions.push(format!("{EFFECTIVE} = ?2"));
    }
    let filter = conditions.join(" AND ");
    store.with(|c| {
        let params = rusqlite::params![
            origin.unwrap_or(""),
            wanted.unwrap_or(""),
            limit as i64,
            offset as i64,
            stale_before
        ];
        let total: i64 = c.query_row(
            &format!("SELECT count(*) FROM knowledge WHERE {filter}"),
            params,
            |r| r.get(0),
        )?;
        let mut q = c.prepare(&format!(
            "SELECT {COLUMNS} FROM knowledge WHERE {filter}
             ORDER BY last_seen DESC, id DESC LIMIT ?3 OFFSET ?4"
        ))?;
        let rows = q.query_map(params, |r| record_of(r, at))?;
        Ok((rows.collect::<Result<Vec<_>, _>>()?, total as u64))
    })
}

/// Every record of one origin (what `observeKnowledge` and `resolveIntentWithKnowledge` weigh).
pub fn of_origin(store: &Store, origin: &str) -> Result<Vec<Record>, StoreError> {
    Ok(list(store, Some(origin), None, MAX_RECORDS, 0)?.0)
}

/// One record.
pub fn get(store: &Store, id: i64) -> Result<Option<Record>, StoreError> {
    let at = now();
    store.with(|c| {
        let mut q = c.prepare(&format!("SELECT {COLUMNS} FROM knowledge WHERE id = ?1"))?;
        let mut rows = q.query([id])?;
        match rows.next()? {
            Some(r) => Ok(Some(record_of(r, at)?)),
            None => Ok(None),
        }
    })
}

/// Set a record's state; the record as it is now, if it exists.
pub fn set_state(store: &Store, id: i64, state: RecordState) -> Result<Option<Record>, StoreError> {
    store.with(|c| {
        c.execute(
            "UPDATE knowledge SET state = ?2 WHERE id = ?1",
            rusqlite::params![id, state.as_str()],
        )
    })?;
    get(store, id)
}

/// Delete every record of one exact origin; how many.
pub fn purge_origin(store: &Store, origin: &str) -> Result<usize, StoreError> {
    store.with(|c| c.execute("DELETE FROM knowledge WHERE origin = ?1", [origin]))
}

/// Counts by state, and origins.
pub fn stats(store: &Store) -> Result<Stats, StoreError> {
    let stale_before = now().saturating_sub(STALE_AFTER_SECS) as i64;
    store.with(|c| {
        let mut s = Stats::default();
        let effective = EFFECTIVE.replace("?5", "?1");
        let mut q = c.prepare(&format!(
            "SELECT {effective} AS eff, count(*) FROM knowledge GROUP BY eff"
        ))?;
        let rows = q.query_map([stale_before], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))
        })?;
        for row in rows {
            let (state, n) = row?;
            s.records += n;
            match RecordState::parse(&state) {
                Some(RecordState::Fresh) => s.fresh += n,
                Some(RecordState::Stale) => s.stale += n,
                Some(RecordState::Contradicted) => s.contradicted += n,
                _ => s.quarantined += n,
            }
        }
        s.origins = c.query_row("SELECT count(DISTINCT origin) FROM knowledge", [], |r| {
            r.get::<_, i64>(0)
        })? as u64;
        Ok(s)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(tag: &str) -> Store {
        Store::open(&super::super::scratch_file(tag)).unwrap()
    }

    fn scope(origin: &str, name: &str) -> Scope {
        Scope {
            origin: origin.into(),
            profile_scope: "anonymous".into(),
            locale: "en".into(),
            intent: "Delete Invoice 2".into(),
            action: "click".into(),
            region: "row:Invoice 2".into(),
            role: "button".into(),
            name: name.into(),
        }
    }

    #[test]
    fn executions_are_counted_and_states_follow() {
        let s = store("learn");
        let a = learn(&s, &scope("http://a.test", "Delete"), true, 1000).unwrap();
        assert_eq!(
            (a.successes, a.failures, a.state),
            (1, 0, RecordState::Fresh)
        );
        assert_eq!(a.scope.intent, "delete invoice 2");
        let a = learn(&s, &scope("http://a.test", "Delete"), true, 1001).unwrap();
        assert_eq!((a.successes, a.first_seen, a.last_seen), (2, 1000, 1001));
        learn(&s, &scope("http://a.test", "Delete"), false, 1002).unwrap();
        learn(&s, &scope("http://a.test", "Delete"), false, 1003).unwrap();
        let a = learn(&s, &scope("http://a.test", "Delete"), false, 1004).unwrap();
        assert_eq!(a.state, RecordState::Contradicted, "{a:?}");
        // Verified again as often as it failed, it recovers.
        let a = learn(&s, &scope("http://a.test", "Delete"), true, 1005).unwrap();
        assert_eq!(a.state, RecordState::Fresh);
        let q = set_state(&s, a.id, RecordState::Quarantined)
            .unwrap()
            .unwrap();
        assert_eq!(q.state, RecordState::Quarantined);
        // Long unseen reads stale.
        let b = learn(&s, &scope("http://b.test", "Remove"), true, 1).unwrap();
        assert_eq!(get(&s, b.id).unwrap().unwrap().state, RecordState::Stale);
        let st = stats(&s).unwrap();
        assert_eq!(
            (st.records, st.origins, st.quarantined, st.stale),
            (2, 2, 1, 1)
        );
        let (only_a, total) = list(&s, Some("http://a.test"), None, 10, 0).unwrap();
        assert_eq!((only_a.len(), total), (1, 1));
        // Newest first (by when last seen), so a limit keeps the newest.
        let (all, _) = list(&s, None, None, 10, 0).unwrap();
        let seen: Vec<i64> = all.iter().map(|r| r.last_seen as i64).collect();
        assert_eq!(seen, vec![1005, 1], "{all:?}");
        let (first, _) = list(&s, None, None, 1, 0).unwrap();
        assert_eq!(first[0].id, a.id);
        assert_eq!(purge_origin(&s, "http://a.test").unwrap(), 1);
        assert_eq!(stats(&s).unwrap().records, 1);
    }

    #[test]
    fn origins_are_scheme_host_port_only() {
        assert_eq!(
            origin_of("https://a.test:8443/p?q=secret#f").as_deref(),
            Some("https://a.test:8443")
        );
        assert_eq!(origin_of("about:blank"), None);
        assert_eq!(origin_of("data:text/html,x"), None);
    }

    // Covers: K17 quarantine holds against new successes and failures (the row read with SQL), K15 a
    // record unseen for 30 days reads stale while its row says fresh and is fresh again once
    // verified, K2/K4 state filter and offset; K14 at most 10,000 records, contradicted first even
    // when newer, then the longest unseen fresh one.

    #[test]
    fn quarantine_holds_against_new_evidence_and_a_stale_record_recovers() {
        let s = store("quarantine");
        let state_of = |s: &Store, id: i64| -> String {
            s.with(|c| {
                c.query_row("SELECT state FROM knowledge WHERE id = ?1", [id], |r| {
                    r.get(0)
                })
            })
            .unwrap()
        };
        let a = learn(&s, &scope("http://a.test", "Delete"), true, 1000).unwrap();
        set_state(&s, a.id, RecordState::Quarantined).unwrap();
        let a = learn(&s, &scope("http://a.test", "Delete"), true, 1001).unwrap();
        assert_eq!((a.state, a.successes), (RecordState::Quarantined, 2));
        for t in 0..3 {
            learn(&s, &scope("http://a.test", "Delete"), false, 1002 + t).unwrap();
        }
        assert_eq!(state_of(&s, a.id), "quarantined");
        let b = learn(&s, &scope("http://b.test", "Remove"), true, 1).unwrap();
        let (stale, n) = list(&s, None, Some(RecordState::Stale), 10, 0).unwrap();
        assert_eq!((stale.len(), n, stale[0].id), (1, 1, b.id));
        assert_eq!(state_of(&s, b.id), "fresh");
        let b = learn(&s, &scope("http://b.test", "Remove"), true, now()).unwrap();
        assert_eq!(b.state, RecordState::Fresh);
        assert_eq!(get(&s, b.id).unwrap().unwrap().state, RecordState::Fresh);
        let (page1, total) = list(&s, None, None, 1, 0).unwrap();
        let (page2, _) = list(&s, None, None, 1, 1).unwrap();
        assert_eq!((total, page1[0].id, page2[0].id), (2, b.id, a.id));
        let (q, _) = list(&s, None, Some(RecordState::Quarantined), 10, 0).unwrap();
        assert_eq!(q.iter().map(|r| r.id).collect::<Vec<_>>(), vec![a.id]);
    }

    #[test]
    fn at_most_max_records_are_kept_the_least_useful_first() {
        let s = store("bounded");
        s.with(|c| {
            let tx = c.transaction()?;
            {
                let mut q = tx.prepare(
                    "INSERT INTO knowledge (origin, profile_scope, locale, intent, action, region,
                           role, name, successes, failures, first_seen, last_seen, state)
                         VALUES ('http://a.test', 'anonymous', '', 'seeded', 'click', '', 'button',
                           ?1, 1, 0, ?2, ?2, ?3)",
                )?;
                for n in 0..(MAX_RECORDS as i64 - 1) {
                    q.execute(rusqlite::params![format!("fresh {n}"), 10_000 + n, "fresh"])?;
                }
                // Newer than every fresh one, but contradicted: it goes first all the same.
                q.execute(rusqlite::params![
                    "contradicted",
                    1_000_000i64,
                    "contradicted"
                ])?;
            }
            tx.commit()
        })
        .unwrap();
        let count = |s: &Store, name: Option<&str>| -> i64 {
            s.with(|c| match name {
                Some(n) => {
                    c.query_row("SELECT count(*) FROM knowledge WHERE name = ?1", [n], |r| {
                        r.get(0)
                    })
                }
                None => c.query_row("SELECT count(*) FROM knowledge", [], |r| r.get(0)),
            })
            .unwrap()
        };
        learn(&s, &scope("http://a.test", "New"), true, 2_000_000).unwrap();
        assert_eq!(count(&s, None), MAX_RECORDS as i64);
        assert_eq!(count(&s, Some("contradicted")), 0);
        assert_eq!(count(&s, Some("fresh 0")), 1);
        learn(&s, &scope("http://a.test", "Newer"), true, 2_000_001).unwrap();
        assert_eq!(count(&s, None), MAX_RECORDS as i64);
        assert_eq!(
            (count(&s, Some("fresh 0")), count(&s, Some("fresh 1"))),
            (0, 1)
        );
    }
}
