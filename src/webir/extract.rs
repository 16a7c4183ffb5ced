//! The live page model as a Web IR v1 draft.
//!
//! A pure mapping from an observation (the page agent's nested items) to a draft that
//! `validateWebIr` accepts. Entity IDs are the model's refs, which name one element for as long
//! as it exists, so the same node keeps its ID across revisions and `continuityWebIr` can
//! follow it; table rows and cells, which have no refs of their own, are named by their
//! table's ref and position. No form values are ever included: names and visible text only.

use serde_json::{Map, Value, json};

use super::model::{EntityKind, EvidenceSource};

/// Longest role or name carried into an entity, in bytes (Web IR v1's bound).
const MAX_TEXT_BYTES: usize = 256;

/// Interactive entity kinds, counted in `coverage.interactiveEntitiesObserved`.
const INTERACTIVE: &[EntityKind] = &[
    EntityKind::Field,
    EntityKind::Action,
    EntityKind::Link,
    EntityKind::NavigationItem,
    EntityKind::Tab,
    EntityKind::CollectionItem,
    EntityKind::PaginationControl,
    EntityKind::UnknownInteractive,
];

/// What the draft is made from: one observation and the revision it belongs to.
pub struct LiveObservation<'a> {
    /// The agent's nested items (`children` under regions).
    pub items: &'a [Value],
    /// The page revision the observation was taken at.
    pub revision: u64,
    /// Whether a budget cut the observation short.
    pub truncated: bool,
    /// Items that qualified but were not emitted.
    pub omitted: u64,
    /// Which budgets were hit (`items`, `bytes`, `nodes`, `depth`).
    pub budgets_hit: Vec<String>,
}

/// The elements of a JSON array, none for anything else.
fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or(&[])
}

/// At most [`MAX_TEXT_BYTES`] bytes of `s`, cut at a character boundary (this module stays
/// self-contained: the fuzz targets include it by path).
fn bounded(s: &str) -> String {
    if s.len() <= MAX_TEXT_BYTES {
        return s.to_owned();
    }
    let mut end = MAX_TEXT_BYTES;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_owned()
}

/// Pagination controls look alike everywhere: next/previous words, arrows, page numbers.
fn pagination_like(name: &str) -> bool {
    let n = name.trim().to_ascii_lowercase();
    matches!(
        n.as_str(),
        "next" | "previous" | "prev" | "older" | "newer" | "first" | "last" | "›" | "»" | "‹" | "«"
    ) || n.starts_with("next ")
        || n.starts_with("previous ")
        || (!n.is_empty() && n.len() <= 4 && n.chars().all(|c| c.is_ascii_digit()))
}

/// The entity kind for one item, given the region it sits in.
fn kind_of(item: &Value, region_role: Option<&str>) -> EntityKind {
    let role = item["role"].as_str().unwrap_or("");
    let name = item["name"].as_str().unwrap_or("");
    let in_pagination =
        region_role == Some("navigation") && item["name"].is_string() && pagination_like(name);
    if item["children"].is_array() || is_region_role(role) {
        return match role {
            "form" => EntityKind::Form,
            "dialog" | "alertdialog" => EntityKind::Dialog,
            "table" | "grid" | "treegrid" => EntityKind::Table,
            "list" | "listbox" | "menu" | "menubar" | "tree" | "tablist" | "radiogroup" => {
                EntityKind::Collection
            }
            _ => EntityKind::Region,
        };
    }
    match role {
        "link" if in_pagination => EntityKind::PaginationControl,
        "link" if region_role == Some("navigation") => EntityKind::NavigationItem,
        "link" => EntityKind::Link,
        "button" if in_pagination => EntityKind::PaginationControl,
        "button" | "menuitem" | "menuitemcheckbox" | "menuitemradio" => EntityKind::Action,
        "tab" => EntityKind::Tab,
        "option" | "treeitem" => EntityKind::CollectionItem,
        "textbox" | "searchbox" | "combobox" | "listbox" | "checkbox" | "radio" | "switch"
        | "slider" | "spinbutton" => EntityKind::Field,
        "generic" => EntityKind::UnknownInteractive,
        "iframe" => EntityKind::OpaqueRegion,
        _ => EntityKind::Text,
    }
}

