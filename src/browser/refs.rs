//! Element references handed to clients, and what Glass remembers about each.
//!
//! A ref is session-unique and never reissued for another node. The page agent keeps the
//! ref -> element binding inside an isolated world; Glass keeps, per ref, the revision and
//! document it came from and its role and name, so a stale ref can fail with recovery data
//! (its revision, the current revision, fresh candidates) instead of retargeting.

use std::collections::HashMap;

/// Most refs remembered; the oldest documents' refs are forgotten first.
const MAX_REMEMBERED: usize = 50_000;

/// What Glass remembers about one ref.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefInfo {
    /// Page revision when the ref was issued.
    pub revision: u64,
    /// Document generation the element lived in.
    pub document: u64,
    /// Computed role when issued.
    pub role: String,
    /// Accessible name when issued (bounded).
    pub name: String,
    /// The frame the element lives in.
    pub frame: String,
}

/// All refs issued in this session.
#[derive(Debug, Default)]
pub struct RefTable {
    map: HashMap<String, RefInfo>,
}

impl RefTable {
    /// Remember (or refresh) a ref.
    pub fn remember(&mut self, r: &str, info: RefInfo) {
        if self.map.len() >= MAX_REMEMBERED && !self.map.contains_key(r) {
            let oldest = self.map.values().map(|i| i.document).min().unwrap_or(0);
            self.map.retain(|_, i| i.document != oldest);
        }
        self.map.insert(r.to_owned(), info);
    }

    /// What is known about a ref.
    pub fn get(&self, r: &str) -> Option<&RefInfo> {
        self.map.get(r)
    }

    /// The newest `max` refs issued in `document`, newest first: what an exported checkpoint
    /// carries so another session can find the same elements again.
    pub fn newest_in(&self, document: u64, max: usize) -> Vec<(&str, &RefInfo)> {
        let mut refs: Vec<(u64, &str, &RefInfo)> = self
            .map
            .iter()
            .filter(|(_, i)| i.document == document)
            .map(|(r, i)| (r[1..].parse().unwrap_or(0), r.as_str(), i))
            .collect();
        refs.sort_by_key(|r| std::cmp::Reverse(r.0));
        refs.into_iter().take(max).map(|(_, r, i)| (r, i)).collect()
    }
}

/// Whether `s` has the shape of a ref (`e` followed by digits).
pub fn is_ref(s: &str) -> bool {
    s.len() > 1 && s.len() <= 24 && s.starts_with('e') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(document: u64) -> RefInfo {
        RefInfo {
            revision: document,
            document,
            role: "button".into(),
            name: "Save".into(),
            frame: "main".into(),
        }
    }

    #[test]
    fn refs_are_remembered_and_the_oldest_document_goes_first_past_the_cap() {
        let mut t = RefTable::default();
        assert_eq!(t.get("e1"), None);
        t.remember("e1", info(1));
        assert_eq!(t.get("e1"), Some(&info(1)));
        // Refreshing a known ref at the cap evicts nothing.
        for i in 2..=MAX_REMEMBERED as u64 {
            t.remember(&format!("e{i}"), info(if i <= 10 { 1 } else { 2 }));
        }
        assert_eq!(t.map.len(), MAX_REMEMBERED);
        t.remember("e1", info(1));
        assert_eq!(t.map.len(), MAX_REMEMBERED);
        assert!(t.get("e5").is_some());
        // A new ref at the cap forgets the oldest document's refs only.
        t.remember("e999999", info(3));
        assert_eq!(t.get("e5"), None);
        assert_eq!(t.get("e1"), None);
        assert!(t.get("e11").is_some());
        assert_eq!(t.get("e999999"), Some(&info(3)));
        assert_eq!(t.map.len(), MAX_REMEMBERED - 10 + 1);
    }

    #[test]
    fn a_ref_is_e_and_digits() {
        assert!(is_ref("e1"));
        assert!(!is_ref("e"));
        assert!(!is_ref("e1x"));
        assert!(!is_ref("x1"));
        assert!(is_ref(&format!("e{}", "1".repeat(23))));
        assert!(!is_ref(&format!("e{}", "1".repeat(24))));
    }
}