fn is_region_role(role: &str) -> bool {
    matches!(
        role,
        "banner"
            | "navigation"
            | "main"
            | "contentinfo"
            | "complementary"
            | "form"
            | "region"
            | "search"
            | "dialog"
            | "alertdialog"
            | "alert"
            | "menu"
            | "menubar"
            | "tablist"
            | "tree"
            | "toolbar"
            | "radiogroup"
            | "table"
            | "grid"
            | "treegrid"
            | "list"
            | "tabpanel"
            | "article"
    )
}

/// Evidence sources of an entity of this kind: every one rests on the DOM, the accessibility
/// semantics computed from it and the layout that decided it is seen.
fn sources(kind: EntityKind, framed: bool) -> Vec<&'static str> {
    let mut s = vec![
        EvidenceSource::Dom.as_str(),
        EvidenceSource::Accessibility.as_str(),
        EvidenceSource::Layout.as_str(),
    ];
    let extra = match kind {
        EntityKind::Field | EntityKind::Form => Some(EvidenceSource::Forms),
        EntityKind::Table | EntityKind::Row | EntityKind::Cell => Some(EvidenceSource::Tables),
        EntityKind::Collection | EntityKind::CollectionItem => Some(EvidenceSource::Collections),
        EntityKind::Dialog => Some(EvidenceSource::Dialogs),
        EntityKind::NavigationItem | EntityKind::PaginationControl => {
            Some(EvidenceSource::Navigation)
        }
        _ => None,
    };
    if let Some(e) = extra {
        s.push(e.as_str());
    }
    if framed {
        s.push(EvidenceSource::Frames.as_str());
    }
    s
}

struct Builder {
    entities: Vec<Value>,
    relationships: Vec<Value>,
    interactive: u32,
    unnamed_interactive: u32,
    opaque: u32,
    text_bytes: u64,
}

impl Builder {
    fn entity(&mut self, id: &str, kind: EntityKind, role: &str, name: &str, framed: bool) {
        let mut e = Map::new();
        e.insert("id".into(), json!(id));
        e.insert("kind".into(), json!(kind.as_str()));
        if kind == EntityKind::OpaqueRegion {
            self.opaque += 1;
            e.insert("quality".into(), json!("opaque"));
            e.insert("evidenceSources".into(), json!([]));
        } else {
            if !role.is_empty() {
                e.insert("role".into(), json!(bounded(role)));
            }
            if !name.is_empty() {
                e.insert("name".into(), json!(bounded(name)));
                self.text_bytes += name.len() as u64;
            }
            let quality = if kind == EntityKind::UnknownInteractive {
                "inferred"
            } else {
                "strong"
            };
            e.insert("quality".into(), json!(quality));
            e.insert("evidenceSources".into(), json!(sources(kind, framed)));
        }
        if INTERACTIVE.contains(&kind) {
            self.interactive += 1;
            if name.is_empty() {
                self.unnamed_interactive += 1;
            }
        }
        self.entities.push(Value::Object(e));
    }

    fn relate(&mut self, from: &str, to: &str, kind: &str) {
        self.relationships
            .push(json!({"from": from, "to": to, "kind": kind}));
    }

    fn items(&mut self, items: &[Value], parent: &str, region_role: Option<&str>) {
        for item in items {
            let Some(id) = item["ref"].as_str() else {
                continue;
            };
            let kind = kind_of(item, region_role);
            let role = item["role"].as_str().unwrap_or("");
            let text = item["text"].as_str();
            let name = text.unwrap_or_else(|| item["name"].as_str().unwrap_or(""));
            self.entity(id, kind, role, name, item["frame"].is_u64());
            self.relate(parent, id, "contains");
            if kind == EntityKind::Table {
                self.table(id, item);
            }
            if let Some(children) = item["children"].as_array() {
                let inner = if is_region_role(role) {
                    Some(role)
                } else {
                    region_role
                };
                self.items(children, id, inner);
            }
        }
    }

    /// Header cells, rows and cells of the table rows the observation carries.
    fn table(&mut self, table: &str, item: &Value) {
        let columns: Vec<&str> = item["columns"]
            .as_array()
            .map(|c| c.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let headers: Vec<String> = (0..columns.len())
            .map(|j| format!("{table}-h{j}"))
            .collect();
        for (j, h) in headers.iter().enumerate() {
            self.entity(h, EntityKind::Cell, "columnheader", columns[j], false);
            self.relate(table, h, "contains");
        }
        for (i, row) in list(&item["rows"]).iter().enumerate() {
            let row_id = format!("{table}-r{i}");
            self.entity(&row_id, EntityKind::Row, "row", "", false);
            self.relate(table, &row_id, "contains");
            for (j, cell) in list(row).iter().enumerate() {
                let cell_id = format!("{row_id}c{j}");
                self.entity(
                    &cell_id,
                    EntityKind::Cell,
                    "cell",
                    cell.as_str().unwrap_or(""),
                    false,
                );
                self.relate(&row_id, &cell_id, "contains");
                self.relate(&cell_id, &row_id, "cellOf");
                if let Some(h) = headers.get(j) {
                    self.relate(h, &cell_id, "headerFor");
                }
            }
        }
    }
}

/// The draft for one observation: valid by construction (tests run `validateWebIr` on every
/// live draft).
pub fn draft_from_observation(obs: &LiveObservation<'_>) -> Value {
    let mut b = Builder {
        entities: Vec::new(),
        relationships: Vec::new(),
        interactive: 0,
        unnamed_interactive: 0,
        opaque: 0,
        text_bytes: 0,
    };
    b.entities
        .push(json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []}));
    b.items(obs.items, "page", None);
    // Web IR's bounds: keep whole entities and only the relationships between kept ones.
    let mut truncated = obs.truncated;
    let mut omitted = obs.omitted;
    if b.entities.len() > super::MAX_ENTITIES {
        omitted += (b.entities.len() - super::MAX_ENTITIES) as u64;
        b.entities.truncate(super::MAX_ENTITIES);
        let kept: std::collections::HashSet<String> = b
            .entities
            .iter()
            .filter_map(|e| e["id"].as_str().map(str::to_owned))
            .collect();
        b.relationships.retain(|r| {
            kept.contains(r["from"].as_str().unwrap_or(""))
                && kept.contains(r["to"].as_str().unwrap_or(""))
        });
        truncated = true;
    }
    b.relationships.truncate(super::MAX_RELATIONSHIPS);
    let mut reasons = Vec::new();
    if truncated {
        let hit = if obs.budgets_hit.is_empty() {
            "entities".to_owned()
        } else {
            obs.budgets_hit.join(",")
        };
        reasons.push(format!("truncated:{hit}"));
    }
    if b.opaque > 0 {
        reasons.push("crossOriginFrames".to_owned());
    }
    if b.unnamed_interactive > 0 {
        reasons.push("unnamedInteractive".to_owned());
    }
    json!({
        "schemaVersion": super::DRAFT_SCHEMA_VERSION,
        "revision": obs.revision,
        "entities": b.entities,
        "relationships": b.relationships,
        "coverage": {
            "structural": if truncated { "partial" } else { "strong" },
            "semantic": if b.unnamed_interactive > 0 { "partial" } else { "strong" },
            "interactiveEntitiesObserved": b.interactive,
            "opaqueRegions": b.opaque,
            "reasons": reasons,
        },
        "limits": {
            "truncated": truncated,
            "omittedFacts": omitted.min(u64::from(u32::MAX)),
            "textBytes": b.text_bytes.min(u64::from(u32::MAX)),
            "missingSources": [],
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(items: &[Value]) -> Value {
        draft_from_observation(&LiveObservation {
            items,
            revision: 4,
            truncated: false,
            omitted: 0,
            budgets_hit: Vec::new(),
        })
    }

    #[test]
    fn a_nested_observation_becomes_a_valid_draft() {
        let items = vec![
            json!({"ref": "e1", "role": "navigation", "name": "Pages", "children": [
                {"ref": "e2", "role": "link", "name": "Home", "href": "/"},
                {"ref": "e3", "role": "link", "name": "Next"}
            ]}),
            json!({"ref": "e4", "role": "form", "name": "", "children": [
                {"ref": "e5", "role": "textbox", "name": "Email"},
                {"ref": "e6", "role": "button", "name": "Send"},
                {"ref": "e7", "role": "generic", "name": ""}
            ]}),
            json!({"ref": "e8", "role": "table", "name": "Orders", "columns": ["Id", "Total"],
                   "rows": [["1", "5"], ["2", "7"]], "rowCount": 9}),
            json!({"ref": "e9", "role": "iframe", "name": "Ads", "frame": 1}),
            json!({"ref": "e10", "role": "heading", "name": "Orders", "level": 2}),
        ];
        let draft = obs(&items);
        let parsed = crate::webir::parse_draft(&draft).expect("valid");
        assert_eq!(parsed.revision(), 4);
        let kinds: Vec<(&str, &str)> = draft["entities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["id"].as_str().unwrap(), e["kind"].as_str().unwrap()))
            .collect();
        for want in [
            ("e1", "region"),
            ("e2", "navigationItem"),
            ("e3", "paginationControl"),
            ("e4", "form"),
            ("e5", "field"),
            ("e6", "action"),
            ("e7", "unknownInteractive"),
            ("e8", "table"),
            ("e8-h1", "cell"),
            ("e8-r1", "row"),
            ("e8-r1c0", "cell"),
            ("e9", "opaqueRegion"),
            ("e10", "text"),
        ] {
            assert!(kinds.contains(&want), "{want:?} in {kinds:?}");
        }
        assert_eq!(draft["coverage"]["opaqueRegions"], 1);
        assert_eq!(draft["coverage"]["semantic"], "partial"); // the unnamed clickable
        assert_eq!(
            draft["coverage"]["reasons"],
            json!(["crossOriginFrames", "unnamedInteractive"])
        );
        assert_eq!(draft["coverage"]["interactiveEntitiesObserved"], 5);
        assert!(
            draft["relationships"]
                .as_array()
                .unwrap()
                .contains(&json!({"from": "e8-h0", "to": "e8-r1c0", "kind": "headerFor"}))
        );
    }

    #[test]
    fn oversized_observations_are_cut_to_whole_entities_and_still_valid() {
        let children: Vec<Value> = (0..5000)
            .map(|i| json!({"ref": format!("e{}", i + 2), "role": "button", "name": format!("B{i}")}))
            .collect();
        let items = vec![json!({"ref": "e1", "role": "list", "name": "", "children": children})];
        let draft = obs(&items);
        crate::webir::parse_draft(&draft).expect("valid");
        assert_eq!(draft["limits"]["truncated"], true);
        assert_eq!(draft["coverage"]["structural"], "partial");
        assert_eq!(
            draft["entities"].as_array().unwrap().len(),
            crate::webir::MAX_ENTITIES
        );
    }

    #[test]
    fn names_and_roles_are_kept_and_long_ones_cut_on_a_character() {
        let long = format!("{}é", "n".repeat(MAX_TEXT_BYTES - 1));
        let items = vec![
            json!({"ref": "e1", "role": "button", "name": "Save"}),
            json!({"ref": "e2", "role": "link", "name": long}),
        ];
        let draft = obs(&items);
        let entity = |id: &str| {
            draft["entities"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["id"] == id)
                .cloned()
                .unwrap()
        };
        assert_eq!(entity("e1")["name"], "Save");
        assert_eq!(entity("e1")["role"], "button");
        assert_eq!(entity("e2")["name"], "n".repeat(MAX_TEXT_BYTES - 1));
    }

    #[test]
    fn each_role_in_each_context_gets_its_kind() {
        use EntityKind::*;
        let region = |role: &str| json!({"role": role, "name": "", "children": []});
        let item = |role: &str, name: &str| json!({"role": role, "name": name});
        let cases: Vec<(Value, Option<&str>, EntityKind)> = vec![
            (region("form"), None, Form),
            (region("dialog"), None, Dialog),
            (region("alertdialog"), None, Dialog),
            (region("table"), None, Table),
            (region("grid"), None, Table),
            (region("treegrid"), None, Table),
            (region("list"), None, Collection),
            (region("listbox"), None, Collection),
            (region("menu"), None, Collection),
            (region("menubar"), None, Collection),
            (region("tree"), None, Collection),
            (region("tablist"), None, Collection),
            (region("radiogroup"), None, Collection),
            (region("main"), None, Region),
            // A region role without children is still a region.
            (item("navigation", "Site"), None, Region),
            (item("link", "Next"), Some("navigation"), PaginationControl),
            (item("link", "Home"), Some("navigation"), NavigationItem),
            (item("link", "Home"), None, Link),
            (item("link", "Next"), Some("main"), Link),
            (item("button", "2"), Some("navigation"), PaginationControl),
            (item("button", "2"), None, Action),
            (item("button", "Save"), Some("navigation"), Action),
            (item("menuitem", "Open"), None, Action),
            (item("menuitemcheckbox", "Wrap"), None, Action),
            (item("menuitemradio", "Tabs"), None, Action),
            (item("tab", "One"), None, Tab),
            (item("option", "Red"), None, CollectionItem),
            (item("treeitem", "src"), None, CollectionItem),
            (item("textbox", "Email"), None, Field),
            (item("searchbox", "Find"), None, Field),
            (item("combobox", "Plan"), None, Field),
            (item("checkbox", "Agree"), None, Field),
            (item("radio", "A"), None, Field),
            (item("switch", "Dark"), None, Field),
            (item("slider", "Volume"), None, Field),
            (item("spinbutton", "Qty"), None, Field),
            (item("generic", ""), None, UnknownInteractive),
            (item("iframe", "Ads"), None, OpaqueRegion),
            (item("heading", "Title"), None, Text),
        ];
        for (item, region, want) in cases {
            assert_eq!(kind_of(&item, region), want, "{item} in {region:?}");
        }
    }

    #[test]
    fn pagination_words_arrows_and_short_numbers() {
        for yes in [
            "Next",
            " previous ",
            "prev",
            "older",
            "newer",
            "first",
            "last",
            "›",
            "»",
            "‹",
            "«",
            "next page",
            "previous results",
            "1",
            "1234",
        ] {
            assert!(pagination_like(yes), "{yes}");
        }
        for no in ["", "12345", "1a", "Home", "nextpage", "page 2"] {
            assert!(!pagination_like(no), "{no}");
        }
    }

    #[test]
    fn evidence_sources_follow_the_kind_and_the_frame() {
        use EntityKind::*;
        let base = ["dom", "accessibility", "layout"];
        for (kind, extra) in [
            (Field, Some("forms")),
            (Form, Some("forms")),
            (Table, Some("tables")),
            (Row, Some("tables")),
            (Cell, Some("tables")),
            (Collection, Some("collections")),
            (CollectionItem, Some("collections")),
            (Dialog, Some("dialogs")),
            (NavigationItem, Some("navigation")),
            (PaginationControl, Some("navigation")),
            (Action, None),
            (Text, None),
        ] {
            let mut want: Vec<&str> = base.to_vec();
            want.extend(extra);
            assert_eq!(sources(kind, false), want, "{kind:?}");
            want.push("frames");
            assert_eq!(sources(kind, true), want, "{kind:?} framed");
        }
    }

    #[test]
    fn text_is_bounded_to_the_byte_on_a_character() {
        let exact = "a".repeat(MAX_TEXT_BYTES);
        assert_eq!(bounded(&exact), exact);
        assert_eq!(bounded(&format!("{exact}b")), exact);
        let across = format!("{}é", "a".repeat(MAX_TEXT_BYTES - 1));
        assert_eq!(bounded(&across), "a".repeat(MAX_TEXT_BYTES - 1));
        assert_eq!(bounded("short"), "short");
    }

    #[test]
    fn entities_carry_role_name_quality_and_counts() {
        let items = vec![
            json!({"ref": "e1", "role": "button", "name": "Save"}),
            json!({"ref": "e2", "role": "generic", "name": ""}),
            json!({"ref": "e3", "role": "heading", "name": "Orders"}),
        ];
        let draft = obs(&items);
        let entities = draft["entities"].as_array().unwrap();
        let get = |id: &str| entities.iter().find(|e| e["id"] == id).unwrap();
        assert_eq!(get("e1")["role"], "button");
        assert_eq!(get("e1")["quality"], "strong");
        assert_eq!(get("e2")["quality"], "inferred");
        assert!(get("e2").get("name").is_none(), "an empty name is left out");
        assert_eq!(get("e2")["role"], "generic");
        assert!(get("page").get("role").is_none());
        // Text bytes add up the names: 4 + 6.
        assert_eq!(draft["limits"]["textBytes"], 10);
        assert_eq!(draft["coverage"]["interactiveEntitiesObserved"], 2);
        assert_eq!(draft["coverage"]["reasons"], json!(["unnamedInteractive"]));
    }

    #[test]
    fn exactly_the_entity_bound_is_not_truncated_and_the_excess_is_counted() {
        let items = |n: usize| -> Vec<Value> {
            (0..n)
                .map(|i| json!({"ref": format!("e{}", i + 1), "role": "heading", "name": "H"}))
                .collect()
        };
        // The page entity plus MAX_ENTITIES - 1 items: exactly the bound.
        let draft = obs(&items(crate::webir::MAX_ENTITIES - 1));
        assert_eq!(draft["limits"]["truncated"], false);
        assert_eq!(draft["limits"]["omittedFacts"], 0);
        let draft = obs(&items(crate::webir::MAX_ENTITIES + 4));
        assert_eq!(draft["limits"]["truncated"], true);
        assert_eq!(draft["limits"]["omittedFacts"], 5);
        assert_eq!(draft["coverage"]["reasons"], json!(["truncated:entities"]));
    }
}
